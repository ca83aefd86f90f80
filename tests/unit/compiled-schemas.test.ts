/**
 * The validators kept between builds (scripts/pipeline/stages/validate/compiled-schemas.ts): code
 * read back from the cache must judge content exactly as the validators ajv compiles
 * in the process, errors and annotations alike, on the real content and on every
 * case of the broken-content corpus.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectPaths } from "../../scripts/lib/paths.ts";
import { load } from "../../scripts/pipeline/stages/load/load.ts";
import { loadSchemas } from "../../scripts/pipeline/stages/validate/schemas.ts";
import { createValidator, validateContent } from "../../scripts/pipeline/stages/validate/validate.ts";
import { brokenCaseFiles, contentCases, tempProject } from "./project.ts";

const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bos-cache-"));
const cleanups: (() => void)[] = [() => rmSync(cacheDir, { recursive: true, force: true })];
afterAll(() => cleanups.forEach((c) => c()));

/**
 * ajv's in-process validators, compiled once per distinct set of schemas (about 0.4 s
 * of CPU each): the corpus changes content, never schemas, so its cases share one.
 */
const inProcess = new Map<string, ReturnType<typeof createValidator>>();
function compiledInProcess(schemas: Awaited<ReturnType<typeof loadSchemas>>) {
  const key = JSON.stringify([...schemas.byPath]);
  let validator = inProcess.get(key);
  if (!validator) inProcess.set(key, (validator = createValidator(schemas, ""))); // "": no cache, ajv compiles
  return validator;
}

async function bothWays(paths: ReturnType<typeof projectPaths>) {
  const schemas = await loadSchemas(paths.schemas);
  const loaded = await load(paths);
  const compiled = validateContent(loaded, schemas, compiledInProcess(schemas));
  createValidator(schemas, cacheDir); // writes the cache (if not there yet)
  const cached = validateContent(loaded, schemas, createValidator(schemas, cacheDir)); // reads it
  return { compiled, cached };
}

describe("cached validators", () => {
  it("are written once and judge the real content as ajv's compiled ones do", async () => {
    const { compiled, cached } = await bothWays(projectPaths());
    expect(readdirSync(path.join(cacheDir, "validators")).filter((f) => f.endsWith(".cjs"))).toHaveLength(1);
    expect(cached.issues).toEqual(compiled.issues);
    expect(cached.annotations).toEqual(compiled.annotations);
    expect(compiled.annotations.length).toBeGreaterThan(100);
  });

  it.each(contentCases())("report the same for broken content: %s", async (name) => {
    const project = tempProject(await brokenCaseFiles(name));
    cleanups.push(project.cleanup);
    const { compiled, cached } = await bothWays(project);
    expect(cached.issues).toEqual(compiled.issues);
    expect(cached.annotations).toEqual(compiled.annotations);
  });
});

describe("their V8 code cache (scripts/lib/run-bundle.cjs cachedFunction)", () => {
  it("is written when the process that first read the validators ends, and read by the next, which judges the same", async () => {
    const { execFileSync } = await import("node:child_process");
    const { ROOT } = await import("../../scripts/lib/paths.ts");
    const dir = mkdtempSync(path.join(os.tmpdir(), "bos-v8cache-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // The validators' code where the project's generated files would be; V8's compiled form of it in the build cache (this machine's).
    const v8 = path.join(dir, "cache", "v8");
    // A process that compiles the validators into the cache, then one that reads the code (and writes its code cache), then one that reads both.
    const script = `
      const { projectPaths } = await import("./scripts/lib/paths.ts");
      const { load } = await import("./scripts/pipeline/stages/load/load.ts");
      const { loadSchemas } = await import("./scripts/pipeline/stages/validate/schemas.ts");
      const { createValidator, validateContent } = await import("./scripts/pipeline/stages/validate/validate.ts");
      const paths = projectPaths();
      const schemas = await loadSchemas(paths.schemas);
      const r = validateContent(await load(paths), schemas, createValidator(schemas, ${JSON.stringify(path.join(dir, "generated"))}));
      console.log(JSON.stringify([r.issues.length, r.annotations.length]));`;
    const run = () => execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", env: { ...process.env, SSG_CACHE_DIR: path.join(dir, "cache") } }).trim().split("\n").at(-1);
    const first = run();
    expect(existsSync(v8)).toBe(false);
    expect(readdirSync(path.join(dir, "generated", "validators"))).toHaveLength(1);
    expect(run()).toBe(first);
    const caches = readdirSync(v8).filter((f) => f.endsWith(".cjs.v8"));
    expect(caches).toHaveLength(1);
    const { statSync } = await import("node:fs");
    const made = statSync(path.join(v8, caches[0]!)).mtimeMs;
    expect(run()).toBe(first);
    expect(statSync(path.join(v8, caches[0]!)).mtimeMs).toBe(made);
  }, 120_000);
});
