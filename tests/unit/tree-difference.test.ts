/** treeDifference (support/fingerprint.ts), which every differential test of whole outputs relies on, finds each kind of difference. */
import { describe, expect, it } from "vitest";
import { treeDifference } from "./support/fingerprint.ts";

const tree = (entries: Record<string, string | "folder">) => new Map(Object.entries(entries).map(([k, v]) => [k, v === "folder" ? ("folder" as const) : Buffer.from(v)]));
const names = { reference: "the reference", actual: "the fast path" };

describe("treeDifference", () => {
  const reference = tree({ about: "folder", "about/index.html": "<h1>About</h1>", "index.html": "<h1>Home</h1>" });
  it("finds none between equal trees", () => expect(treeDifference(reference, tree({ about: "folder", "about/index.html": "<h1>About</h1>", "index.html": "<h1>Home</h1>" }), names)).toBeUndefined());
  it("names a file only one tree has", () => {
    expect(treeDifference(reference, tree({ about: "folder", "about/index.html": "<h1>About</h1>" }), names)).toBe("the fast path's dist/ lacks index.html, which the reference writes");
    expect(treeDifference(reference, tree({ about: "folder", "about/index.html": "<h1>About</h1>", "index.html": "<h1>Home</h1>", "x.css": "" }), names)).toBe("the fast path's dist/ has x.css, which the reference does not write");
  });
  it("names a folder that is a file in the other", () => expect(treeDifference(reference, tree({ about: "x", "about/index.html": "<h1>About</h1>", "index.html": "<h1>Home</h1>" }), names)).toMatch(/has about as a file, the reference as a folder/));
  it("names a file whose bytes differ, and where", () => expect(treeDifference(reference, tree({ about: "folder", "about/index.html": "<h1>About</h1>", "index.html": "<h1>Homes</h1>" }), names)).toMatch(/^the fast path's dist\/index.html differs from the reference's: at character 8:/));
});
