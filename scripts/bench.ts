/**
 * npm run bench: measures, never asserts.
 *  1. Cold full-site builds: `node --import tsx scripts/build.ts` as a fresh child
 *     process, RUNS times: wall time and peak memory (max RSS) of each run.
 *     scripts/build.ts takes no output override, so these builds write the real dist/
 *     (the write step swaps dist/ in atomically; nothing else is touched). Also CPU
 *     time (user + system, all threads), and 3 runs as a fresh clone: no tsx transform
 *     cache and an empty BOS_CACHE_DIR (the compiled schema validators, see
 *     scripts/pipeline/compiled-schemas.ts).
 *  2. In-process stage timings of runPipeline (write: false), after one warm-up.
 *  3. Bytes per page for every HTML page in dist/routes.json: HTML, CSS and the JS
 *     loaded before interaction (module scripts, modulepreloads and their static
 *     imports), raw and gzip -9.
 *  4. Dev save-to-reload: `npm run dev` on a free port; a content file is saved
 *     (an extra newline at its end, removed afterwards) and the time until the dev
 *     server sends open pages the reload event is measured, RUNS times.
 *  5. Scale: a copy of content/ and schemas/ plus 1,000 and 4,000 synthetic Markdown
 *     guides (scripts/lib/synthetic-guides.ts), built by `node --import tsx
 *     scripts/build.ts` with BOS_PROJECT_ROOT: wall, ms per page, peak memory, median
 *     of SCALE_RUNS; 4,000 also single-threaded (BOS_WORKERS=0). The Eleventy anchor
 *     (scripts/lib/eleventy-anchor.ts: pinned Eleventy, installed on demand into
 *     .reports/anchors/) builds the same 4,000 files with a layout cut from our page,
 *     its runs interleaved with ours so that both see the same machine load.
 *  6. Lighthouse 12 (mobile defaults: simulated slow 4G and CPU slowdown) on LIGHTHOUSE_PAGES,
 *     served by scripts/lib/server.ts as npm start serves them, LIGHTHOUSE_RUNS runs
 *     each in a fresh headless Chromium: median of each category score and of FCP,
 *     LCP, TBT and CLS. Reported, never gated on (it is noisy).
 * `npm run bench -- --only=scale,lighthouse` runs some sections (cold, stages, bytes,
 * reload, scale, lighthouse); bytes and lighthouse read the dist/ that is there.
 * Prints a plain-text report and writes the same data to .reports/bench.json (a
 * partial run keeps the other sections of the previous file).
 */
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromiumPath, CHROMIUM_ARGS } from "./lib/browser.ts";
import { ELEVENTY_VERSION, ensureEleventy, writeEleventyProject } from "./lib/eleventy-anchor.ts";
import { projectPaths, rel, ROOT } from "./lib/paths.ts";
import { startServer } from "./lib/server.ts";
import { syntheticGuideName, writeSyntheticProject } from "./lib/synthetic-guides.ts";
import { inlineStyles } from "./lib/budgets.ts";
import { addSizes, median, pageLoad, sizeOf, spread, type LoadedFile, type Size, type Spread } from "./lib/sizes.ts";
import { runPipeline } from "./pipeline/index.ts";

const RUNS = 5;
const SCALE_RUNS = 3;
const SCALE_SIZES = [1000, 4000];
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_PAGES = ["/", "/pricing", "/products/urbi-hero-ai", "/features"];
const paths = projectPaths();

const SECTIONS = ["cold", "stages", "bytes", "reload", "scale", "lighthouse"] as const;
type Section = (typeof SECTIONS)[number];
const onlyArg = process.argv.slice(2).find((a) => a.startsWith("--only="));
const only = onlyArg ? onlyArg.slice("--only=".length).split(",").filter(Boolean) : [...SECTIONS];
const unknownSections = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknownSections.length) {
  console.error(`bench: unknown section ${unknownSections.join(", ")}; sections: ${SECTIONS.join(", ")}`);
  process.exit(2);
}
const wanted = (s: Section) => only.includes(s);

// ---------------------------------------------------------------- machine

const cpus = os.cpus();
const machine = {
  date: new Date().toISOString(),
  node: process.version,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  cores: cpus.length,
  /** Other work on the machine skews every timing: the 1-minute load average when the bench started. */
  loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
  cpuModel: cpus[0]?.model.trim() ?? "unknown",
  totalMemoryBytes: os.totalmem(),
};

