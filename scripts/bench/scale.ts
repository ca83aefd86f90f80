/**
 * Section 5, scale: a copy of the project's content/ and schemas/ plus 1,000 and 4,000
 * synthetic Markdown entries of its first Markdown kind, as its site module declares it
 * (scripts/lib/synthetic-entries.ts: front matter derived from the kind's schema, links at
 * its route), each built by `node scripts/build.mjs` (npm run build) with SSG_PROJECT_ROOT
 * pointing at the copy, as a fresh process under /usr/bin/time after removing the output
 * and flushing the disk: wall time, ms per page, peak memory and CPU time, median of
 * SCALE_RUNS. Each size is also built by two anchors from the same files at the same route,
 * with a layout cut from our page of the first entry (scripts/lib/anchor-layout.ts), their
 * runs interleaved with ours so that all see the same machine load: Eleventy
 * (scripts/lib/eleventy-anchor.ts: pinned, installed on demand into .reports/anchors/) and
 * Hugo when a `hugo` is on the PATH (scripts/lib/hugo-anchor.ts; never downloaded), each
 * checked to write every entry's page in the whole layout. The largest size is also built
 * single-threaded (SSG_WORKERS=0).
 * Other sizes: `npm run bench -- --only=scale --scale-sizes=50,200` (scripts/bench.ts). A
 * project that declares no Markdown kind skips the section, saying so.
 */
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ELEVENTY_LAYOUT, ELEVENTY_VERSION, eleventyPageProblem, ensureEleventy, writeEleventyProject } from "../lib/eleventy-anchor.ts";
import { findHugo, HUGO_LAYOUT, hugoPageProblem, writeHugoProject } from "../lib/hugo-anchor.ts";
import { projectPaths, rel, ROOT } from "../lib/paths.ts";
import { swapPaths } from "../lib/swap.ts";
import { spread, type Spread } from "../lib/sizes.ts";
import { entryPath, firstMarkdownKind, syntheticEntryName, writeSyntheticProject } from "../lib/synthetic-entries.ts";
import { SITE_MODULE } from "../lib/site-module.ts";
import { saveToReload } from "./reload.ts";
import { BUILD_COMMAND, parseTime, paths, round, run, TIME, TIME_FORMAT } from "./shared.ts";

export const SCALE_RUNS = 3;
export const SCALE_SIZES = [1000, 4000];

export interface TimedRun {
  wallMs: number;
  maxRssKiB: number | undefined;
  cpuMs?: number | undefined;
}

/**
 * Moves an earlier run's output out of the way (a sibling folder, removed with the section's
 * temporary folder) instead of deleting it, unless the disk is short of room. Deleting it
 * right before the next run made that run pay for the deletion: ext4 without a journal (the
 * file system of this project's machines) skips inodes freed in the last 60-300 s when it
 * makes a file, with a buffer lookup each, and creating 4,000 pages right after deleting
 * 4,000 took 1.5-2.5 s more system time (perf: find_inode_bit -> recently_deleted), for every
 * tool alike, by an amount that depended on the order of the runs.
 */
function setAside(output: string): void {
  if (!existsSync(output)) return;
  let free = 0;
  try {
    const s = statfsSync(path.dirname(output));
    free = s.bavail * s.bsize;
  } catch {
    // unknown: delete as before
  }
  // Our dist is a link to a version, with the spare beside it (lib/swap.ts): the versions are what is set aside (or deleted).
  const folders = lstatSync(output).isSymbolicLink() ? [swapPaths(output).dist, swapPaths(output).spare].flatMap((l) => (existsSync(l) ? [realpathSync(l)] : [])) : [output];
  const links = folders[0] === output ? [] : [output, swapPaths(output).spare];
  for (const folder of folders) {
    if (free < SET_ASIDE_RESERVE) rmSync(folder, { recursive: true, force: true });
    else renameSync(folder, `${output}.run-${++setAsideRuns}`);
  }
  for (const link of links) rmSync(link, { force: true });
}
let setAsideRuns = 0;
/** Free space below which earlier outputs are deleted after all (the 4,000-entry runs set ~5 GB aside). */
const SET_ASIDE_RESERVE = 12 * 1024 ** 3;

/** One command as a fresh process under /usr/bin/time (peak RSS of the process and its threads), after moving `output` aside (unless `keep`) and flushing the disk. */
export async function timed(command: string[], env: NodeJS.ProcessEnv, cwd: string, output: string, keep = false): Promise<TimedRun & { stdout: string }> {
  if (!keep) setAside(output);
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
  /** Synthetic entries in the build. */
  entries: number;
  pages: number;
  command: string;
  runs: TimedRun[];
  wallMs: Spread;
  msPerPage: number;
  maxRssKiB: Spread | undefined;
  cpuMs: Spread | undefined;
}

function scaleRow(name: string, entries: number, pages: number, command: string, runs: TimedRun[]): ScaleRow {
  const wallMs = spread(runs.map((r) => r.wallMs));
  const rssValues = runs.flatMap((r) => (r.maxRssKiB === undefined ? [] : [r.maxRssKiB]));
  const cpuValues = runs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]));
  return { name, entries, pages, command, runs, wallMs, msPerPage: round((wallMs.median / pages) * 100) / 100, maxRssKiB: rssValues.length ? spread(rssValues) : undefined, cpuMs: cpuValues.length ? spread(cpuValues) : undefined };
}

