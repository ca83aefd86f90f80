/**
 * Front matter (scripts/lib/front-matter.ts), the YAML block at the top of a Markdown
 * entry: values, positions and the errors it reports; and the word count behind a
 * Markdown kind's readTime rule (scripts/pipeline/stages/validate/validate.ts). (The rules in a build:
 * tests/generator/markdown-kind.test.ts; the Building OS guides: tests/unit/guides.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter } from "../../scripts/lib/front-matter.ts";
import { countWords } from "../../scripts/lib/words.ts";

describe("front matter", () => {
  it("reads key: value lines, numbers as numbers, the rest as the body, with positions", () => {
    const { data, positions } = parseFrontMatter("---\ntitle: Hello world\nreadTime: 8\n---\n\n## One\n\nText.\n");
    expect(data).toEqual({ title: "Hello world", readTime: 8, body: "## One\n\nText." });
    expect(positions.get("/title")).toEqual({ key: { line: 2, column: 1 }, value: { line: 2, column: 8 } });
    expect(positions.get("/body")?.value.line).toBe(6);
  });

  it("is YAML: quotes are not part of the text, # starts a comment, lists and maps have positions", () => {
    const text = [
      "---",
      `title: "Plan ahead: it pays"`,
      "description: 'It''s short' # a note for editors",
      "level: Beginner",
      "readTime: 08",
      "tags:",
      "  - one",
      '  - "two"',
      "---",
      "Body.",
    ].join("\r\n");
    const { data, positions } = parseFrontMatter(text);
    expect(data).toEqual({ title: "Plan ahead: it pays", description: "It's short", level: "Beginner", readTime: 8, tags: ["one", "two"], body: "Body." });
    // A quoted value starts inside its quotes: an offset into the text is the same offset into the line.
    expect(positions.get("/title")).toEqual({ key: { line: 2, column: 1 }, value: { line: 2, column: 9 } });
    expect(positions.get("/description")?.value).toEqual({ line: 3, column: 15 });
    expect(positions.get("/readTime")?.value).toEqual({ line: 5, column: 11 });
    expect(positions.get("/tags/0")?.value).toEqual({ line: 7, column: 5 });
    expect(positions.get("/tags/1")?.value).toEqual({ line: 8, column: 6 });
    expect(positions.get("/body")?.value.line).toBe(10);
  });

  it("an empty value is null, placed after its colon", () => {
    const { data, positions } = parseFrontMatter("---\ntitle:\n---\nBody");
    expect(data).toEqual({ title: null, body: "Body" });
    expect(positions.get("/title")?.value).toEqual({ line: 2, column: 7 });
  });

  it.each([
    ["title: x\n", 1, 1, "must start with a front matter block"],
    ["---\ntitle: x\n", 1, 1, "not closed"],
    ["---\ntitle x\n---\n", 2, 1, 'not "key: value"'],
    ["---\ntitle: a\nsummary\n---\n", 3, 1, 'not "key: value"'],
    ["---\ntitle: a\ntitle: b\n---\n", 3, 1, '"title" is given twice'],
    ["---\ntitle: a\ndescription: Read this: it helps\n---\n", 3, 14, 'colon and a space (": ")'],
    ['---\ntitle: "Hello\n---\n', 2, 8, "missing its closing quote"],
    ['---\ntitle: "Hello\nlevel: Beginner\n---\n', 2, 8, "missing its closing quote"],
    ['---\ntitle: "Hello" world\n---\n', 2, 16, "more text here than YAML expects"],
    ["---\ntitle: [a, b\n---\n", 2, 13, "[ ] or { } is not closed"],
    ["---\n\ttitle: a\n---\n", 2, 1, "indented with a tab"],
    ['---\ntitle: "a\\qb"\n---\n', 2, 10, "not a valid escape"],
    ["---\ntitle: @home\n---\n", 2, 8, 'may not start with "@"'],
    ["---\ntitle: *name\n---\n", 2, 8, "does not refer to an anchor"],
    ["---\n[a]: b\n---\n", 2, 1, "must be a plain name"],
    ["---\n- a\n---\n", 2, 1, 'not "key: value"'],
  ])("%j fails at line %i, column %i", (text, line, column, message) => {
    const err = (() => {
      try {
        parseFrontMatter(text);
      } catch (e) {
        return e;
      }
    })() as FrontMatterError;
    expect(err).toBeInstanceOf(FrontMatterError);
    expect([err.line, err.column]).toEqual([line, column]);
    expect(err.message).toContain(message);
    expect(err.hint).toBeTruthy();
  });

  it("counts words without link addresses", () => {
    expect(countWords("Read the [getting started guide](/resources/guides/getting-started) first.")).toBe(6);
    expect(countWords("**Bold** and *italic* – a dash, e-mail")).toBe(6);
  });
});
