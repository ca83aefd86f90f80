/**
 * Text that passes its schema but is likely a mistake (warnings; the build goes on):
 * a heading that skips a level of the outline (skipped-heading-level, stages/resolve/markdown.ts)
 * and a text far longer than its place (very-long-text, stages/routes/text-checks.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { formatIssue, location, type Issue } from "../../scripts/problems/issues.ts";
import { parseMarkdownUncached } from "../../scripts/pipeline/stages/resolve/markdown.ts";
import { HEADING_LIMIT, TEXT_LIMIT, textKind } from "../../scripts/pipeline/stages/routes/text-checks.ts";
import { edited, fixturesRemovedAfterAll } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
const NOTE = "content/notes/first-flight.md";
const INDEX = "content/pages/index.json";
const KITES = "content/collections/kites.json";
const line = (i: Issue) => `${i.severity} ${i.code} ${location(i)}`;
const warnings = (issues: Issue[], code: string) => issues.filter((i) => i.code === code);

describe("headings that skip a level", () => {
  const skips = (text: string) => parseMarkdownUncached(text, "block").problems.filter((p) => p.code === "skipped-heading-level");

  it("each heading may go one level below the one before, and the first is a ##", () => {
    expect(skips("## A\n\n### B\n\n#### C\n\n## D\n\n### E")).toEqual([]);
    // Going back up any number of levels is fine.
    expect(skips("## A\n\n### B\n\n#### C\n\n## D")).toEqual([]);
    // A # is drawn as a ## is (in a section) or is an error of its own (in a guide): no gap after it.
    expect(skips("# A\n\n### B")).toEqual([]);
    expect(skips("## A\n\n#### B\n\n### C\n\n##### D").map((p) => [p.line, p.message])).toEqual([
      [3, "A #### heading follows a ## one; use ### so the outline has no gap."],
      [7, "A ##### heading follows a ### one; use #### so the outline has no gap."],
    ]);
    expect(skips("Intro.\n\n### First").map((p) => [p.line, p.severity, p.message])).toEqual([
      [3, "warning", "The text's first heading is a ### one, right under the title above the text; use ## so the outline has no gap."],
    ]);
  });

  it("in a Markdown entry: a warning at the heading's own line of the file, worded as printed; the build succeeds", async () => {
    const result = await runPipeline(project({ [NOTE]: edited(NOTE, "### If it dives", "#### If it dives") }), { mode: "check" });
    expect(result.ok).toBe(true);
    const found = warnings(result.issues, "skipped-heading-level");
    expect(found.map(line)).toEqual([`warning skipped-heading-level ${NOTE}:15:1 /body`]);
    expect(formatIssue(found[0]!)).toBe(
      [
        `warning[skipped-heading-level]: ${NOTE}:15:1 /body`,
        "  A #### heading follows a ## one; use ### so the outline has no gap.",
        "  hint: Write ### instead of ####, or add the ### heading that is missing in between.",
        "  see: npx json-site explain skipped-heading-level",
      ].join("\n"),
    );
  });

  it("the real fixture's headings (##, ##, ###) have no gap", async () => {
    const result = await runPipeline(project(), { mode: "check" });
    expect(warnings(result.issues, "skipped-heading-level")).toEqual([]);
  });
});

describe("texts far longer than their place", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

  it("what a text is, by where it is", () => {
    expect(textKind(["sections", 0, "heading"])).toBe("heading");
    expect(textKind(["sections", 2, "cards", 1, "title"])).toBe("heading");
    expect(textKind(["sections", 2, "cards", 1, "description"])).toBe("card");
    expect(textKind(["items", 3, "summary"])).toBe("card");
    expect(textKind(["sections", 2, "cards", 1, "points", 0])).toBe("card");
    expect(textKind(["sections", 0, "text"])).toBe("text");
    expect(textKind(["tagline"])).toBe("text");
  });

  it("a record's 2,400-character text is a warning at its field, saying what the reader sees; one at the limit is not", async () => {
    const long = "A".repeat(2400);
    const result = await runPipeline(project({ [KITES]: edited(KITES, "A triangle that climbs in light wind.", long) }), { mode: "check" });
    expect(result.ok).toBe(true);
    const found = warnings(result.issues, "very-long-text");
    expect(found.map(line)).toEqual([`warning very-long-text ${KITES}:4:50 /items/0/summary`]);
    expect(found[0]!.message).toBe(
      `This card's text is 2,400 characters long: cards this long break the grid (the whole row grows as tall as this card); keep it under ${TEXT_LIMIT} characters, and move the rest to a page.`,
    );
    const atLimit = await runPipeline(project({ [KITES]: edited(KITES, "A triangle that climbs in light wind.", "A".repeat(TEXT_LIMIT)) }), { mode: "check" });
    expect(warnings(atLimit.issues, "very-long-text")).toEqual([]);
  });

  it("a heading over the heading limit; a block's Markdown text counted without its link addresses", async () => {
    const heading = words(30); // 30 words, well over 120 characters
    const link = `[our team](/about/team?${"x".repeat(TEXT_LIMIT)})`;
    const result = await runPipeline(
      project({
        [INDEX]: edited(INDEX, '"heading": "Kites for windy days"', `"heading": "${heading}"`).replace("[our team](/about/team)", link),
      }),
      { mode: "check" },
    );
    const found = warnings(result.issues, "very-long-text");
    // The text's address is over the limit, but readers see "Sewn by hand by our team, …": no warning for it.
    expect(found.map(line)).toEqual([`warning very-long-text ${INDEX}:8:18 /sections/0/heading`]);
    expect(found[0]!.message).toMatch(new RegExp(`^This heading is ${heading.length} characters long: .* keep it under ${HEADING_LIMIT} characters\\.$`));
  });

  it("a field whose schema sets its own maximum, and block Markdown, have no soft limit", async () => {
    // The note's description has "maxLength": 170 (an error above it); its body is a Markdown article.
    const result = await runPipeline(project({ [NOTE]: edited(NOTE, "Walk forward a few steps to give it slack.", words(400)).replace("readTime: 1", "readTime: 2") }), { mode: "check" });
    expect(result.ok).toBe(true);
    expect(warnings(result.issues, "very-long-text")).toEqual([]);
  });
});
