/**
 * The generator's bundle (scripts/lib/bundle.mjs, started by scripts/build.mjs, which is
 * `npm run build`): it writes exactly the bytes the build through tsx writes, its worker
 * thread included; it is made once and kept while its files are unchanged; a changed template
 * makes a new one; a template esbuild cannot read is named with its line and column, and the
 * build then runs through tsx; it runs from the V8 code cache its first run leaves beside it
 * (scripts/lib/run-bundle.cjs), and a template that throws is named at its own file, line and column.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { bundled, bundleFolder } from "../../scripts/lib/bundle.mjs";
import { ROOT } from "../../scripts/lib/paths.ts";
import { projectsRemovedAfterAll } from "./project.ts";
import { fileTree, treeDifference } from "./support/fingerprint.ts";

const tempProject = projectsRemovedAfterAll(afterAll);
const run = promisify(execFile);

// A copy of the templates, to change: its schemas/ beside it, as the templates import them from there.
const site = mkdtempSync(path.join(os.tmpdir(), "bos-bundle-"));
const templates = path.join(site, "templates");
cpSync(path.join(ROOT, "templates"), templates, { recursive: true });
symlinkSync(path.join(ROOT, "schemas"), path.join(site, "schemas"));
symlinkSync(path.join(ROOT, "content"), path.join(site, "content"));
afterAll(() => {
  rmSync(site, { recursive: true, force: true });
  rmSync(bundleFolder("build.ts", templates), { recursive: true, force: true });
});

describe("the generator's bundle", () => {
  it("builds the same files, byte for byte, as the build through tsx, with the worker thread rendering too", async () => {
    const viaTsx = tempProject();
    const viaBundle = tempProject();
    await run(process.execPath, ["--import", "tsx", "scripts/build.ts"], { cwd: ROOT, env: { ...process.env, SSG_PROJECT_ROOT: viaTsx.root } });
    // SSG_WORKERS=1 shares Markdown and rendering with the bundled worker at any size.
    const r = await run(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, env: { ...process.env, SSG_PROJECT_ROOT: viaBundle.root, SSG_WORKERS: "1" } });
    expect(r.stdout).toMatch(/Built \d+ pages/);
    expect(treeDifference(fileTree(viaTsx.dist), fileTree(viaBundle.dist), { reference: "the build through tsx", actual: "the bundled build" })).toBeUndefined();
  }, 120_000);

  it("is made once and kept while its files are unchanged; a changed template makes another", async () => {
    const first = await bundled("build.ts", templates);
    if (!("main" in first)) throw new Error(first.problems.join("\n"));
    const made = statSync(fileURLToPath(first.main)).mtimeMs;
    const again = await bundled("build.ts", templates);
    expect(again).toEqual(first);
    expect(statSync(fileURLToPath(first.main)).mtimeMs).toBe(made);

    const footer = path.join(templates, "layout", "Footer.tsx");
    writeFileSync(footer, readFileSync(footer, "utf8") + "\nexport const bundleTestMark = 1;\n");
    const changed = await bundled("build.ts", templates);
    if (!("main" in changed)) throw new Error(changed.problems.join("\n"));
    expect(changed.main).not.toBe(first.main);
    // The older bundle stays for a build that may still be loading it.
    expect(existsSync(fileURLToPath(first.main))).toBe(true);
  }, 60_000);

  it("names a template it cannot read with its line and column", async () => {
    const cta = path.join(templates, "sections", "Cta.tsx");
    const before = readFileSync(cta, "utf8");
    writeFileSync(cta, before + "\nexport const broken = ;\n");
    try {
      const result = await bundled("build.ts", templates);
      expect(result).toEqual({ problems: [expect.stringMatching(new RegExp(`sections/Cta\\.tsx:${before.split("\n").length + 1}:\\d+: Unexpected ";"`))] });
    } finally {
      writeFileSync(cta, before);
    }
  }, 60_000);

  it("runs from the code cache its first run leaves, and names a template that throws at its own file, line and column", async () => {
    const footer = path.join(templates, "layout", "Footer.tsx");
    const before = readFileSync(footer, "utf8");
    const lines = before.split("\n");
    const at = lines.findLastIndex((l) => l.startsWith("import ")) + 1;
    lines.splice(at, 0, 'if (process.env["BUNDLE_TEST_THROW"]) throw new Error("a broken footer");');
    writeFileSync(footer, lines.join("\n"));
    try {
      const build = () => run(process.execPath, ["scripts/build.mjs", "--project", site], { cwd: ROOT, env: { ...process.env, BUNDLE_TEST_THROW: "1" } }).then(() => "", (err: { stderr: string }) => err.stderr);
      const where = new RegExp(`a broken footer \\(at templates/layout/Footer\\.tsx:${at + 1}:\\d+\\)`);
      expect(await build()).toMatch(where);
      const made = await bundled("build.ts", templates);
      if (!("main" in made)) throw new Error(made.problems.join("\n"));
      const cache = `${fileURLToPath(made.main)}.v8`;
      expect(statSync(cache).size).toBeGreaterThan(100_000);
      const cached = statSync(cache).mtimeMs;
      // From the cache: the same message, and the cache is not made again.
      expect(await build()).toMatch(where);
      expect(statSync(cache).mtimeMs).toBe(cached);
    } finally {
      writeFileSync(footer, before);
      rmSync(path.join(site, "dist"), { recursive: true, force: true });
    }
  }, 120_000);
});