// ---------------------------------------------------------------- 1. cold builds

interface ColdRun {
  wallMs: number;
  /** The build's own "in N ms" line (from start of runPipeline to the end). */
  reportedMs: number | undefined;
  maxRssKiB: number | undefined;
  /** User + system CPU time of the process and its threads (from /usr/bin/time): steadier than wall time on a busy machine. */
  cpuMs?: number | undefined;
}

const TIME = "/usr/bin/time";
/** /usr/bin/time's output: peak RSS in KiB, user and system seconds. */
const TIME_FORMAT = "%M %U %S";
function parseTime(file: string): { maxRssKiB: number | undefined; cpuMs: number | undefined } {
  if (!existsSync(file)) return { maxRssKiB: undefined, cpuMs: undefined };
  const [rss, user, sys] = (readFileSync(file, "utf8").trim().split("\n").pop() ?? "").split(/\s+/).map(Number);
  return {
    maxRssKiB: Number.isFinite(rss) ? rss : undefined,
    cpuMs: Number.isFinite(user) && Number.isFinite(sys) ? Math.round((user! + sys!) * 1000) : undefined,
  };
}
const RSS_PRELOAD = `
import { writeFileSync } from "node:fs";
process.on("exit", () => {
  const out = process.env.BENCH_RSS_FILE;
  if (out) writeFileSync(out, String(process.resourceUsage().maxRSS));
});
`;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
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

