/**
 * Front matter read without the YAML parser (scripts/lib/front-matter.ts simpleFrontMatter):
 * for every block it takes, the fields and their positions must be exactly what the parser
 * gives (parseFrontMatter with the shortcut off), on every guide of the content, the bench's
 * synthetic entries, texts made to reach each kind of value and random blocks. It must take
 * the site's guides (it is what keeps loading thousands of them fast).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter, simpleBlock } from "../../scripts/lib/front-matter.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { firstMarkdownKind, syntheticEntries } from "../../scripts/lib/synthetic-entries.ts";
import { projectPaths } from "../../scripts/lib/paths.ts";

const guidesDir = path.join(ROOT, "content", "guides");
const guides = readdirSync(guidesDir).map((f) => readFileSync(path.join(guidesDir, f), "utf8"));

/** Both ways, or both failing with the same message and place; whether the shortcut was taken. */
const agree = (text: string): boolean => {
  const simple = simpleBlock(text);
  const parsed = (shortcut: boolean) => {
    try {
      return parseFrontMatter(text, shortcut);
    } catch (err) {
      if (err instanceof FrontMatterError) return { error: [err.message, err.line, err.column, err.hint] };
      throw err;
    }
  };
  const slow = parsed(false);
  const fast = parsed(true);
  expect(fast, JSON.stringify(text)).toEqual(slow);
  return simple;
};
const block = (lines: string[], body = "\nSome text.\n") => `---\n${lines.join("\n")}\n---\n${body}`;

describe("front matter without the YAML parser", () => {
  it("reads every guide, and the bench's synthetic entries, as the parser does", async () => {
    for (const text of guides) expect(agree(text), "a guide takes the shortcut").toBe(true);
    const source = (await firstMarkdownKind(projectPaths()))!;
    let n = 0;
    for (const entry of syntheticEntries(source, 300)) if (agree(entry.text)) n++;
    expect(n, "synthetic entries that take the shortcut").toBe(300);
  });

  it("reads each kind of value as the parser does", () => {
    const values = ["Beginner", "8", "-3", "+4", "007", "1.5", "1.", ".5", "1e3", "-2.5E-2", "0x1F", "0o17", ".inf", "-.Inf", ".nan", "true", "True", "FALSE", "yes", "no", "null", "~", "Null",
      "a: b", "a #b", "a#b", "C#", "x:", "https://example.com/a", "#tag", "- item", "[a, b]", "{a: 1}", "&anchor x", "*alias", "!tag x", "|", ">", "'single'", "\"double\"", "\"with \\\"escape\\\"\"",
      "'it''s'", "\"a: b\"", "'a #b'", "\"\"", "''", "2024-01-01", "12:30", "1,000", "50%", "€9", "日本", "😀 emoji", "@handle", "`code`", "%x", "a\tb", "9007199254740993", "-0"];
    for (const v of values) agree(block([`title: A title`, `value: ${v}`]));
    for (const lines of [["title: A"], ["title: A", "", "level: B"], ["title:   spaced"], ["title: A", "# a comment"], ["title: A", "title: B"], [" title: indented"], ["title: A", "  more: nested"], ["list:", "  - a"], ["title:"], ["title: A   "], ["__proto__: x"], ["ti tle: x"], ["title : x"]])
      agree(block(lines));
  });

  it("reads random blocks as the parser does, and takes the simple ones", () => {
    const key = fc.constantFrom("title", "description", "level", "readTime", "tags", "a", "A_b-c", "x1");
    const value = fc.oneof(
      fc.constantFrom("Beginner", "8", "1.5", "true", "null", "~", "a: b", "a #b", "C#", "- x", "'q'", "\"d\"", "\"e\\\"\"", "'it''s'", "0x10", ".inf", "x:", "", "  ", "Plan ahead: now", "-", "?", ":x"),
      fc.string({ unit: fc.constantFrom(..."ab .,:#-'\"\\1é".split("")), maxLength: 12 }),
    );
    const line = fc.oneof({ weight: 8, arbitrary: fc.tuple(key, fc.constantFrom(": ", ":  ", ":"), value).map(([k, sep, v]) => `${k}${sep}${v}`) }, { weight: 1, arbitrary: fc.constantFrom("", "# c", "  nested: 1", "- item") });
    let taken = 0;
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        if (agree(block(lines))) taken++;
      }),
      { numRuns: 3000, seed: 7 },
    );
    expect(taken).toBeGreaterThan(300);
  });
});
