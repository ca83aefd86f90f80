/**
 * dist/ never vanishes and builds never break each other (lib/swap.ts, pipeline/8-write.ts):
 * a build killed between the two renames of its swap, two builds at once, a build that
 * fails late, and leftovers that cannot be deleted. Builds run as child processes, as
 * `npm run build` and `npm run dev` do.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { promises as fsp } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { recoverDist, servingRoot, swapPaths } from "../../scripts/lib/swap.ts";
import { projectsRemovedAfterAll } from "./project.ts";
import { fingerprint } from "./support/fingerprint.ts";

const CHILD = path.join(ROOT, "tests/unit/support/build-child.ts");
const project = projectsRemovedAfterAll(afterAll);

function build(root: string, ...flags: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, root, ...flags], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stderr }));
  });
}

const leftovers = (root: string) => readdirSync(root).filter((n) => n.startsWith(".dist"));
const HEADING = '"heading": "Plans that Grow with Your Building"';

describe("dist/ while builds replace it", () => {
  it("a build killed between the two renames: the site is still served, and the next build restores it even when it fails", async () => {
    const p = project();
    const page = path.join(p.content, "pages/pricing.json");
    const base = readFileSync(page, "utf8");
    expect(base).toContain(HEADING);
    expect((await build(p.root)).code).toBe(0);
    const before = fingerprint(p.dist);

    writeFileSync(page, base.replace(HEADING, '"heading": "Plans for Every Building"'));
    const killed = await build(p.root, "--die-between-renames");
    expect(killed.signal).toBe("SIGKILL");
    // The worst moment: no dist/, the journal names the new folder, which a server serves meanwhile.
    expect(existsSync(p.dist)).toBe(false);
    expect(existsSync(swapPaths(p.dist).journal)).toBe(true);
    const serving = await servingRoot(p.dist);
    expect(serving).toBeDefined();
    expect(readFileSync(path.join(serving!, "pricing/index.html"), "utf8")).toContain("Plans for Every Building");
    const killedOutput = fingerprint(serving!);
    expect(killedOutput).not.toBe(before);

    // The next build has broken content, so it writes nothing, yet it restores the site first.
    writeFileSync(page, "{ broken");
    const next = await build(p.root);
    expect(next.code).toBe(1);
    expect(fingerprint(p.dist)).toBe(killedOutput);
    expect(leftovers(p.root)).toEqual([]);
  }, 120_000);

  it("two builds at once both succeed, and leave one complete dist/ and nothing beside it", async () => {
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
      expect(leftovers(p.root)).toEqual([]);
    }
  }, 180_000);
});

describe("leftovers of dead builds", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are deleted; one that cannot be deleted is reported in a sentence and does not stop the build", async () => {
    const p = project();
    mkdirSync(p.dist);
    writeFileSync(path.join(p.dist, "index.html"), "site");
    const { parent, tmpPrefix, oldPrefix } = swapPaths(p.dist);
    // Process ids that cannot be running (above the kernel's pid_max), and this very process's, which is alive.
    for (const name of [`${tmpPrefix}99999999-1`, `${oldPrefix}99999999-2`, `${tmpPrefix}99999998-1`, `${tmpPrefix}${process.pid}-77`]) mkdirSync(path.join(parent, name));
    const rm = fsp.rm;
    vi.spyOn(fsp, "rm").mockImplementation(async (target, options) => {
      if (String(target).endsWith(`${tmpPrefix}99999998-1`)) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      return rm(target, options);
    });
    const problems = await recoverDist(p.dist);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Could not delete .*\.dist-tmp-99999998-1, left by an earlier build \(EACCES\)/);
    expect(leftovers(p.root).sort()).toEqual([`${tmpPrefix}99999998-1`, `${tmpPrefix}${process.pid}-77`].sort());
    expect(readFileSync(path.join(p.dist, "index.html"), "utf8")).toBe("site");
  });
});
