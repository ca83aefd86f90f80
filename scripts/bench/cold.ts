/**
 * Section 1, cold: full-site builds, each `node scripts/build.mjs --full` (npm run build from scratch) as a fresh
 * child process, RUNS times: wall time, the build's own "in N ms", peak memory (max RSS)
 * and CPU time (user + system, all threads) from /usr/bin/time, or max RSS from a preload
 * calling process.resourceUsage() where /usr/bin/time does not work. scripts/build.ts takes
 * no output override, so these builds write the real dist/ (the write step swaps dist/ in
 * atomically; nothing else is touched). Then 3 runs as a fresh clone: no bundle of the
 * generator, no tsx transform cache (TSX_DISABLE_CACHE=1) and an empty SSG_CACHE_DIR per run (the compiled schema
 * validators, see scripts/pipeline/stages/validate/compiled-schemas.ts).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { ROOT } from "../lib/paths.ts";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BUILD_COMMAND, BUNDLES_DIR, parseTime, round, run, RUNS, TIME, TIME_FORMAT } from "./shared.ts";

export interface ColdRun {
  wallMs: number;
  /** The build's own "in N ms" line (from start of runPipeline to the end). */
  reportedMs: number | undefined;
  maxRssKiB: number | undefined;
  /** User + system CPU time of the process and its threads (from /usr/bin/time): steadier than wall time on a busy machine. */
  cpuMs?: number | undefined;
}

export interface ColdBuilds {
  /** How max RSS was measured. */
  method: string;
  runs: ColdRun[];
}

const RSS_PRELOAD = `
import { writeFileSync } from "node:fs";
process.on("exit", () => {
  const out = process.env.BENCH_RSS_FILE;
  if (out) writeFileSync(out, String(process.resourceUsage().maxRSS));
});
`;

async function timeWorks(): Promise<boolean> {
  if (!existsSync(TIME)) return false;
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-time-"));
  try {
    const out = path.join(tmp, "rss");
    const r = await run(TIME, ["-f", "%M", "-o", out, process.execPath, "-e", "0"], process.env);
    return r.code === 0 && /^\d+\s*$/.test(await readFile(out, "utf8"));
  } catch {
    return false;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function coldBuilds(extraEnv: NodeJS.ProcessEnv | ((run: number) => NodeJS.ProcessEnv) = {}, runs_ = RUNS, before?: (run: number) => void): Promise<ColdBuilds> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-"));
  const useTime = await timeWorks();
  const preload = path.join(tmp, "rss-preload.mjs");
  if (!useTime) await writeFile(preload, RSS_PRELOAD);
  const runs: ColdRun[] = [];
  try {
    for (let i = 0; i < runs_; i++) {
      const rssFile = path.join(tmp, `rss-${i}`);
      before?.(i);
      const node = [process.execPath, ...(useTime ? [] : ["--import", preload]), ...BUILD_COMMAND, "--full"];
      const [cmd, ...args] = useTime ? [TIME, "-f", TIME_FORMAT, "-o", rssFile, ...node] : node;
      const started = performance.now();
      const r = await run(cmd!, args, { ...process.env, ...(typeof extraEnv === "function" ? extraEnv(i) : extraEnv), BENCH_RSS_FILE: rssFile });
      const wallMs = performance.now() - started;
      if (r.code !== 0) {
        process.stderr.write(r.stdout + r.stderr);
        throw new Error(`Cold build ${i + 1} exited with ${r.code}; nothing to measure.`);
      }
      const timed = useTime ? parseTime(rssFile) : { maxRssKiB: existsSync(rssFile) ? parseInt(readFileSync(rssFile, "utf8"), 10) : undefined, cpuMs: undefined };
      const reported = /in (\d+) ms/.exec(r.stdout)?.[1];
      runs.push({
        wallMs: round(wallMs),
        reportedMs: reported === undefined ? undefined : Number(reported),
        ...timed,
      });
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { method: useTime ? `${TIME} -f %M (node process with its worker threads; esbuild's own process not included)` : "process.resourceUsage().maxRSS at exit (node process only)", runs };
}

/**
 * RUNS cold builds with the caches as they are; then 3 as a fresh clone after `npm ci` (its
 * "prepare" bundles the generator: timed apart, as install time), with no build cache, no tsx
 * transform cache, and the project's committed generated files (lib/generated.ts); then 3 from
 * nothing: no bundle either, and SSG_GENERATED=0 with an empty cache, so every photo copy,
 * image, the font and the validators are made.
 */
export async function coldBuild(): Promise<{ cached: ColdBuilds; noCache: ColdBuilds; prepareMs: number[]; nothing: ColdBuilds }> {
  const cached = await coldBuilds();
  const fresh = await mkdtemp(path.join(os.tmpdir(), "bench-fresh-"));
  const prepareMs: number[] = [];
  const prepare = () => {
    rmSync(BUNDLES_DIR, { recursive: true, force: true });
    const started = performance.now();
    execFileSync(process.execPath, ["scripts/lib/bundle.mjs", "--prepare"], { cwd: ROOT, stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
    prepareMs.push(round(performance.now() - started));
  };
  try {
    const noCache = await coldBuilds((i) => ({ TSX_DISABLE_CACHE: "1", SSG_CACHE_DIR: path.join(fresh, String(i)) }), 3, prepare);
    const nothing = await coldBuilds((i) => ({ TSX_DISABLE_CACHE: "1", SSG_GENERATED: "0", SSG_CACHE_DIR: path.join(fresh, `nothing-${i}`) }), 3, () => rmSync(BUNDLES_DIR, { recursive: true, force: true }));
    return { cached, noCache, prepareMs, nothing };
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}
