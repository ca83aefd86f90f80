/**
 * Bench section 10: a long run of the differential oracle (tests/unit/oracle.test.ts): random
 * sequences of editors' edits, and after each, every fast path (npm run build's stored memo, the
 * dev server's builder and its one-page rebuild, the Studio's preview) against a build from
 * scratch, byte for byte. `npm test` runs a few sequences; this runs ORACLE_RUNS × ORACLE_STEPS
 * (default 20 × 30) and reports how many edits were checked, how long it took and whether any
 * path differed (the counter-example is in the output when one did).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "../lib/paths.ts";

const VITEST = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");

export interface OracleBench {
  runs: number;
  maxSteps: number;
  passed: boolean;
  ms: number;
  /** The first lines of the failure (the edits and the file that differs) when a path differed. */
  failure?: string;
}

export async function oracleBench(runs = Number(process.env["ORACLE_RUNS"] ?? 20), maxSteps = Number(process.env["ORACLE_STEPS"] ?? 30)): Promise<OracleBench> {
  const started = performance.now();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST, "run", "tests/unit/oracle.test.ts", "-t", "random"], {
      cwd: ROOT,
      env: { ...process.env, ORACLE_RUNS: String(runs), ORACLE_STEPS: String(maxSteps), ORACLE_SHRINK: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("exit", (c) => resolve({ code: c, output: out }));
  });
  const ms = Math.round(performance.now() - started);
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const failure = code === 0 ? undefined : (plain.slice(plain.indexOf("Caused by")).split("\n").slice(0, 30).join("\n") || plain.slice(-3000));
  return { runs, maxSteps, passed: code === 0, ms, ...(failure ? { failure } : {}) };
}
