/**
 * A Markdown kind (MarkdownKind in scripts/api.ts): the fixture declares "note", files
 * content/notes/<name>.md at /notes/:name, with the rules noH1, uniqueHeadings and
 * readTime. Each rule fails on its own, at the line of the file where the text breaks
 * it; front matter is checked against the kind's schema like any content; and the
 * kind's folder, file names and addresses follow the generator's conventions.
 */
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { location, type Issue } from "../../scripts/problems/issues.ts";
import { edited, fixtureText, fixturesRemovedAfterAll } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
const NOTE = "content/notes/first-flight.md";

async function check(files: Record<string, string | null>): Promise<Issue[]> {
  const result = await runPipeline(project(files), { mode: "check" });
  expect(result.ok).toBe(false);
  return result.issues;
}
const line = (i: Issue) => `${i.severity} ${i.code} ${location(i)}`;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("the note kind's rules", () => {
  it("noH1: a # heading fails at its line of the file", async () => {
    const issues = await check({ [NOTE]: edited(NOTE, "## Before you go", "# Before you go") });
    expect(issues.map(line)).toEqual(["error h1-in-markdown content/notes/first-flight.md:7:1 /body"]);
    // The kind's name from the site module, not the generator's.
    expect(issues[0]!.message).toBe("A note's text may not have a # heading: the title is the page's heading.");
  });

  it("uniqueHeadings: a heading repeated fails at the second, naming the line of the first", async () => {
    const issues = await check({ [NOTE]: edited(NOTE, "### If it dives", "## Before you go") });
    expect(issues.map(line)).toEqual(["error repeated-heading content/notes/first-flight.md:15:1 /body"]);
    expect(issues[0]!.message).toBe('The heading "Before you go" is also on line 7: each heading needs its own words, as it becomes a link in the table of contents.');
  });

  it("readTime: a reading time the text does not match fails at the field, with the right value", async () => {
    const issues = await check({ [NOTE]: edited(NOTE, "readTime: 1", "readTime: 4") });
    expect(issues.map(line)).toEqual(["error wrong-read-time content/notes/first-flight.md:4:11 /readTime"]);
    expect(issues[0]!.message).toBe("readTime says 4 min, but the text is 54 words: about 1 min at 200 words a minute.");
    expect(issues[0]!.hint).toBe("Set readTime: 1, or make the text longer.");
  });

  it("readTime: a text grown past the reading time fails too (304 words: 2 min)", async () => {
    const issues = await check({ [NOTE]: edited(NOTE, "give it slack.", `give it slack. ${words(250)}`) });
    expect(issues.map(line)).toEqual(["error wrong-read-time content/notes/first-flight.md:4:11 /readTime"]);
    expect(issues[0]!.hint).toBe("Set readTime: 2, or make the text shorter.");
  });

  it("all three broken at once are all reported, in line order", async () => {
    const text = edited(NOTE, "readTime: 1", "readTime: 4").replace("## Before you go", "# Before you go").replace("### If it dives", "## On the beach");
    expect((await check({ [NOTE]: text })).map(line)).toEqual([
      "error wrong-read-time content/notes/first-flight.md:4:11 /readTime",
      "error h1-in-markdown content/notes/first-flight.md:7:1 /body",
      "error repeated-heading content/notes/first-flight.md:15:1 /body",
    ]);
  });
});

describe("notes as content", () => {
  it("front matter is checked against the kind's schema: a field it does not know, at its line", async () => {
    const issues = await check({ [NOTE]: edited(NOTE, "readTime: 1\n", "readTime: 1\nauthor: Sam\n") });
    expect(issues.map(line)).toEqual(["error unknown-field content/notes/first-flight.md:5:1 /author"]);
    expect(issues[0]!.message).toBe('"author" is not a field of a note.');
  });

  it("a missing field of the front matter", async () => {
    const issues = await check({ [NOTE]: edited(NOTE, "description: What to take to the beach, where to stand and how to let the line out on a first flight.\n", "") });
    expect(issues.map(line)).toEqual(["error missing-field content/notes/first-flight.md:1:1 /description"]);
    expect(issues[0]!.message).toBe('The required field "description" is missing from this note.');
  });

  it("front matter that is not closed", async () => {
    const issues = await check({ "content/notes/draft.md": "---\ntitle: A draft\n\n## Text\n" });
    expect(issues.map(line)).toEqual(["error front-matter-syntax content/notes/draft.md:1:1"]);
    expect(issues[0]!.message).toBe("The front matter block is not closed.");
  });

  it("a file in the kind's folder that is not an entry: the hint names the kind's folder", async () => {
    const issues = await check({ "content/notes/old/first.md": fixtureText(NOTE) });
    expect(issues.map(line)).toEqual(["error unknown-file content/notes/old/first.md:1:1"]);
    expect(issues[0]!.message).toBe("The build does not know what to do with this file: pages go in content/pages/ (.json), shared records in content/collections/ (.json), notes in content/notes/ (.md), images in content/assets/.");
    expect(issues[0]!.hint).toBe("Move it directly into content/notes/ (not a folder inside it), or delete it.");
  });

  it("a file name that cannot become an address", async () => {
    const issues = await check({ "content/notes/First Flight.md": fixtureText(NOTE).replace("The first flight", "The very first flight").replace("What to take", "What to bring") });
    expect(issues.map(line)).toEqual(["error file-name-not-an-address content/notes/First Flight.md:1:1"]);
    expect(issues[0]!.message).toBe('The file name "First Flight.md" cannot become an address.');
  });

  it("a page that takes a note's address", async () => {
    const page = { $schema: "../../../schemas/page.schema.json", title: "Repairs page", description: "A page that claims the address of a note, to see the build refuse it.", sections: [{ type: "banner", heading: "Repairs", text: "Repairs." }] };
    const issues = await check({ "content/pages/notes/repairs.json": JSON.stringify(page, null, 2) });
    expect(issues.map(line)).toEqual(["error duplicate-address content/notes/repairs.md:1:1"]);
    expect(issues[0]!.message).toBe("The address /notes/repairs is already used by content/pages/notes/repairs.json.");
  });
});
