/**
 * dist/ never vanishes and builds never break each other (lib/swap.ts, pipeline/stages/write/write.ts):
 * a build killed at its swap, a dist/ that is a real folder, two builds at once, and
 * leftovers that cannot be deleted. Builds run as child processes, as
 * `npm run build` and `npm run dev` do.
 */
import { spawn } from "node:child_process";
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { promises as fsp } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { recoverDist, servingRoot, swapPaths } from "../../scripts/lib/swap.ts";
import { projectsRemovedAfterAll } from "./project.ts";
import { fingerprint } from "./support/fingerprint.ts";
import { besideDist } from "../generator/support/versions.ts";

// The child build runs from the generator's bundle, as `npm run build` does (support/build-child.mjs).
const CHILD = path.join(ROOT, "tests/unit/support/build-child.mjs");
const project = projectsRemovedAfterAll(afterAll);

function build(root: string, ...flags: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, root, ...flags], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stderr }));
  });
}

const HEADING = '"heading": "Plans that Grow with Your Building"';

describe("dist/ while builds replace it", () => {
  it("a build killed holding the lock with its version complete, just before dist is pointed at it: dist/ stays the old site, and the next build, even a failing one, clears what it left", async () => {
    const p = project();
    const page = path.join(p.content, "pages/pricing.json");
    const base = readFileSync(page, "utf8");
    expect(base).toContain(HEADING);
    expect((await build(p.root)).code).toBe(0);
    const before = fingerprint(p.dist);

    writeFileSync(page, base.replace(HEADING, '"heading": "Plans for Every Building"'));
    const killed = await build(p.root, "--die-before-swap");
    expect(killed.signal).toBe("SIGKILL");
    // dist/ is the old complete site, served as it was; the killed build's version and its lock are left beside it.
    expect(fingerprint(p.dist)).toBe(before);
    expect(readFileSync(path.join((await servingRoot(p.dist))!, "pricing/index.html"), "utf8")).toContain("Plans that Grow");
    expect((await besideDist(p.dist)).leftovers.length).toBeGreaterThan(0);

    // The next build has broken content, so it writes nothing, yet it clears what the dead one left.
    writeFileSync(page, "{ broken");
    const next = await build(p.root);
    expect(next.code).toBe(1);
    expect(fingerprint(p.dist)).toBe(before);
    expect((await besideDist(p.dist)).leftovers).toEqual([]);
    expect(lstatSync(p.dist).isSymbolicLink()).toBe(true);
  }, 120_000);

  it("a dist/ that is a real folder (an earlier generator's, or made by hand) becomes a version on the next build", async () => {
    const p = project();
    mkdirSync(p.dist);
    writeFileSync(path.join(p.dist, "index.html"), "an older site");
    expect((await build(p.root)).code).toBe(0);
    expect(lstatSync(p.dist).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(p.dist, "index.html"), "utf8")).toContain("<!DOCTYPE html>");
    // The older site is the spare now, and nothing else is left.
    expect(readFileSync(path.join(swapPaths(p.dist).spare, "index.html"), "utf8")).toBe("an older site");
    expect((await besideDist(p.dist)).leftovers).toEqual([]);
  }, 120_000);

  it("two builds at once both succeed, and leave one complete dist/, its spare, and nothing else beside it", async () => {
    const p = project();
    expect((await build(p.root)).code).toBe(0);
    const complete = fingerprint(p.dist);
    for (let round = 0; round < 2; round++) {
      const results = await Promise.all([build(p.root), build(p.root)]);
      expect(
        results.map((r) => r.code),
        results.map((r) => r.stderr).join("\n"),
      ).toEqual([0, 0]);
      expect(fingerprint(p.dist)).toBe(complete);
      expect((await besideDist(p.dist)).leftovers).toEqual([]);
    }
  }, 180_000);
});

describe("leftovers of dead builds", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are deleted; one that cannot be deleted is reported in a sentence and does not stop the build", async () => {
    const p = project();
    mkdirSync(p.dist);
    writeFileSync(path.join(p.dist, "index.html"), "site");
    const { parent, versionPrefix, linkPrefix, tmpPrefix, oldPrefix } = swapPaths(p.dist);
    // Process ids that cannot be running (above the kernel's pid_max), and this very process's, which is alive;
    // versions, links being made, and an earlier generator's folders.
    for (const name of [`${versionPrefix}99999999-1`, `${tmpPrefix}99999999-1`, `${oldPrefix}99999999-2`, `${versionPrefix}99999998-1`, `${versionPrefix}${process.pid}-77`]) mkdirSync(path.join(parent, name));
    symlinkSync("nowhere", path.join(parent, `${linkPrefix}99999999-3`));
    const rm = fsp.rm;
    vi.spyOn(fsp, "rm").mockImplementation(async (target, options) => {
      if (String(target).endsWith(`${versionPrefix}99999998-1`)) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      return rm(target, options);
    });
    const problems = await recoverDist(p.dist);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Could not delete .*\.dist-v-99999998-1, left by an earlier build \(EACCES\)/);
    expect((await besideDist(p.dist)).leftovers.sort()).toEqual([`${versionPrefix}99999998-1`, `${versionPrefix}${process.pid}-77`].sort());
    expect(readFileSync(path.join(p.dist, "index.html"), "utf8")).toBe("site");
  });
});
