/**
 * npm run bench: measures, never asserts.
 *  1. Cold full-site builds: `node --import tsx scripts/build.ts` as a fresh child
 *     process, RUNS times: wall time and peak memory (max RSS) of each run.
 *     scripts/build.ts takes no output override, so these builds write the real dist/
 *     (the write step swaps dist/ in atomically; nothing else is touched).
 *  2. In-process stage timings of runPipeline (write: false), after one warm-up.
 *  3. Bytes per page for every HTML page in dist/routes.json: HTML, CSS and the JS
 *     loaded before interaction (module scripts, modulepreloads and their static
 *     imports), raw and gzip -9.
 *  4. Dev save-to-reload: `npm run dev` on a free port; a content file is saved
 *     (an extra newline at its end, removed afterwards) and the time until the dev
 *     server sends open pages the reload event is measured, RUNS times.
 * Prints a plain-text report and writes the same data to .reports/bench.json.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { projectPaths, rel, ROOT } from "./lib/paths.ts";
import { addSizes, median, pageLoad, sizeOf, spread, type LoadedFile, type Size, type Spread } from "./lib/sizes.ts";
import { runPipeline } from "./pipeline/index.ts";

const RUNS = 5;
const paths = projectPaths();

// ---------------------------------------------------------------- machine

const cpus = os.cpus();
const machine = {
  date: new Date().toISOString(),
  node: process.version,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  cores: cpus.length,
  cpuModel: cpus[0]?.model.trim() ?? "unknown",
  totalMemoryBytes: os.totalmem(),
};

// ---------------------------------------------------------------- 1. cold builds

interface ColdRun {
  wallMs: number;
  /** The build's own "in N ms" line (from start of runPipeline to the end). */
  reportedMs: number | undefined;
  maxRssKiB: number | undefined;
}

const TIME = "/usr/bin/time";
const RSS_PRELOAD = `
import { writeFileSync } from "node:fs";
process.on("exit", () => {
  const out = process.env.BENCH_RSS_FILE;
  if (out) writeFileSync(out, String(process.resourceUsage().maxRSS));
});
`;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
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

