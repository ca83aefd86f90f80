/**
 * Files of content/ that are nobody's content, and files that are in the wrong place:
 * what the operating system and editors leave beside content is skipped by the build
 * and the dev server alike (one list, scripts/lib/os-files.ts); any other file with no
 * place gets advice for what it most likely is (stages/load/load.ts: unknownFileAdvice).
 */
import { afterAll, describe, expect, it } from "vitest";
import { isEditorTempFile } from "../../scripts/lib/dev-client.ts";
import { isSystemOrEditorFile } from "../../scripts/lib/os-files.ts";
import { unknownFileAdvice } from "../../scripts/pipeline/stages/load/load.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { location, type Issue } from "../../scripts/problems/issues.ts";
import { fixtureText, fixturesRemovedAfterAll } from "./fixture.ts";

const SYSTEM = [
  ".DS_Store",
  "pages/.DS_Store",
  "assets/.ds_store",
  "assets/._hero.svg",
  "pages/._index.json",
  "Thumbs.db",
  "assets/thumbs.db",
  "ehthumbs.db",
  "pages/desktop.ini",
  "Desktop.ini",
  "pages/.directory",
  "pages/Icon\r",
  "pages/index.json~",
  "pages/.index.json.swp",
  "pages/.index.json.swo",
  "pages/.index.json.swn",
  "pages/.index.json.swx",
  "pages/index.json.tmp",
  "pages/.#index.json",
  "pages/#index.json#",
  "pages/.~lock.index.json#",
  "4913",
  "pages\\4913",
];
const CONTENT = ["pages/index.json", "site.json", "assets/hero.svg", "assets/icon.png", "tmp/x.json", "notes/first-flight.md", "pages/about#team.json", "assets/intro.swf", "assets/DS_Store.png", "pages/4913.json"];

describe("files the operating system or an editor makes", () => {
  it("are recognised by name, anywhere", () => {
    for (const f of SYSTEM) expect(isSystemOrEditorFile(f), JSON.stringify(f)).toBe(true);
    for (const f of CONTENT) expect(isSystemOrEditorFile(f), f).toBe(false);
  });

  it("are one list for the build and the dev server", () => {
    expect(isEditorTempFile).toBe(isSystemOrEditorFile);
  });

  const project = fixturesRemovedAfterAll(afterAll);
  it("are skipped by the build, in every folder of content/ (assets/ included: nothing is published)", async () => {
    const files = Object.fromEntries(["content/.DS_Store", "content/pages/Thumbs.db", "content/assets/._mark.svg", "content/assets/.DS_Store", "content/notes/.first-flight.md.swp", "content/notes/first-flight.md~", "content/collections/desktop.ini", "content/pages/4913"].map((f) => [f, "\0\0\0\u0001Bud1"]));
    const result = await runPipeline(project(files), { mode: "build", write: false });
    expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect([...result.files.keys()].filter((f) => /DS_Store|_mark|Thumbs/i.test(f))).toEqual([]);
  });
});

describe("a file with no place", () => {
  const advice = (f: string) => unknownFileAdvice(f, ["notes"]);

  it("in pages/ or collections/: rename it to .json if it is one", () => {
    expect(advice("pages/notes.txt")).toEqual({ advice: "page", name: "notes.json" });
    expect(advice("pages/about/team.yaml")).toEqual({ advice: "page", name: "team.json" });
    expect(advice("pages/pricing.json.bak")).toEqual({ advice: "page", name: "pricing.json" });
    expect(advice("pages/README")).toEqual({ advice: "page", name: "README.json" });
    expect(advice("collections/kites.txt")).toEqual({ advice: "collection", name: "kites.json" });
  });

  it("a .JSON or .MD in capitals where its lower-case name would be read: rename it", () => {
    expect(advice("pages/Team.JSON")).toEqual({ advice: "capitals", name: "team.json" });
    expect(advice("collections/kites.Json")).toEqual({ advice: "capitals", name: "kites.json" });
    expect(advice("SITE.JSON")).toEqual({ advice: "capitals", name: "site.json" });
    expect(advice("notes/first-flight.MD")).toEqual({ advice: "capitals", name: "first-flight.md" });
    // In a folder where no JSON goes, lower case would not help.
    expect(advice("collections/old/kites.JSON")).toEqual({ advice: "elsewhere" });
  });

  it("an image outside assets/: move it there", () => {
    expect(advice("pages/hero.png")).toEqual({ advice: "image", name: "hero.png" });
    expect(advice("Logo.SVG")).toEqual({ advice: "image", name: "Logo.SVG" });
    expect(advice("notes/photo.jpeg")).toEqual({ advice: "image", name: "photo.jpeg" });
  });

  it("Markdown outside a kind's folder (or in a folder inside it): move it into one; without kinds, no such advice", () => {
    expect(advice("pages/guide.md")).toEqual({ advice: "markdown" });
    expect(advice("notes/old/first.md")).toEqual({ advice: "markdown" });
    expect(unknownFileAdvice("pages/guide.md", [])).toEqual({ advice: "page", name: "guide.json" });
  });

  it("anything else: the folder rules", () => {
    expect(advice("misc/data.json")).toEqual({ advice: "elsewhere" });
    expect(advice("collections/old/kites.json")).toEqual({ advice: "elsewhere" });
    expect(advice("notes.txt")).toEqual({ advice: "elsewhere" });
  });

  const project = fixturesRemovedAfterAll(afterAll);
  const line = (i: Issue) => `${i.severity} ${i.code} ${location(i)}`;
  it("is reported with the folder rules, the site's Markdown folders among them, and the advice", async () => {
    const result = await runPipeline(project({ "content/pages/About.JSON": fixtureText("content/pages/index.json"), "content/pages/kite.png": "\x89PNG" }), { mode: "check" });
    const errors = result.issues.filter((i) => i.severity === "error");
    expect(errors.map(line)).toEqual(["error unknown-file content/pages/About.JSON:1:1", "error unknown-file content/pages/kite.png:1:1"]);
    expect(errors[0]!.message).toBe(
      "The build does not know what to do with this file: pages go in content/pages/ (.json), shared records in content/collections/ (.json), notes in content/notes/ (.md), images in content/assets/.",
    );
    expect(errors.map((i) => i.hint)).toEqual(["Rename it to about.json: the build reads only names that end in lower-case .json or .md.", 'Move it to content/assets/ and refer to it as "assets/kite.png".']);
  });
});
