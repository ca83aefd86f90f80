/**
 * What a build keeps of each content file by the hash of its text (scripts/pipeline/memo/file-memo.ts):
 * its front matter, validation's issues and annotations and the font's characters, used
 * instead of parsing, validating and walking a file again. Kept through the stored memo's
 * serializer, they must give what validating the same files gives, on the real content and
 * on every case of the broken-content corpus; and a file whose text changed is validated again.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { afterAll, describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../scripts/lib/front-matter.ts";
import { projectPaths, ROOT, type ProjectPaths } from "../../scripts/lib/paths.ts";
import { load } from "../../scripts/pipeline/stages/load/load.ts";
import { createValidator, validateContent } from "../../scripts/pipeline/stages/validate/validate.ts";
import type { FileFacts, FileMemo } from "../../scripts/pipeline/memo/file-memo.ts";
import { contentCharacters } from "../../scripts/pipeline/stages/media/font.ts";
import { loadSchemas, type SchemaSet } from "../../scripts/pipeline/stages/validate/schemas.ts";
import { packPositions, unpackPositions } from "../../scripts/pipeline/memo/stored-memo.ts";
import { brokenCaseFiles, contentCases, projectsRemovedAfterAll } from "./project.ts";

const tempProject = projectsRemovedAfterAll(afterAll);
const validators = new Map<string, ReturnType<typeof createValidator>>();
const validatorOf = (schemas: SchemaSet) => {
  const key = JSON.stringify([...schemas.byPath]);
  if (!validators.has(key)) validators.set(key, createValidator(schemas));
  return validators.get(key)!;
};

/** Loads with a memo, as a build that keeps one does (which gives each file its facts). */
const loadKeyed = (paths: ProjectPaths, memo: FileMemo) => load(paths, undefined, undefined, memo);

/** Validates the project twice, the second time from the first's facts as the stored memo keeps them; counts the files validated each time. */
async function twice(paths: ProjectPaths) {
  const schemas = await loadSchemas(paths.schemas);
  const validator = validatorOf(schemas);
  let calls = 0;
  const counting: typeof validator = (file) => (calls++, validator(file));
  const memo: FileMemo = { previous: undefined, used: new Map() };
  const fresh = validateContent(await loadKeyed(paths, memo), schemas, counting);
  const freshChars = contentCharacters(fresh.files);
  const firstCalls = calls;
  const stored = v8.deserialize(v8.serialize(memo.used)) as Map<string, FileFacts>;
  calls = 0;
  const again = await loadKeyed(paths, { previous: stored, used: new Map() });
  const kept = validateContent(again, schemas, counting);
  return { fresh, kept, firstCalls, keptCalls: calls, freshChars, keptChars: contentCharacters(kept.files), plainChars: contentCharacters((await load(paths)).files) };
}

describe("facts kept per content file", () => {
  it("give the real content's validation and font characters without validating it again", async () => {
    const r = await twice(projectPaths());
    expect(r.firstCalls).toBeGreaterThan(30);
    expect(r.keptCalls).toBe(0);
    expect(r.kept.issues).toEqual(r.fresh.issues);
    expect(r.kept.annotations).toEqual(r.fresh.annotations);
    expect(r.kept.annotations.filter((a) => a.kind === "markdown").length).toBeGreaterThan(20);
    expect(r.keptChars).toEqual(r.plainChars);
    expect(r.freshChars).toEqual(r.plainChars);
  });

  it("are not used for a file whose text changed", async () => {
    const guide = readdirSync(path.join(ROOT, "content/guides")).find((f) => f.endsWith(".md"))!;
    const text = readFileSync(path.join(ROOT, "content/guides", guide), "utf8");
    // A copy of the project with one guide's read time wrong: an error only validation finds.
    const project = tempProject({ [`content/guides/${guide}`]: text.replace(/^readTime: \d+$/m, "readTime: 97") });
    const schemas = await loadSchemas(project.schemas);
    const validator = validatorOf(schemas);
    const real = new Map<string, FileFacts>();
    validateContent(await loadKeyed(projectPaths(), { previous: undefined, used: real }), schemas, validator);
    let calls = 0;
    const edited = validateContent(await loadKeyed(project, { previous: real, used: new Map() }), schemas, (f) => (calls++, validator(f)));
    expect(calls).toBe(1);
    expect(edited.issues.filter((i) => i.code === "wrong-read-time").map((i) => i.file)).toEqual([`content/guides/${guide}`]);
  });

  it.each(contentCases())("give the same issues for broken content: %s", async (name) => {
    const r = await twice(tempProject(await brokenCaseFiles(name)));
    expect(r.keptCalls).toBe(0);
    expect(r.kept.issues).toEqual(r.fresh.issues);
    expect(r.kept.annotations).toEqual(r.fresh.annotations);
  });

  it("keep front matter positions as they were parsed", () => {
    const dir = path.join(ROOT, "content/guides");
    for (const name of readdirSync(dir).filter((f) => f.endsWith(".md"))) {
      const { positions } = parseFrontMatter(readFileSync(path.join(dir, name), "utf8"));
      expect(unpackPositions(...packPositions(positions))).toEqual(positions);
    }
  });
});