async function coldBuilds(): Promise<{ method: string; runs: ColdRun[] }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-"));
  const useTime = await timeWorks();
  const preload = path.join(tmp, "rss-preload.mjs");
  if (!useTime) await writeFile(preload, RSS_PRELOAD);
  const runs: ColdRun[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const rssFile = path.join(tmp, `rss-${i}`);
      const node = [process.execPath, ...(useTime ? [] : ["--import", preload]), "--import", "tsx", "scripts/build.ts"];
      const [cmd, ...args] = useTime ? [TIME, "-f", "%M", "-o", rssFile, ...node] : node;
      const started = performance.now();
      const r = await run(cmd!, args, { ...process.env, BENCH_RSS_FILE: rssFile });
      const wallMs = performance.now() - started;
      if (r.code !== 0) {
        process.stderr.write(r.stdout + r.stderr);
        throw new Error(`Cold build ${i + 1} exited with ${r.code}; nothing to measure.`);
      }
      const rss = existsSync(rssFile) ? parseInt(readFileSync(rssFile, "utf8").trim().split("\n").pop() ?? "", 10) : NaN;
      const reported = /in (\d+) ms/.exec(r.stdout)?.[1];
      runs.push({
        wallMs: round(wallMs),
        reportedMs: reported === undefined ? undefined : Number(reported),
        maxRssKiB: Number.isFinite(rss) ? rss : undefined,
      });
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { method: useTime ? `${TIME} -f %M (node process; esbuild's own process not included)` : "process.resourceUsage().maxRSS at exit (node process only)", runs };
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
      const load = pageLoad(bytes.toString("utf8"), r.path, read);
      const css = addSizes(load.css);
      const js = addSizes(load.js);
      return {
        path: r.path,
        output: r.output,
        status: r.status,
        alias: r.alias,
        html,
        css,
        js,
        total: addSizes([html, css, js]),
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

let cold: Awaited<ReturnType<typeof coldBuilds>>;
let stages: Awaited<ReturnType<typeof stageTimings>>;
let pages: PageBytes[];
let reload: number[];
try {
  cold = await coldBuilds();
  stages = await stageTimings();
  pages = pageBytes();
  reload = await saveToReload();
} catch (err) {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const wall = spread(cold.runs.map((r) => r.wallMs));
const rssValues = cold.runs.flatMap((r) => (r.maxRssKiB === undefined ? [] : [r.maxRssKiB]));
const rss = rssValues.length ? spread(rssValues) : undefined;
const reportedValues = cold.runs.flatMap((r) => (r.reportedMs === undefined ? [] : [r.reportedMs]));
const reported = reportedValues.length ? spread(reportedValues) : undefined;

const out: string[] = [];
out.push("Bench: building-os-site");
out.push(`Date     ${machine.date}`);
out.push(`Machine  ${machine.cores} cores, ${machine.cpuModel}, ${(machine.totalMemoryBytes / 1024 ** 3).toFixed(1)} GiB RAM (${machine.platform})`);
out.push(`Node     ${machine.node}`);
out.push("");
out.push(`1. Cold full-site build: node --import tsx scripts/build.ts, ${RUNS} fresh processes, writing ${rel(ROOT, paths.dist)}/`);
out.push(
  table(
    ["run", "wall", "build's own", "max RSS"],
    cold.runs.map((r, i) => [String(i + 1), ms(r.wallMs), r.reportedMs === undefined ? "n/a" : ms(r.reportedMs), mib(r.maxRssKiB)]),
  ),
);
out.push(`wall         ${spreadText(wall, ms)}`);
if (reported) out.push(`build's own  ${spreadText(reported, ms)}  (runPipeline + write, without Node/tsx start-up)`);
if (rss) out.push(`max RSS      ${spreadText(rss, (k) => mib(k))}`);
out.push(`max RSS via  ${cold.method}`);
out.push("");
out.push(`2. In-process stage timings: runPipeline({ mode: "build", write: false }), median of ${RUNS} after 1 warm-up`);
out.push(
  table(
    ["stage", "median", "min", "max"],
    Object.keys(stages.median).map((s) => {
      const values = stages.runs.map((r) => r[s] ?? 0);
      return [s, ms(stages.median[s]!), ms(Math.min(...values)), ms(Math.max(...values))];
    }),
  ),
);
out.push("(islands+styles is only the wait left after load..routes: both jobs start at the beginning, in parallel with load.)");
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
const unresolved = pages.filter((p) => p.unresolved.length);
for (const p of unresolved) out.push(`Not counted on ${p.path} (no file in dist/ or another origin): ${p.unresolved.join(", ")}`);

const reportFile = path.join(ROOT, ".reports", "bench.json");
await mkdir(path.dirname(reportFile), { recursive: true });
await writeFile(
  reportFile,
  JSON.stringify(
    {
      machine,
      coldBuild: { command: "node --import tsx scripts/build.ts", runs: cold.runs, wallMs: wall, reportedMs: reported ?? null, maxRssKiB: rss ?? null, maxRssMethod: cold.method },
      stageTimingsMs: { warmups: 1, runs: stages.runs, median: stages.median },
      pages,
      devSaveToReloadMs: reload,
    },
    null,
    2,
  ) + "\n",
);
out.push("");
out.push(`4. Dev save-to-reload: ${rel(ROOT, SAVED_FILE)} saved while npm run dev runs, until the reload event (${RUNS} saves)`);
out.push(`${reload.map((t) => ms(t)).join(", ")}; ${spreadText(spread(reload), ms)}`);
out.push("");
out.push(`JSON: ${rel(ROOT, reportFile)}`);
console.log(out.join("\n"));
