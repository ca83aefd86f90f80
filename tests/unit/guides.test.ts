/**
 * Guides: Markdown files with front matter (scripts/lib/front-matter.ts) checked by
 * the build: the schema, no # heading, unique headings, and a readTime that matches
 * the text's length; each guide gets its page at /resources/guides/<name>.
 */
import { afterAll, describe, expect, it } from "vitest";
import { FrontMatterError, parseFrontMatter } from "../../scripts/lib/front-matter.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { countWords, WORDS_PER_MINUTE } from "../../scripts/pipeline/2-validate.ts";
import { tempProject } from "./project.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const guide = (body: string, front: Record<string, string | number> = {}) =>
  [
    "---",
    ...Object.entries({ title: "Test Guide Title", description: "A guide used by the tests, long enough to pass the description rule.", level: "Beginner", readTime: 1, ...front }).map(([k, v]) => `${k}: ${v}`),
    "---",
    "",
    body,
    "",
  ].join("\n");

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

describe("guides in the build", () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.forEach((c) => c()));
  async function check(files: Record<string, string>, mode: "check" | "build" = "check") {
    const project = tempProject(files);
    cleanups.push(project.cleanup);
    return runPipeline(project, { mode, write: false });
  }

  it("a guide gets its page at /resources/guides/<name>", async () => {
    const result = await check({ "content/guides/test-guide.md": guide(`## First part\n\n${words(WORDS_PER_MINUTE)}\n\n## Second part\n\nMore.`) }, "build");
    expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(result.routes.map((r) => r.path)).toContain("/resources/guides/test-guide");
    const html = String(result.files.get("resources/guides/test-guide/index.html"));
    expect(html).toContain('<h1 class="');
    expect(html).toContain('<h2 id="first-part">First part</h2>');
    expect(html).toContain('href="#second-part"');
  });

  it("a readTime that does not match the text fails at readTime, with the right value", async () => {
    const { issues } = await check({ "content/guides/test-guide.md": guide(`## Part\n\n${words(3 * WORDS_PER_MINUTE)}`, { readTime: 10 }) });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: "content/guides/test-guide.md", line: 5, column: 11, pointer: "/readTime" });
    expect(issues[0]!.message).toBe("readTime says 10 min, but the text is 601 words: about 3 min at 200 words a minute.");
    expect(issues[0]!.hint).toBe("Set readTime: 3, or make the text longer.");
  });

  it("a # heading and a repeated heading fail at their lines", async () => {
    const { issues } = await check({ "content/guides/test-guide.md": guide(`# Big title\n\n${words(150)}\n\n## Part\n\nText.\n\n## Part\n\nText.`) });
    expect(issues.map((i) => [i.line, i.message.slice(0, 40)])).toEqual([
      [8, "A guide's text may not have a # heading:"],
      [16, 'The heading "Part" is also on line 12: e'],
    ]);
  });

  it("an unknown level is reported like any content field", async () => {
    const { issues } = await check({ "content/guides/test-guide.md": guide(`## Part\n\n${words(200)}`, { level: "Expert" }) });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 4, pointer: "/level" });
    expect(issues[0]!.hint).toBe("Allowed values: Beginner, Intermediate, Advanced.");
  });

  it("a guides list naming a missing guide fails with a did-you-mean", async () => {
    const { issues } = await check({
      "content/guides/test-guide.md": guide(`## Part\n\n${words(200)}`),
      "content/pages/broken.json": JSON.stringify({
        $schema: "../../schemas/page.schema.json",
        title: "Broken",
        description: "A page that lists a guide that does not exist, to test the error message.",
        sections: [{ type: "guideList", heading: "Guides", guides: ["test-giude"] }],
      }),
    });
    expect(issues.map((i) => `${i.file} ${i.pointer} ${i.message} ${i.hint}`)).toContain(
      'content/pages/broken.json /sections/0/guides/0 There is no record "test-giude" in content/collections/guides.json. Did you mean "test-guide"?',
    );
  });
});
