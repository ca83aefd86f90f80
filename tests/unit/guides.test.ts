/**
 * Guides, the Building OS site's Markdown kind (templates/site.ts): each guide gets its
 * page at /resources/guides/<name>, and the build checks it against guide.schema.json,
 * no # heading, unique headings, and a readTime that matches the text's length. (Front
 * matter itself: tests/generator/front-matter.test.ts.)
 */
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { WORDS_PER_MINUTE } from "../../scripts/lib/words.ts";
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
      'content/pages/broken.json /sections/0/guides/0 There is no entry "test-giude" in content/guides/: entries are listed by their file name, without .md. Did you mean "test-guide"?',
    );
  });
});