/** npm run dev at the largest size: save-to-reload times of the home page's file. */
export interface DevReload {
  entries: number;
  file: string;
  times: number[];
  median: number;
}

/** What the scale section measured, or why it did not run. */
export type ScaleResult =
  | {
      kind: { name: string; dir: string; route: string; schema: string };
      sizes: number[];
      rows: ScaleRow[];
      eleventy: { version: string; layout: string };
      hugo: { version: string; layout: string } | { missing: string };
      devReload?: DevReload | undefined;
    }
  | { skipped: string };

/** The scale test at `sizes` (SCALE_SIZES unless given) synthetic entries of the project's first Markdown kind. */
export async function scale(sizes: number[] = SCALE_SIZES): Promise<ScaleResult> {
  const source = await firstMarkdownKind(paths);
  if (!source) {
    const file = path.join(paths.templates, SITE_MODULE);
    const shown = file.startsWith(paths.root + path.sep) ? rel(paths.root, file) : file;
    return { skipped: `${shown} declares no Markdown kind (kinds): there is nothing to make synthetic entries of.` };
  }
  const { kind } = source;
  // Cold builds: from scratch (--full), as the output is removed before each anyway.
  const build = [process.execPath, ...BUILD_COMMAND, "--full"];
  const incremental = [process.execPath, ...BUILD_COMMAND];
  const eleventyCmd = ensureEleventy();
  const hugo = findHugo();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-scale-"));
  const rows: ScaleRow[] = [];
  const largest = Math.max(...sizes);
  let incrementalRow: ScaleRow | undefined;
  let labelRow: ScaleRow | undefined;
  let devReload: DevReload | undefined;
  try {
    for (const n of sizes) {
      const root = path.join(tmp, `site-${n}`);
      writeSyntheticProject(root, paths, source, n);
      const env = { ...process.env, SSG_PROJECT_ROOT: root };
      const dist = path.join(root, "dist");
      const ours: TimedRun[] = [];
      const empty: TimedRun[] = [];
      const single: TimedRun[] = [];
      const eleventy: TimedRun[] = [];
      const hugoRuns: TimedRun[] = [];
      let pages = 0;
      let e11: ReturnType<typeof writeEleventyProject> | undefined;
      let h: ReturnType<typeof writeHugoProject> | undefined;
      // Each round builds with every tool in turn, so that all see the same machine load.
      for (let i = 0; i < SCALE_RUNS; i++) {
        const r = await timed(build, env, ROOT, dist);
        pages = Number(/Built (\d+) page/.exec(r.stdout)?.[1] ?? n);
        ours.push({ wallMs: r.wallMs, maxRssKiB: r.maxRssKiB, cpuMs: r.cpuMs });
        // As CI builds a fresh clone: an empty build cache (the project's committed generated files, lib/generated.ts, as a clone has them).
        const c = await timed(build, { ...env, SSG_CACHE_DIR: path.join(tmp, `empty-cache-${n}-${i}`) }, ROOT, dist);
        empty.push({ wallMs: c.wallMs, maxRssKiB: c.maxRssKiB, cpuMs: c.cpuMs });
        if (n === largest) {
          const s = await timed(build, { ...env, SSG_WORKERS: "0" }, ROOT, dist);
          single.push({ wallMs: s.wallMs, maxRssKiB: s.maxRssKiB, cpuMs: s.cpuMs });
        }
        const ourSample = readFileSync(entryPageFile(dist, entryPath(kind, syntheticEntryName(0))), "utf8");
        e11 ??= writeEleventyProject(path.join(tmp, `eleventy-${n}`), source, n, ourSample);
        // Relative folders, run from the project: given absolute ones, Eleventy 3.1.8 skips the
        // directory data file (<folder>/<folder>.11tydata.json) and so the layout, and
        // wrote 1 KB fragments instead of whole pages (measured before this was caught).
        const e = await timed([process.execPath, eleventyCmd, `--input=${path.basename(e11.input)}`, `--output=${path.basename(e11.output)}`, "--quiet"], { ...process.env }, path.dirname(e11.input), e11.output);
        const problem = eleventyPageProblem(readFileSync(e11.sample, "utf8"), e11.layoutEnds);
        if (problem) throw new Error(problem);
        eleventy.push({ wallMs: e.wallMs, maxRssKiB: e.maxRssKiB, cpuMs: e.cpuMs });
        if (hugo) {
          h ??= writeHugoProject(path.join(tmp, `hugo-${n}`), source, n, ourSample);
          const g = await timed([hugo.command, "--quiet", "--source", h.root, "--destination", h.output], { ...process.env }, h.root, h.output);
          const wrong = hugoPageProblem(readFileSync(h.sample, "utf8"), h.layoutEnds) ?? pagesProblem("Hugo", h.output, n);
          if (wrong) throw new Error(wrong);
          hugoRuns.push({ wallMs: g.wallMs, maxRssKiB: g.maxRssKiB, cpuMs: g.cpuMs });
        }
      }
      if (n === largest) {
        // One guide changed among n, with the build cache and dist/ of the last build: npm run build renders and writes what changed.
        const changed: TimedRun[] = [];
        for (let i = 0; i < SCALE_RUNS; i++) {
          const file = path.join(root, "content", kind.dir, `${syntheticEntryName(i)}.md`);
          writeFileSync(file, readFileSync(file, "utf8").replace(/\b([Ll])orem\b/, (_, l: string) => `${l === "L" ? "l" : "L"}orem`));
          const r = await timed(incremental, env, ROOT, dist, true);
          changed.push({ wallMs: r.wallMs, maxRssKiB: r.maxRssKiB, cpuMs: r.cpuMs });
        }
        incrementalRow = scaleRow(`ours, ${n} entries, one changed (incremental)`, n, pages, `SSG_PROJECT_ROOT=<tmp> node ${BUILD_COMMAND.join(" ")} after editing one entry`, changed);
        // One label of site.json changed (the site's name, in every page's header and head): every page is drawn and written again.
        const label: TimedRun[] = [];
        const siteFile = path.join(root, "content", "site.json");
        const siteText = readFileSync(siteFile, "utf8");
        const brand = (JSON.parse(siteText) as { brand?: unknown }).brand;
        if (typeof brand === "string") {
          for (let i = 0; i < SCALE_RUNS; i++) {
            writeFileSync(siteFile, siteText.replace(JSON.stringify(brand), JSON.stringify(i % 2 === 0 ? `${brand} Co` : brand)));
            const r = await timed(incremental, env, ROOT, dist, true);
            label.push({ wallMs: r.wallMs, maxRssKiB: r.maxRssKiB, cpuMs: r.cpuMs });
          }
          writeFileSync(siteFile, siteText);
          labelRow = scaleRow(`ours, ${n} entries, site.json's brand changed (incremental)`, n, pages, `SSG_PROJECT_ROOT=<tmp> node ${BUILD_COMMAND.join(" ")} after editing site.json's brand`, label);
        }
        // npm run dev on the same project: a save of its home page's file until the reload event.
        const reload = await saveToReload(projectPaths(root), { SSG_PROJECT_ROOT: root }, 30_000, 2000);
        devReload = { entries: n, file: rel(root, reload.file), times: reload.times, median: spread(reload.times).median };
      }
      rows.push(scaleRow(`ours, ${n} entries, empty build cache (fresh clone, CI)`, n, pages, `SSG_CACHE_DIR=<empty> SSG_PROJECT_ROOT=<tmp> node ${BUILD_COMMAND.join(" ")} --full`, empty));
      rows.push(scaleRow(`ours, ${n} entries, build cache kept`, n, pages, `SSG_PROJECT_ROOT=<tmp> node ${BUILD_COMMAND.join(" ")} --full`, ours));
      if (incrementalRow) rows.push(incrementalRow);
      if (labelRow) rows.push(labelRow);
      if (single.length) rows.push(scaleRow(`ours, ${n} entries, SSG_WORKERS=0`, n, pages, `SSG_WORKERS=0 SSG_PROJECT_ROOT=<tmp> node ${BUILD_COMMAND.join(" ")} --full`, single));
      rows.push(scaleRow(`Eleventy ${ELEVENTY_VERSION}, ${n} entries`, n, n, `eleventy --input=<tmp>/src --output=<tmp>/_site --quiet`, eleventy));
      if (hugo) rows.push(scaleRow(`Hugo ${hugo.version}, ${n} entries`, n, n, `hugo --quiet --source <tmp> --destination <tmp>/public`, hugoRuns));
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return {
    kind: { name: kind.name, dir: kind.dir, route: kind.route, schema: kind.schema },
    sizes,
    rows,
    eleventy: { version: ELEVENTY_VERSION, layout: ELEVENTY_LAYOUT },
    hugo: hugo ? { version: hugo.version, layout: HUGO_LAYOUT } : { missing: "no hugo on the PATH (Debian: apt-get install hugo); the bench never downloads one" },
    devReload,
  };
}

/** Why `output` does not hold n pages (index.html files), or undefined when it does. */
function pagesProblem(tool: string, output: string, n: number): string | undefined {
  const count = (readdirSync(output, { recursive: true }) as string[]).filter((f) => path.basename(f) === "index.html").length;
  return count === n ? undefined : `${tool} wrote ${count} pages, not the ${n} entries: the anchor would not measure the same work.`;
}

/** The file our build wrote for the page at `sitePath`, as its dist/routes.json says. */
function entryPageFile(dist: string, sitePath: string): string {
  const routes = JSON.parse(readFileSync(path.join(dist, "routes.json"), "utf8")) as { path: string; output: string; alias?: boolean }[];
  const row = routes.find((r) => r.path === sitePath && !r.alias);
  if (!row) throw new Error(`The build has no page at ${sitePath} (dist/routes.json): the synthetic entries were not built at their kind's route.`);
  return path.join(dist, row.output);
}
