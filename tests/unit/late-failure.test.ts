/**
 * A build that fails late leaves nothing beside dist/ and dist/ as it was: at the
 * headers stage (the last check before writing), and while writing under a file-size
 * limit, which `npm run build` reports as one sentence with the path.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { projectsRemovedAfterAll } from "./project.ts";
import { fingerprint } from "./support/fingerprint.ts";

vi.mock("../../scripts/pipeline/stages/headers/headers.ts", async (original) => {
  const actual = await original<typeof import("../../scripts/pipeline/stages/headers/headers.ts")>();
  return {
    ...actual,
    headerFiles: (...args: Parameters<typeof actual.headerFiles>) => {
      const out = actual.headerFiles(...args);
      if (process.env["FAIL_HEADERS"] !== "1") return out;
      return { ...out, issues: [...out.issues, { code: "csp-blocked-markup" as const, severity: "error" as const, file: "content/site.json", line: 1, column: 1, pointer: "", message: "A fault injected by late-failure.test.ts." }] };
    },
  };
});

const project = projectsRemovedAfterAll(afterAll);
const besideDist = (root: string) => readdirSync(root).filter((n) => n.startsWith(".dist"));

function previousSite(dist: string): string {
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, "index.html"), "the previous site");
  return fingerprint(dist);
}

describe("a build that fails late", () => {
  it("at the headers stage: dist/ is unchanged and its folder is gone", async () => {
    const p = project();
    const before = previousSite(p.dist);
    process.env["FAIL_HEADERS"] = "1";
    try {
      const result = await runPipeline(p, { mode: "build" });
      expect(result.ok).toBe(false);
      expect(result.issues.map((i) => i.message)).toContain("A fault injected by late-failure.test.ts.");
    } finally {
      delete process.env["FAIL_HEADERS"];
    }
    expect(fingerprint(p.dist)).toBe(before);
    expect(besideDist(p.root)).toEqual([]);
  }, 120_000);

  it("under a file-size limit: npm run build says so in one sentence with the path, and changes nothing", async () => {
    const p = project();
    const before = previousSite(p.dist);
    // 40 blocks of 512 bytes: the assets fit, the larger pages do not.
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn("bash", ["-c", `ulimit -f 40; exec "${process.execPath}" --import tsx scripts/build.ts`], {
        cwd: ROOT,
        env: { ...process.env, SSG_PROJECT_ROOT: p.root },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d));
      child.stderr.on("data", (d: Buffer) => (stderr += d));
      child.on("error", reject);
      child.on("exit", (c) => resolve({ code: c, stdout, stderr }));
    });
    expect(code, stdout + stderr).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Could not write \S+: the file would be larger than the file-size limit \(ulimit -f\) \(EFBIG\)\. Nothing was written; dist\/ is unchanged\.$/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(fingerprint(p.dist)).toBe(before);
    expect(besideDist(p.root)).toEqual([]);
  }, 120_000);
});
