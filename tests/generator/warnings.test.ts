/**
 * Warnings, not errors: content that reaches no visitor (a record no section lists, an
 * image nothing shows, a page or a note nothing links to) and addresses still on names
 * reserved for examples (with the schema's "x-placeholder" wording where it has one).
 * The build goes on; with --strict, placeholders are errors and nothing is written.
 */
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { location, type Issue } from "../../scripts/problems/issues.ts";
import { PLACEHOLDER_GROUP } from "../../scripts/pipeline/stages/validate/placeholders.ts";
import { edited, fixturesRemovedAfterAll } from "./fixture.ts";
import { STARTER_HERO_TEXT, starterDescription } from "../../scripts/lib/starter-text.ts";

const project = fixturesRemovedAfterAll(afterAll);
const SITE = "content/site.json";
const INDEX = "content/pages/index.json";
const NOTE = "content/notes/first-flight.md";
const line = (i: Issue) => `${i.severity} ${i.code} ${location(i)}`;

describe("unused content", () => {
  it("a record no section lists, an image nothing shows and a page nothing links to: warnings at their place", async () => {
    const result = await runPipeline(
      project({
        "content/collections/kites.json": edited("content/collections/kites.json", '    { "id": "box"', '    { "id": "sled", "name": "Sled", "summary": "No spars, folds into a pocket." },\n    { "id": "box"'),
        "content/assets/spare.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"/>',
        "content/pages/about/history.json": JSON.stringify({
          $schema: "../../../schemas/page.schema.json",
          title: "Our history",
          description: "How the workshop began: one kite, one beach, and a lot of patience with the wind.",
          sections: [{ type: "banner", heading: "History", text: "It began on a beach." }],
        }),
      }),
      { mode: "check" },
    );
    expect(result.ok).toBe(true);
    expect(result.issues.map(line)).toEqual([
      "warning unused-image content/assets/spare.svg:1:1",
      "warning unused-record content/collections/kites.json:5:13 /items/1/id",
      "warning unlinked-page content/pages/about/history.json:1:1",
    ]);
    expect(result.issues.map((i) => i.message)).toEqual([
      "The image assets/spare.svg is not used by any page.",
      'The record "sled" is not used by any page.',
      "No page links to /about/history, so visitors can only reach it by typing its address.",
    ]);
  });

  it("a note is reached when a section lists it (x-ref), without any link to its address", async () => {
    const result = await runPipeline(project({ [NOTE]: edited(NOTE, "[how we mend a torn sail](/notes/repairs)", "how we mend a torn sail") }), { mode: "check" });
    expect(result.issues).toEqual([]);
  });

  it("a note nothing lists or links to is an unlinked page", async () => {
    const result = await runPipeline(
      project({
        [NOTE]: edited(NOTE, "[how we mend a torn sail](/notes/repairs)", "how we mend a torn sail"),
        [INDEX]: edited(INDEX, '"notes": ["first-flight", "repairs"]', '"notes": ["first-flight"]'),
      }),
      { mode: "check" },
    );
    expect(result.ok).toBe(true);
    expect(result.issues.map(line)).toEqual(["warning unlinked-page content/notes/repairs.md:1:1"]);
    expect(result.issues[0]!.message).toBe("No page links to /notes/repairs, so visitors can only reach it by typing its address.");
  });
});

describe("placeholder addresses", () => {
  const files = {
    [SITE]: edited(SITE, '"hello@northwind-kites.org"', '"hello@example.com"').replace('"https://northwind-kites.org"', '"https://www.example.com"').replace('"href": "/"', '"href": "https://shop.example.org/kites"'),
    [NOTE]: edited(NOTE, "is best.", "is best: see https://wind.test/today."),
  };
  const expected = [
    "content/notes/first-flight.md:9:88 /body",
    "content/site.json:4:10 /url",
    "content/site.json:8:32 /nav/0/href",
    "content/site.json:11:19 /contactEmail",
  ];

  it("are warnings at their field (or line of a note's text), worded by the schema's x-placeholder where it has one; the build succeeds", async () => {
    const result = await runPipeline(project(files), { mode: "build", write: false });
    expect(result.ok).toBe(true);
    expect(result.issues.map(location)).toEqual(expected);
    expect(result.issues.every((i) => i.severity === "warning" && i.code === "placeholder-address" && i.group === PLACEHOLDER_GROUP)).toBe(true);
    expect(result.issues.map((i) => i.detail)).toEqual(["https://wind.test/today", "https://www.example.com", "https://shop.example.org/kites", "hello@example.com"]);
    expect(result.issues.map((i) => i.message)).toEqual([
      "An address in the text https://wind.test/today is still a placeholder (wind.test).",
      "The site's own address is still a placeholder (www.example.com): canonical links and the sitemap would point to a site that does not exist.",
      "An external link https://shop.example.org/kites is still a placeholder (shop.example.org).",
      "The contact e-mail address is still a placeholder (example.com): the footer's e-mail link would go nowhere.",
    ]);
    expect(result.files.has("index.html")).toBe(true);
  });

  it("are errors with --strict, and the build stops", async () => {
    const result = await runPipeline(project(files), { mode: "build", write: false, strict: true });
    expect(result.ok).toBe(false);
    expect(result.issues.map((i) => `${i.severity} ${location(i)}`)).toEqual(expected.map((e) => `error ${e}`));
    expect(result.files.size).toBe(0);
  });
});

describe("a new page's prompts", () => {
  it("are flagged where they are still the page's words, and stop a strict build", async () => {
    const description = starterDescription("Our history");
    const files = {
      "content/pages/about/history.json": JSON.stringify({
        $schema: "../../../schemas/page.schema.json",
        title: "Our history",
        description,
        sections: [{ type: "banner", heading: "History", text: STARTER_HERO_TEXT }],
      }),
      [INDEX]: edited(INDEX, "[our team](/about/team)", "[our team](/about/team) and [history](/about/history)"),
    };
    const result = await runPipeline(project(files), { mode: "check" });
    expect(result.ok).toBe(true);
    const starters = result.issues.filter((i) => i.code === "starter-text");
    expect(starters.map(line)).toEqual(["warning starter-text content/pages/about/history.json:1:84 /description", expect.stringMatching(/^warning starter-text content\/pages\/about\/history\.json:1:\d+ \/sections\/0\/text$/)]);
    expect(starters[0]!.message).toBe(`This is still the text the new page started with (“${description.slice(0, 57)}…”): replace it with the page's own words.`);
    const strict = await runPipeline(project(files), { mode: "check", strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.issues.filter((i) => i.code === "starter-text").map((i) => i.severity)).toEqual(["error", "error"]);
  });
});