async function coldBuilds(extraEnv: NodeJS.ProcessEnv | ((run: number) => NodeJS.ProcessEnv) = {}, runs_ = RUNS): Promise<{ method: string; runs: ColdRun[] }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-"));
  const useTime = await timeWorks();
  const preload = path.join(tmp, "rss-preload.mjs");
  if (!useTime) await writeFile(preload, RSS_PRELOAD);
  const runs: ColdRun[] = [];
  try {
    for (let i = 0; i < runs_; i++) {
      const rssFile = path.join(tmp, `rss-${i}`);
      const node = [process.execPath, ...(useTime ? [] : ["--import", preload]), "--import", "tsx", "scripts/build.ts"];
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

// ---------------------------------------------------------------- 2. stage timings

async function stageTimings(): Promise<{ runs: Record<string, number>[]; median: Record<string, number> }> {
  const once = async () => {
    const started = performance.now();
    const result = await runPipeline(paths, { mode: "build", write: false });
    if (!result.ok) throw new Error(`In-process build failed: ${result.issues.map((i) => i.message).join("; ")}`);
    return { ...result.timings, total: round(performance.now() - started) };
  };
  await once(); // warm-up: module loading, JIT, esbuild service start
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const stages = [...new Set(runs.flatMap((r) => Object.keys(r)))];
  const med = Object.fromEntries(stages.map((s) => [s, round(median(runs.map((r) => r[s] ?? 0)))]));
  return { runs, median: med };
}

// ---------------------------------------------------------------- 3. bytes per page

interface RouteRow {
  path: string;
  output: string;
  status: number;
  alias: boolean;
}

interface PageBytes {
  path: string;
  output: string;
  status: number;
  alias: boolean;
  html: Size;
  css: Size;
  js: Size;
  total: Size;
  files: { css: LoadedFile[]; js: LoadedFile[] };
  unresolved: string[];
}

function pageBytes(): PageBytes[] {
  const routes = JSON.parse(readFileSync(path.join(paths.dist, "routes.json"), "utf8")) as RouteRow[];
  const cache = new Map<string, Uint8Array | undefined>();
  const read = (sitePath: string): Uint8Array | undefined => {
    if (!cache.has(sitePath)) {
      const file = path.join(paths.dist, ...sitePath.split("/").filter(Boolean));
      const inside = file.startsWith(paths.dist + path.sep);
      cache.set(sitePath, inside && existsSync(file) && statSync(file).isFile() ? readFileSync(file) : undefined);
    }
    return cache.get(sitePath);
  };
  return routes
    .filter((r) => r.output.endsWith(".html"))
    .map((r) => {
      const bytes = readFileSync(path.join(paths.dist, r.output));
      const html = sizeOf(bytes);
      const text = bytes.toString("utf8");
      const load = pageLoad(text, r.path, read);
      // The stylesheet is inlined: it counts as CSS here, and is already inside the HTML's bytes.
      const linked = addSizes(load.css);
      const css = addSizes([linked, ...inlineStyles(text.slice(0, text.indexOf("<body"))).map(sizeOf)]);
      const js = addSizes(load.js);
      return {
        path: r.path,
        output: r.output,
        status: r.status,
        alias: r.alias,
        html,
        css,
        js,
        total: addSizes([html, linked, js]),
        files: { css: load.css, js: load.js },
        unresolved: load.unresolved,
      };
    });
}

// ---------------------------------------------------------------- 4. dev save-to-reload

const SAVED_FILE = path.join(ROOT, "content/pages/pricing.json");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function saveToReload(): Promise<number[]> {
  const port = await freePort();
  const dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
  const original = await readFile(SAVED_FILE, "utf8");
  let onReload: (() => void) | undefined;
  try {
    for (let waited = 0; ; waited += 200) {
      if (waited > 60_000) throw new Error("the dev server did not start within 60 s");
      const up = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
      if (up) break;
      await sleep(200);
    }
    await new Promise<void>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/__dev/events`, (res) => {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            if (chunk.includes("event: reload")) onReload?.();
          });
          resolve();
        })
        .on("error", reject);
    });
    await sleep(4000); // the builder warms its cache after the first build
    const times: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const reloaded = new Promise<void>((resolve) => (onReload = resolve));
      const started = performance.now();
      await writeFile(SAVED_FILE, original + "\n".repeat(i));
      await reloaded;
      times.push(round(performance.now() - started));
      await sleep(500);
    }
    return times;
  } finally {
    await writeFile(SAVED_FILE, original);
    dev.kill("SIGTERM");
  }
}

// ---------------------------------------------------------------- 5. scale

interface TimedRun {
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

interface ScaleRow {
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

async function scale(): Promise<{ rows: ScaleRow[]; eleventy: { version: string; layout: string } }> {
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

// ---------------------------------------------------------------- 6. Lighthouse

interface LighthouseRun {
  scores: Record<string, number | null>;
  metrics: Record<string, number | null>;
  /** Weighted audits that did not pass, as "category: audit id (score)". */
  failing?: string[];
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = { FCP: "first-contentful-paint", LCP: "largest-contentful-paint", TBT: "total-blocking-time", CLS: "cumulative-layout-shift" } as const;

/** A fresh headless Chromium with its DevTools port, for one Lighthouse run. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const exe = chromiumPath();
  if (!exe) throw new Error("Lighthouse needs Chromium: set CHROMIUM_PATH or install /usr/bin/chromium");
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-lh-profile-"));
  const child = spawn(exe, ["--headless", ...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise<number>((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-500)}`)), 30_000);
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on("exit", (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-500)}`)));
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      // Chromium's helper processes may still be writing their cache for a moment.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // a leftover in the temp folder is harmless
      }
    },
  };
}

async function lighthouseRuns(): Promise<{ version: string; runs: Record<string, LighthouseRun[]>; median: Record<string, LighthouseRun> }> {
  if (!existsSync(path.join(paths.dist, "index.html"))) throw new Error("Lighthouse needs a built dist/: run npm run build (or the cold section) first");
  const { default: lighthouse } = await import("lighthouse");
  const version = (JSON.parse(readFileSync(path.join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
  const port = await freePort();
  const server = await startServer({ dist: paths.dist, port });
  const runs: Record<string, LighthouseRun[]> = {};
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      runs[page] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const chrome = await launchChromium();
        try {
          const result = await lighthouse(`http://127.0.0.1:${port}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.message}`);
          runs[page].push({
            scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100)])),
            metrics: Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null])),
            failing: CATEGORIES.flatMap((c) =>
              (lhr.categories[c]?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === "number" && lhr.audits[ref.id]!.score! < 1)
                .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id]!.score})`),
            ),
          });
        } finally {
          await chrome.close();
        }
      }
    }
  } finally {
    server.close();
  }
  const med = (values: (number | null)[]) => {
    const v = values.filter((x): x is number => x !== null);
    return v.length ? median(v) : null;
  };
  const medians = Object.fromEntries(
    Object.entries(runs).map(([page, list]) => [
      page,
      {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, med(list.map((r) => r.scores[c] ?? null))])),
        metrics: Object.fromEntries(Object.keys(METRICS).map((k) => [k, med(list.map((r) => r.metrics[k] ?? null))])),
        failing: [...new Set(list.flatMap((r) => (r.failing ?? []).map((f) => f.replace(/ \([\d.]+\)$/, ""))))].sort(),
      },
    ]),
  );
  return { version, runs, median: medians };
}

// ---------------------------------------------------------------- report

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function table(headers: string[], rows: string[][], leftColumns = 1): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (kib: number | undefined) => (kib === undefined ? "n/a" : `${(kib / 1024).toFixed(1)} MiB`);
const n = (x: number) => x.toLocaleString("en-US");
const spreadText = (s: Spread, f: (x: number) => string) => `median ${f(s.median)}  (min ${f(s.min)}, max ${f(s.max)})`;

const COLD_TARGET_MS = 1000;
const SCALE_RSS_TARGET_KIB = 600 * 1024;

let cold: Awaited<ReturnType<typeof coldBuilds>> | undefined;
let coldNoCache: Awaited<ReturnType<typeof coldBuilds>> | undefined;
let stages: Awaited<ReturnType<typeof stageTimings>> | undefined;
let pages: PageBytes[] | undefined;
let reload: number[] | undefined;
let scaled: Awaited<ReturnType<typeof scale>> | undefined;
let lh: Awaited<ReturnType<typeof lighthouseRuns>> | undefined;
try {
  if (wanted("cold")) {
    cold = await coldBuilds();
    // A fresh clone has no caches: tsx's transform cache (in the system's temp folder) off,
    // and an empty folder for the build's own (compiled validators) on each run.
    const fresh = await mkdtemp(path.join(os.tmpdir(), "bench-fresh-"));
    try {
      coldNoCache = await coldBuilds((i) => ({ TSX_DISABLE_CACHE: "1", BOS_CACHE_DIR: path.join(fresh, String(i)) }), 3);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }
  if (wanted("stages")) stages = await stageTimings();
  if (wanted("bytes")) pages = pageBytes();
  if (wanted("reload")) reload = await saveToReload();
  if (wanted("scale")) scaled = await scale();
  if (wanted("lighthouse")) lh = await lighthouseRuns();
} catch (err) {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const out: string[] = [];
out.push("Bench: building-os-site");
out.push(`Date     ${machine.date}`);
out.push(`Machine  ${machine.cores} cores, ${machine.cpuModel}, ${(machine.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB RAM (${machine.platform})`);
out.push(`Node     ${machine.node}`);
out.push(`Load     ${machine.loadAverage1m} (1-minute load average at the start; above ~0.5 other work skews the timings)`);
out.push(`Sections ${only.join(", ")}`);

let coldSummary: Record<string, unknown> | undefined;
if (cold) {
  const wall = spread(cold.runs.map((r) => r.wallMs));
  const rssValues = cold.runs.flatMap((r) => (r.maxRssKiB === undefined ? [] : [r.maxRssKiB]));
  const rss = rssValues.length ? spread(rssValues) : undefined;
  const reportedValues = cold.runs.flatMap((r) => (r.reportedMs === undefined ? [] : [r.reportedMs]));
  const reported = reportedValues.length ? spread(reportedValues) : undefined;
  const noCache = coldNoCache ? spread(coldNoCache.runs.map((r) => r.wallMs)) : undefined;
  const cpuValues = cold.runs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]));
  const cpu = cpuValues.length ? spread(cpuValues) : undefined;
  const noCacheCpuValues = coldNoCache?.runs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs])) ?? [];
  const noCacheCpu = noCacheCpuValues.length ? spread(noCacheCpuValues) : undefined;
  out.push("");
  out.push(`1. Cold full-site build: node --import tsx scripts/build.ts, ${RUNS} fresh processes, writing ${rel(ROOT, paths.dist)}/`);
  out.push(
    table(
      ["run", "wall", "build's own", "CPU", "max RSS"],
      cold.runs.map((r, i) => [String(i + 1), ms(r.wallMs), r.reportedMs === undefined ? "n/a" : ms(r.reportedMs), r.cpuMs === undefined ? "n/a" : ms(r.cpuMs), mib(r.maxRssKiB)]),
    ),
  );
  out.push(`wall         ${spreadText(wall, ms)}  target < ${ms(COLD_TARGET_MS)}: ${wall.median < COLD_TARGET_MS ? "met" : "NOT met"}`);
  if (reported) out.push(`build's own  ${spreadText(reported, ms)}  (runPipeline + write, without Node/tsx start-up)`);
  if (cpu) out.push(`CPU          ${spreadText(cpu, ms)}  (user + system, all threads; steadier than wall time on a busy machine)`);
  if (rss) out.push(`max RSS      ${spreadText(rss, (k) => mib(k))}`);
  out.push(`max RSS via  ${cold.method}`);
  if (noCache)
    out.push(
      `no cache     ${spreadText(noCache, ms)}${noCacheCpu ? `, CPU ${spreadText(noCacheCpu, ms)}` : ""}  (${coldNoCache!.runs.length} runs as a fresh clone: TSX_DISABLE_CACHE=1, every TypeScript file transformed, and an empty BOS_CACHE_DIR, the schemas compiled)`,
    );
  coldSummary = {
    command: "node --import tsx scripts/build.ts",
    runs: cold.runs,
    wallMs: wall,
    reportedMs: reported ?? null,
    maxRssKiB: rss ?? null,
    maxRssMethod: cold.method,
    targetMs: COLD_TARGET_MS,
    targetMet: wall.median < COLD_TARGET_MS,
    cpuMs: cpu ?? null,
    noTransformCache: coldNoCache ? { env: "TSX_DISABLE_CACHE=1 BOS_CACHE_DIR=<empty folder>", runs: coldNoCache.runs, wallMs: noCache, cpuMs: noCacheCpu ?? null } : null,
  };
}

if (stages) {
  out.push("");
  out.push(`2. In-process stage timings: runPipeline({ mode: "build", write: false }), median of ${RUNS} after 1 warm-up`);
  const st = stages;
  out.push(
    table(
      ["stage", "median", "min", "max"],
      Object.keys(st.median).map((s) => {
        const values = st.runs.map((r) => r[s] ?? 0);
        return [s, ms(st.median[s]!), ms(Math.min(...values)), ms(Math.max(...values))];
      }),
    ),
  );
  out.push("(islands+styles is only the wait left after load..routes: both jobs start at the beginning, in parallel with load.)");
}

if (pages) {
  out.push("");
  out.push("3. Bytes per page (raw / gzip -9), CSS and JS loaded before interaction, each file counted once per page");
  out.push(
    table(
      ["page", "status", "HTML", "HTML gz", "CSS", "CSS gz", "JS", "JS gz", "JS files", "total", "total gz"],
      pages.map((p) => [
        p.path + (p.alias ? " (alias)" : ""),
        String(p.status),
        n(p.html.raw),
        n(p.html.gzip),
        n(p.css.raw),
        n(p.css.gzip),
        n(p.js.raw),
        n(p.js.gzip),
        String(p.files.js.length),
        n(p.total.raw),
        n(p.total.gzip),
      ]),
      2,
    ),
  );
  const assets = new Map<string, LoadedFile & { kind: string; pages: number }>();
  for (const p of pages)
    for (const [kind, list] of [["css", p.files.css], ["js", p.files.js]] as const)
      for (const f of list) {
        const seen = assets.get(f.path);
        if (seen) seen.pages++;
        else assets.set(f.path, { ...f, kind, pages: 1 });
      }
  out.push("");
  out.push("Files loaded by those pages:");
  out.push(
    table(
      ["file", "kind", "raw", "gzip", "pages"],
      [...assets.values()].map((a) => [a.path, a.kind, n(a.raw), n(a.gzip), String(a.pages)]),
      2,
    ),
  );
  for (const p of pages.filter((p) => p.unresolved.length)) out.push(`Not counted on ${p.path} (no file in dist/ or another origin): ${p.unresolved.join(", ")}`);
}

if (reload) {
  out.push("");
  out.push(`4. Dev save-to-reload: ${rel(ROOT, SAVED_FILE)} saved while npm run dev runs, until the reload event (${RUNS} saves)`);
  out.push(`${reload.map((t) => ms(t)).join(", ")}; ${spreadText(spread(reload), ms)}`);
}

let scaleSummary: Record<string, unknown> | undefined;
if (scaled) {
  out.push("");
  out.push(`5. Scale: the site plus N synthetic Markdown guides (~170 words, ~1 KB each, like the SSG Markdown benchmark's pages), fresh process, median of ${SCALE_RUNS}`);
  out.push(
    table(
      ["build", "pages", "wall (median)", "min", "max", "ms/page", "CPU (median)", "max RSS"],
      scaled.rows.map((r) => [r.name, n(r.pages), ms(r.wallMs.median), ms(r.wallMs.min), ms(r.wallMs.max), r.msPerPage.toFixed(2), r.cpuMs ? ms(r.cpuMs.median) : "n/a", r.maxRssKiB ? mib(r.maxRssKiB.median) : "n/a"]),
    ),
  );
  const biggest = Math.max(...SCALE_SIZES);
  const ours = scaled.rows.find((r) => r.name === `ours, ${biggest} guides`);
  const e11 = scaled.rows.find((r) => r.name.startsWith("Eleventy"));
  const fasterThanEleventy = ours && e11 ? ours.wallMs.median < e11.wallMs.median : null;
  const underMemory = ours?.maxRssKiB ? ours.maxRssKiB.max < SCALE_RSS_TARGET_KIB : null;
  out.push(`Published anchors for ${n(biggest)} Markdown pages (the benchmark author's machine, 2022): Hugo 0.68 s, Eleventy 1.94 s, Astro 22.9 s.`);
  out.push(`Eleventy ${scaled.eleventy.version} layout: ${scaled.eleventy.layout}; its runs alternate with ours.`);
  out.push("CPU: user + system time of the process and its threads (/usr/bin/time); it varies less than wall time when other work loads the machine.");
  if (ours && e11)
    out.push(
      `Target at ${n(biggest)}: faster than Eleventy on this machine (${ms(ours.wallMs.median)} vs ${ms(e11.wallMs.median)}: ${fasterThanEleventy ? "met" : "NOT met"}), ` +
        `peak < 600 MB (${ours.maxRssKiB ? mib(ours.maxRssKiB.max) : "n/a"}: ${underMemory ? "met" : "NOT met"})`,
    );
  scaleSummary = { runs: SCALE_RUNS, guideSize: "about 170 words, 1 KB of Markdown: three paragraphs, two ## headings, one link", rows: scaled.rows, eleventy: scaled.eleventy, fasterThanEleventy, underMemoryTarget: underMemory, memoryTargetKiB: SCALE_RSS_TARGET_KIB };
}

if (lh) {
  out.push("");
  out.push(`6. Lighthouse ${lh.version}, mobile defaults, ${LIGHTHOUSE_RUNS} runs per page (fresh headless Chromium each), medians; served by scripts/lib/server.ts. Report only.`);
  const fmt = (v: number | null | undefined, unit = "") => (v === null || v === undefined ? "n/a" : `${unit === "" ? Math.round(v * 1000) / 1000 : Math.round(v)}${unit}`);
  out.push(
    table(
      ["page", "performance", "accessibility", "best practices", "SEO", "FCP", "LCP", "TBT", "CLS"],
      Object.entries(lh.median).map(([page, m]) => [
        page,
        fmt(m.scores["performance"]),
        fmt(m.scores["accessibility"]),
        fmt(m.scores["best-practices"]),
        fmt(m.scores["seo"]),
        fmt(m.metrics["FCP"], " ms"),
        fmt(m.metrics["LCP"], " ms"),
        fmt(m.metrics["TBT"], " ms"),
        fmt(m.metrics["CLS"]),
      ]),
    ),
  );
  for (const [page, m] of Object.entries(lh.median)) if (m.failing?.length) out.push(`${page}: not passing in some run: ${m.failing.join(", ")}`);
  const all100 = Object.values(lh.median).every((m) => CATEGORIES.every((c) => m.scores[c] === 100));
  out.push(`Target 100 in all four categories on every page: ${all100 ? "met" : "not met"}`);
}

const reportFile = path.join(ROOT, ".reports", "bench.json");
await mkdir(path.dirname(reportFile), { recursive: true });
const previous = (() => {
  try {
    return JSON.parse(readFileSync(reportFile, "utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
})();
const sections = {
  coldBuild: coldSummary,
  stageTimingsMs: stages ? { warmups: 1, runs: stages.runs, median: stages.median } : undefined,
  pages,
  devSaveToReloadMs: reload,
  scale: scaleSummary,
  lighthouse: lh ? { version: lh.version, formFactor: "mobile (defaults)", runsPerPage: LIGHTHOUSE_RUNS, median: lh.median, runs: lh.runs } : undefined,
};
const merged: Record<string, unknown> = only.length === SECTIONS.length ? {} : { ...previous };
merged["machine"] = machine;
for (const [k, v] of Object.entries(sections)) if (v !== undefined) merged[k] = v;
await writeFile(reportFile, JSON.stringify(merged, null, 2) + "\n");
out.push("");
out.push(`JSON: ${rel(ROOT, reportFile)}`);
console.log(out.join("\n"));
