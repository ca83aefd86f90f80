/**
 * Nothing half-done reaches dist/: full builds (child processes) are killed with
 * SIGKILL at random moments, and each time dist/ must be either the previous
 * complete output or the new complete output, byte for byte. The two contents
 * differ in one heading, so the two outputs differ.
 *
 * Half the builds are incremental (`npm run build` with its stored memo), which bring the
 * spare version up to date and swap it in (pipeline/stages/write/write.ts): the same holds for them, and
 * the next build that runs to the end writes exactly the complete output whatever a killed one
 * left (one is killed at the worst moment: its first file replaced, its memo not yet stored).
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { tempProject } from "./project.ts";
import { fingerprint } from "./support/fingerprint.ts";
import { besideDist } from "../generator/support/versions.ts";

const KILLS = Number(process.env["KILL_RUNS"] ?? 10);
// The child build runs from the generator's bundle, as `npm run build` does (support/build-child.mjs).
const CHILD = path.join(ROOT, "tests/unit/support/build-child.mjs");
const project = tempProject();
afterAll(() => project.cleanup());

const PAGE = path.join(project.content, "pages/pricing.json");
const base = readFileSync(PAGE, "utf8");
const versions = [base, base.replace('"heading": "Plans that Grow with Your Building"', '"heading": "Plans that Grow with Every Building"')];
if (versions[0] === versions[1]) throw new Error("pricing.json no longer has the heading this test changes");

/** Runs a build; with killAfter, kills it (SIGKILL) after that many ms. Resolves when it has exited. */
function build(killAfter?: number, flags: string[] = []): Promise<number | null> {
  return new Promise((resolve, reject) => {
    // An incremental build keeps its memo in a build cache of this test's own.
    const env = { ...process.env, SSG_CACHE_DIR: path.join(project.root, "cache") };
    const child = spawn(process.execPath, [CHILD, project.root, ...flags], { cwd: ROOT, stdio: "ignore", env });
    const timer = killAfter === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfter);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe("a build killed at any moment", () => {
  it(`leaves dist/ either as it was or complete and new (${KILLS} kills)`, async () => {
    // The two complete outputs, from builds that ran to the end.
    const outputs: string[] = [];
    for (const v of versions) {
      writeFileSync(PAGE, v);
      expect(await build()).toBe(0);
      outputs.push(fingerprint(project.dist));
    }
    expect(outputs[0]).not.toBe(outputs[1]);
    let current = 1;
    let timed = 0;
    const started = performance.now();
    expect(await build()).toBe(0);
    const full = performance.now() - started;
    const seen = { old: 0, new: 0 };
    for (let i = 0; i < KILLS; i++) {
      const next = 1 - current;
      writeFileSync(PAGE, versions[next]!);
      // Half the kills anywhere in the run, half near its end, where the output is written.
      const at = Math.round(full * (i % 2 === 0 ? Math.random() * 1.1 : 0.8 + Math.random() * 0.3));
      const code = await build(at, i % 4 < 2 ? [] : ["--incremental"]);
      timed++;
      // dist/ is a link to a complete version at every instant (lib/swap.ts): nothing to restore first.
      const now = fingerprint(project.dist);
      expect([outputs[current], outputs[next]], `killed after ${at} ms (exit ${code})`).toContain(now);
      if (now === outputs[next]) {
        seen.new++;
        current = next;
      } else seen.old++;
    }
    expect(timed).toBe(KILLS);
    // The next complete build clears what killed builds left beside dist/.
    writeFileSync(PAGE, versions[1 - current]!);
    expect(await build()).toBe(0);
    expect((await besideDist(project.dist)).leftovers).toEqual([]);
    console.log(`killed builds: ${seen.old} left the previous output, ${seen.new} completed; a full build took ${Math.round(full)} ms`);
  }, 240_000);

  it("as an incremental build killed after its first file in the spare version: dist/ stays as it was, and the next build writes the complete output", async () => {
    const outputs: string[] = [];
    for (const v of versions) {
      writeFileSync(PAGE, v);
      expect(await build()).toBe(0);
      outputs.push(fingerprint(project.dist));
    }
    // Two complete incremental builds: the stored memo then knows dist/'s version (0) and the spare (1).
    expect(await build(undefined, ["--incremental"])).toBe(0);
    writeFileSync(PAGE, versions[0]!);
    expect(await build(undefined, ["--incremental"])).toBe(0);
    expect(fingerprint(project.dist)).toBe(outputs[0]);
    // A third heading, killed once it has replaced the pricing page in the spare: dist/ is untouched.
    writeFileSync(PAGE, base.replace('"heading": "Plans that Grow with Your Building"', '"heading": "Plans for a Killed Build"'));
    expect(await build(undefined, ["--incremental", "--die-mid-update"])).toBe(null);
    expect(fingerprint(project.dist)).toBe(outputs[0]);
    // Back to version 1, which the spare held before the kill: a build that trusted the memo would keep the killed build's page.
    writeFileSync(PAGE, versions[1]!);
    expect(await build(undefined, ["--incremental"])).toBe(0);
    expect(fingerprint(project.dist)).toBe(outputs[1]);
    expect(readdirSync(project.dist, { recursive: true }).filter((f) => String(f).includes(".ssg-tmp"))).toEqual([]);
    expect((await besideDist(project.dist)).leftovers).toEqual([]);
  }, 240_000);
});
