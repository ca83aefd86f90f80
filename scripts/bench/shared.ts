/**
 * Helpers shared by the bench sections (scripts/bench/*.ts): the project paths, the run
 * count, rounding, child processes with /usr/bin/time (peak RSS and CPU time of a process
 * and its threads), a free local port and a sleep. Measures nothing itself.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import { existsSync, readFileSync } from "node:fs";
import { projectPaths, ROOT } from "../lib/paths.ts";

/** Runs of the cold, stages and reload sections. */
export const RUNS = 5;
export const paths = projectPaths();

export function round(n: number): number {
  return Math.round(n * 10) / 10;
}

export const TIME = "/usr/bin/time";
/** /usr/bin/time's output: peak RSS in KiB, user and system seconds. */
export const TIME_FORMAT = "%M %U %S";
export function parseTime(file: string): { maxRssKiB: number | undefined; cpuMs: number | undefined } {
  if (!existsSync(file)) return { maxRssKiB: undefined, cpuMs: undefined };
  const [rss, user, sys] = (readFileSync(file, "utf8").trim().split("\n").pop() ?? "").split(/\s+/).map(Number);
  return {
    maxRssKiB: Number.isFinite(rss) ? rss : undefined,
    cpuMs: Number.isFinite(user) && Number.isFinite(sys) ? Math.round((user! + sys!) * 1000) : undefined,
  };
}

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The build as `npm run build` starts it: from the generator's bundle (scripts/build.mjs; scripts/lib/bundle.mjs). */
export const BUILD_COMMAND = ["scripts/build.mjs"];
/** Where the generator's bundles are kept: removed to measure a build as a fresh clone would run it. */
export { BUNDLES_DIR } from "../lib/bundle.mjs";
