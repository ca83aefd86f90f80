/**
 * Section 5, scale: a copy of content/ and schemas/ plus 1,000 and 4,000 synthetic Markdown
 * guides (scripts/lib/synthetic-guides.ts), each built by `node --import tsx scripts/build.ts`
 * with BOS_PROJECT_ROOT pointing at the copy, as a fresh process under /usr/bin/time after
 * removing the output and flushing the disk: wall time, ms per page, peak memory and CPU
 * time, median of SCALE_RUNS. The largest size is also built single-threaded (BOS_WORKERS=0)
 * and by the Eleventy anchor (scripts/lib/eleventy-anchor.ts: pinned Eleventy, installed on
 * demand into .reports/anchors/) from the same files with a layout cut from our guide page,
 * its runs interleaved with ours so that both see the same machine load.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ELEVENTY_VERSION, ensureEleventy, writeEleventyProject } from "../lib/eleventy-anchor.ts";
import { ROOT } from "../lib/paths.ts";
import { spread, type Spread } from "../lib/sizes.ts";
import { syntheticGuideName, writeSyntheticProject } from "../lib/synthetic-guides.ts";
import { parseTime, round, run, TIME, TIME_FORMAT } from "./shared.ts";

export const SCALE_RUNS = 3;
export const SCALE_SIZES = [1000, 4000];

export interface TimedRun {
  wallMs: number;
  maxRssKiB: number | undefined;
  cpuMs?: number | undefined;
}

/** One command as a fresh process under /usr/bin/time (peak RSS of the process and its threads), after removing `output` and flushing the disk. */
async function timed(command: string[], env: NodeJS.ProcessEnv, cwd: string, output: string): Promise<TimedRun & { stdout: string }> {
  rmSync(output, { recursive: true, force: true });
  try {
    execFileSync("sync");
  } catch {
    // no sync command: the disk is flushed when it is
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-rss-"));
  const rssFile = path.join(tmp, "rss");
  const useTime = existsSync(TIME);
  const [cmd, ...args] = useTime ? [TIME, "-f", TIME_FORMAT, "-o", rssFile, ...command] : command;
  const started = performance.now();
  const r = await run(cmd!, args, env, cwd);
  const wallMs = round(performance.now() - started);
  const { maxRssKiB, cpuMs } = parseTime(rssFile);
  rmSync(tmp, { recursive: true, force: true });
  if (r.code !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`${command.join(" ")} exited with ${r.code}`);
  }
  return { wallMs, maxRssKiB, cpuMs, stdout: r.stdout };
}

export interface ScaleRow {
  name: string;
  guides: number;
  pages: number;
  command: string;
  runs: TimedRun[];
  wallMs: Spread;
  msPerPage: number;
  maxRssKiB: Spread | undefined;
  cpuMs: Spread | undefined;
}

function scaleRow(name: string, guides: number, pages: number, command: string, runs: TimedRun[]): ScaleRow {
  const wallMs = spread(runs.map((r) => r.wallMs));
  const rssValues = runs.flatMap((r) => (r.maxRssKiB === undefined ? [] : [r.maxRssKiB]));
  const cpuValues = runs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]));
  return { name, guides, pages, command, runs, wallMs, msPerPage: round((wallMs.median / pages) * 100) / 100, maxRssKiB: rssValues.length ? spread(rssValues) : undefined, cpuMs: cpuValues.length ? spread(cpuValues) : undefined };
}

export async function scale(): Promise<{ rows: ScaleRow[]; eleventy: { version: string; layout: string } }> {
  const build = [process.execPath, "--import", "tsx", "scripts/build.ts"];
  const eleventyCmd = ensureEleventy();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-scale-"));
  const rows: ScaleRow[] = [];
  try {
    for (const n of SCALE_SIZES) {
      const root = path.join(tmp, `site-${n}`);
      writeSyntheticProject(root, n);
      const env = { ...process.env, BOS_PROJECT_ROOT: root };
      const dist = path.join(root, "dist");
      const ours: TimedRun[] = [];
      const single: TimedRun[] = [];
      const eleventy: TimedRun[] = [];
      let pages = 0;
      const anchored = n === Math.max(...SCALE_SIZES);
      let e11: { input: string; output: string } | undefined;
      for (let i = 0; i < SCALE_RUNS; i++) {
        const r = await timed(build, env, ROOT, dist);
        pages = Number(/Built (\d+) page/.exec(r.stdout)?.[1] ?? n);
        ours.push({ wallMs: r.wallMs, maxRssKiB: r.maxRssKiB, cpuMs: r.cpuMs });
        if (!anchored) continue;
        const s = await timed(build, { ...env, BOS_WORKERS: "0" }, ROOT, dist);
        single.push({ wallMs: s.wallMs, maxRssKiB: s.maxRssKiB, cpuMs: s.cpuMs });
        e11 ??= writeEleventyProject(path.join(tmp, `eleventy-${n}`), n, readFileSync(path.join(dist, "resources", "guides", syntheticGuideName(0), "index.html"), "utf8"));
        // Relative folders, run from the project: given absolute ones, Eleventy 3.1.8 skips the
        // directory data file (resources/guides/guides.11tydata.json) and so the layout, and
        // wrote 1 KB fragments instead of whole pages (measured before this was caught).
        const e = await timed([process.execPath, eleventyCmd, `--input=${path.basename(e11.input)}`, `--output=${path.basename(e11.output)}`, "--quiet"], { ...process.env }, path.dirname(e11.input), e11.output);
        const sample = readFileSync(path.join(e11.output, "resources", "guides", syntheticGuideName(0), "index.html"), "utf8");
        if (!sample.startsWith("<!DOCTYPE html>") || !sample.includes("</footer>")) throw new Error("Eleventy wrote a guide without the page layout: the anchor would not measure the same work.");
        eleventy.push({ wallMs: e.wallMs, maxRssKiB: e.maxRssKiB, cpuMs: e.cpuMs });
      }
      rows.push(scaleRow(`ours, ${n} guides`, n, pages, `BOS_PROJECT_ROOT=<tmp> ${build.slice(1).join(" ")}`, ours));
      if (single.length) rows.push(scaleRow(`ours, ${n} guides, BOS_WORKERS=0`, n, pages, `BOS_WORKERS=0 BOS_PROJECT_ROOT=<tmp> ${build.slice(1).join(" ")}`, single));
      if (eleventy.length) rows.push(scaleRow(`Eleventy ${ELEVENTY_VERSION}, ${n} guides`, n, n, `eleventy --input=<tmp>/src --output=<tmp>/_site --quiet`, eleventy));
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { rows, eleventy: { version: ELEVENTY_VERSION, layout: "our guide page's head, header and footer verbatim; article fields and the Markdown body filled in by Liquid" } };
}
