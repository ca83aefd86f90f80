/**
 * npm run bench: measures, never asserts. Each section is a module under scripts/bench/,
 * whose header says what it measures and how:
 *  1. cold (bench/cold.ts): cold full-site builds as fresh processes, wall time, CPU time
 *     and peak memory, plus 3 runs as a fresh clone (no caches). Writes the real dist/.
 *  2. stages (bench/stages.ts): in-process stage timings of runPipeline (write: false).
 *  3. bytes (bench/bytes.ts): HTML, CSS and JS bytes per page, raw and gzip -9.
 *  4. reload (bench/reload.ts): the dev server's save-to-reload time of a page file.
 *  5. scale (bench/scale.ts): the site plus 1,000 and 4,000 synthetic entries of its first
 *     Markdown kind, against the Eleventy anchor on the same machine.
 *  6. lighthouse (bench/lighthouse.ts): Lighthouse 12, mobile defaults, on a few pages.
 *  7. photos (bench/photos.ts): the site plus 200 photos made with sharp (2,400 × 1,600,
 *     ~1 MB each, one per page behind a hero), built cold (empty build cache: every copy
 *     encoded) and warm (the cache there: whether any image work was done, read off the
 *     cache folder), wall time, CPU time and peak memory; whether the cold, the warm and a
 *     one-image-at-a-time build (UV_THREADPOOL_SIZE=1) write the same bytes; the originals'
 *     bytes against their copies' by format, and the hero a phone fetches. Takes minutes.
 *  8. studio (bench/studio.ts): the Studio's cold start (to its ready line and to the
 *     preview painted in Chromium, 3 fresh processes) and keystroke to preview painted
 *     (50 edits of the home hero's heading: median, p95, max; the server's own ms per draft).
 *  9. leads (bench/leads.ts): the site's local form receiver under 2,000 posts at
 *     concurrency 50 (three rounds): time, posts per second, latency, lines written.
 * 10. oracle (bench/oracle.ts): a long run of the differential oracle (random edits, every fast
 *     path against a build from scratch; ORACLE_RUNS × ORACLE_STEPS, default 20 × 30). Not part
 *     of a run without --only: it takes ~15 minutes.
 * Every section reads what it needs from the project (its site module, schemas, content/
 * and dist/routes.json), so any site the generator builds can be measured:
 *  --project <dir>         another site (its content/, schemas/, templates/; as npm run build)
 *  --only=scale,lighthouse  some sections (cold, stages, bytes, reload, scale, lighthouse, photos, studio, leads, oracle);
 *                           bytes and lighthouse read the dist/ that is there
 *  --scale-sizes=50,200     other numbers of synthetic entries for scale (default 1000,4000;
 *                           the largest is also built single-threaded and by Eleventy)
 *  --lighthouse-runs=1      Lighthouse runs per page (default 3)
 *  --lighthouse-pages=/,/pricing  the pages Lighthouse runs on (default: / and the largest others)
 *  --photos=20              generated photos for the photos section (default 200)
 *  --photos-runs=3          its cold builds (default 1; the warm builds are 3)
 * This file parses the arguments, runs the sections, prints a plain-text report and writes
 * the same data to .reports/bench.json (a partial run keeps the other sections of the
 * previous file).
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { projectArg, rel, ROOT } from "./lib/paths.ts";
import { spread, type LoadedFile, type Spread } from "./lib/sizes.ts";
import { pageBytes, type PageBytes } from "./bench/bytes.ts";
import { coldBuild, type ColdBuilds } from "./bench/cold.ts";
import { CATEGORIES, LIGHTHOUSE_RUNS, lighthouseRuns } from "./bench/lighthouse.ts";
import { saveToReload } from "./bench/reload.ts";
import { scale, SCALE_RUNS, SCALE_SIZES } from "./bench/scale.ts";
import { PHOTO_COLD_RUNS, PHOTO_COUNT, photos as photoBuilds } from "./bench/photos.ts";
import { paths, RUNS } from "./bench/shared.ts";
import { stageTimings } from "./bench/stages.ts";
import { studioBench } from "./bench/studio.ts";
import { leadsBench } from "./bench/leads.ts";
import { oracleBench } from "./bench/oracle.ts";

const SECTIONS = ["cold", "stages", "bytes", "reload", "scale", "lighthouse", "photos", "studio", "leads", "oracle"] as const;
type Section = (typeof SECTIONS)[number];
// `--project <dir>`: another site (lib/paths.ts projectArg); the builds the bench starts inherit the choice.
const args = await projectArg(process.argv.slice(2));
const onlyArg = args.find((a) => a.startsWith("--only="));
const only = onlyArg ? onlyArg.slice("--only=".length).split(",").filter(Boolean) : SECTIONS.filter((s) => s !== "oracle");
const unknownSections = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
if (unknownSections.length) {
  console.error(`bench: unknown section ${unknownSections.join(", ")}; sections: ${SECTIONS.join(", ")}`);
  process.exit(2);
}
const wanted = (s: Section) => only.includes(s);
const sizesArg = args.find((a) => a.startsWith("--scale-sizes="));
const scaleSizes = sizesArg ? sizesArg.slice("--scale-sizes=".length).split(",").filter(Boolean).map(Number) : SCALE_SIZES;
if (!scaleSizes.length || scaleSizes.some((x) => !Number.isInteger(x) || x < 1)) {
  console.error(`bench: --scale-sizes takes whole numbers of entries, 1 or more: --scale-sizes=50,200`);
  process.exit(2);
}
const lhRunsArg = args.find((a) => a.startsWith("--lighthouse-runs="));
const lighthouseRunsPerPage = lhRunsArg ? Number(lhRunsArg.slice("--lighthouse-runs=".length)) : LIGHTHOUSE_RUNS;
if (!Number.isInteger(lighthouseRunsPerPage) || lighthouseRunsPerPage < 1) {
  console.error("bench: --lighthouse-runs takes a whole number, 1 or more");
  process.exit(2);
}
const lhPagesArg = args.find((a) => a.startsWith("--lighthouse-pages="));
const lighthousePagesWanted = lhPagesArg ? lhPagesArg.slice("--lighthouse-pages=".length).split(",").filter(Boolean) : undefined;
if (lighthousePagesWanted?.some((p) => !p.startsWith("/"))) {
  console.error("bench: --lighthouse-pages takes the site's paths, each starting with /: --lighthouse-pages=/,/pricing");
  process.exit(2);
}
/** `--name=N`: a whole number, 1 or more, or `fallback` without the argument. */
function countArg(name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench: --${name} takes a whole number, 1 or more`);
    process.exit(2);
  }
  return value;
}
const photoCount = countArg("photos", PHOTO_COUNT);
const photoColdRuns = countArg("photos-runs", PHOTO_COLD_RUNS);

/** The project's name: its package.json's, else its folder's. */
function projectName(): string {
  const pkg = path.join(paths.root, "package.json");
  if (existsSync(pkg)) {
    const name = (JSON.parse(readFileSync(pkg, "utf8")) as { name?: unknown }).name;
    if (typeof name === "string" && name) return name;
  }
  return path.basename(paths.root);
}

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

// ---------------------------------------------------------------- report

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

const COLD_TARGET_MS = 500;
const SCALE_RSS_TARGET_KIB = 600 * 1024;

let cold: ColdBuilds | undefined;
let coldNoCache: ColdBuilds | undefined;
let coldNothing: ColdBuilds | undefined;
let prepareMs: number[] = [];
let stages: Awaited<ReturnType<typeof stageTimings>> | undefined;
let pages: PageBytes[] | undefined;
let reload: Awaited<ReturnType<typeof saveToReload>> | undefined;
let scaled: Awaited<ReturnType<typeof scale>> | undefined;
let lh: Awaited<ReturnType<typeof lighthouseRuns>> | undefined;
let photoResult: Awaited<ReturnType<typeof photoBuilds>> | undefined;
let studio: Awaited<ReturnType<typeof studioBench>> | undefined;
let leads: Awaited<ReturnType<typeof leadsBench>> | undefined;
let oracle: Awaited<ReturnType<typeof oracleBench>> | undefined;
try {
  if (wanted("cold")) ({ cached: cold, noCache: coldNoCache, nothing: coldNothing, prepareMs } = await coldBuild());
  if (wanted("stages")) stages = await stageTimings();
  if (wanted("bytes")) pages = pageBytes();
  if (wanted("reload")) reload = await saveToReload();
  if (wanted("scale")) scaled = await scale(scaleSizes);
  if (wanted("lighthouse")) lh = await lighthouseRuns(lighthouseRunsPerPage, lighthousePagesWanted);
  if (wanted("photos")) photoResult = await photoBuilds(photoCount, photoColdRuns);
  if (wanted("studio")) studio = await studioBench();
  if (wanted("leads")) leads = await leadsBench();
  if (wanted("oracle")) oracle = await oracleBench();
} catch (err) {
  console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const out: string[] = [];
out.push(`Bench: ${projectName()}`);
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
  const cpuOf = (b: ColdBuilds | undefined) => {
    const v = b?.runs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs])) ?? [];
    return v.length ? spread(v) : undefined;
  };
  const rssOf = (b: ColdBuilds | undefined) => {
    const v = b?.runs.flatMap((r) => (r.maxRssKiB === undefined ? [] : [r.maxRssKiB])) ?? [];
    return v.length ? spread(v) : undefined;
  };
  const nothing = coldNothing ? spread(coldNothing.runs.map((r) => r.wallMs)) : undefined;
  out.push("");
  out.push(`1. Cold full-site build: node scripts/build.mjs --full (npm run build from scratch: the generator's bundle), ${RUNS} fresh processes, writing ${rel(ROOT, paths.dist)}/`);
  out.push(
    table(
      ["run", "wall", "build's own", "CPU", "max RSS"],
      cold.runs.map((r, i) => [String(i + 1), ms(r.wallMs), r.reportedMs === undefined ? "n/a" : ms(r.reportedMs), r.cpuMs === undefined ? "n/a" : ms(r.cpuMs), mib(r.maxRssKiB)]),
    ),
  );
  out.push(`wall         ${spreadText(wall, ms)}  target < ${ms(COLD_TARGET_MS)}: ${wall.median < COLD_TARGET_MS ? "met" : "NOT met"}`);
  if (reported) out.push(`build's own  ${spreadText(reported, ms)}  (runPipeline + write, without Node's start and the imports)`);
  if (cpu) out.push(`CPU          ${spreadText(cpu, ms)}  (user + system, all threads; steadier than wall time on a busy machine)`);
  if (rss) out.push(`max RSS      ${spreadText(rss, (k) => mib(k))}`);
  out.push(`max RSS via  ${cold.method}`);
  if (noCache) {
    const prep = prepareMs.length ? spread(prepareMs) : undefined;
    const r = rssOf(coldNoCache);
    out.push(
      `fresh clone  ${spreadText(noCache, ms)}${noCacheCpu ? `, CPU ${spreadText(noCacheCpu, ms)}` : ""}${r ? `, max RSS ${spreadText(r, (k) => mib(k))}` : ""}  (${coldNoCache!.runs.length} runs as CI builds a fresh clone after npm ci: an empty build cache, TSX_DISABLE_CACHE=1, the committed .generated/; target < 1 s: ${noCache.median < 1000 ? "met" : "NOT met"})`,
    );
    if (prep) out.push(`  npm ci's prepare (the generator bundled, once per install): ${spreadText(prep, ms)}`);
  }
  if (nothing) {
    const c = cpuOf(coldNothing);
    const r = rssOf(coldNothing);
    out.push(
      `from nothing ${spreadText(nothing, ms)}${c ? `, CPU ${spreadText(c, ms)}` : ""}${r ? `, max RSS ${spreadText(r, (k) => mib(k))}` : ""}  (${coldNothing!.runs.length} runs with nothing made before: no bundle, SSG_GENERATED=0 and an empty cache, so every photo copy, image, the font and the validators are made)`,
    );
  }
  coldSummary = {
    command: "node scripts/build.mjs --full",
    runs: cold.runs,
    wallMs: wall,
    reportedMs: reported ?? null,
    maxRssKiB: rss ?? null,
    maxRssMethod: cold.method,
    targetMs: COLD_TARGET_MS,
    targetMet: wall.median < COLD_TARGET_MS,
    cpuMs: cpu ?? null,
    freshClone: coldNoCache ? { env: "bundle from npm ci's prepare, TSX_DISABLE_CACHE=1 SSG_CACHE_DIR=<empty folder>, committed .generated/", runs: coldNoCache.runs, wallMs: noCache, cpuMs: noCacheCpu ?? null, prepareMs } : null,
    fromNothing: coldNothing ? { env: "no bundle, TSX_DISABLE_CACHE=1 SSG_GENERATED=0 SSG_CACHE_DIR=<empty folder>", runs: coldNothing.runs, wallMs: nothing ?? null, cpuMs: cpuOf(coldNothing) ?? null } : null,
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
  out.push("(render includes the wait left for the browser bundles, the stylesheet and the font: they start with the build, in parallel with load..routes.)");
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
  out.push(`4. Dev save-to-reload: ${rel(paths.root, reload.file)} saved while npm run dev runs, a text the page shows ("${reload.text.length > 40 ? `${reload.text.slice(0, 40)}…` : reload.text}") with its first letter's case toggled in turn, until the reload event (${RUNS} saves)`);
  out.push(`${reload.times.map((t) => ms(t)).join(", ")}; ${spreadText(spread(reload.times), ms)}`);
}

let scaleSummary: Record<string, unknown> | undefined;
if (scaled && "skipped" in scaled) {
  out.push("");
  out.push(`5. Scale: skipped: ${scaled.skipped}`);
  scaleSummary = { skipped: scaled.skipped };
} else if (scaled) {
  const { kind } = scaled;
  const entrySize = "about 170 words, 1 KB of Markdown: three paragraphs, two ## headings, one link";
  out.push("");
  out.push(
    `5. Scale: the site plus N synthetic Markdown entries of its kind "${kind.name}" (content/${kind.dir}/, at ${kind.route}; ~170 words, ~1 KB each, like the SSG Markdown benchmark's pages), fresh process, median of ${SCALE_RUNS}`,
  );
  out.push(
    table(
      ["build", "pages", "wall (median)", "min", "max", "ms/page", "CPU (median)", "max RSS"],
      scaled.rows.map((r) => [r.name, n(r.pages), ms(r.wallMs.median), ms(r.wallMs.min), ms(r.wallMs.max), r.msPerPage.toFixed(2), r.cpuMs ? ms(r.cpuMs.median) : "n/a", r.maxRssKiB ? mib(r.maxRssKiB.median) : "n/a"]),
    ),
  );
  // Side by side at each size, with the ratios. Targets: Hugo's wall time and memory, and faster than Eleventy in every round (our slowest run under its fastest).
  const byName = (prefix: string, size: number) => scaled.rows.find((r) => r.entries === size && r.name.startsWith(prefix) && !r.name.includes("SSG_WORKERS") && !r.name.includes("incremental"));
  const sideBySide = scaled.sizes.map((size) => {
    // The empty build cache first (what CI pays), the kept one beside it.
    const ours = byName("ours", size)!;
    const kept = scaled.rows.find((r) => r.entries === size && r.name.endsWith("build cache kept"));
    const e11 = byName("Eleventy", size);
    const hugo = byName("Hugo", size);
    return {
      entries: size,
      oursMs: ours.wallMs.median,
      oursKeptMs: kept?.wallMs.median ?? null,
      eleventyMs: e11?.wallMs.median ?? null,
      hugoMs: hugo?.wallMs.median ?? null,
      vsEleventy: e11 ? Math.round((ours.wallMs.median / e11.wallMs.median) * 100) / 100 : null,
      vsHugo: hugo ? Math.round((ours.wallMs.median / hugo.wallMs.median) * 100) / 100 : null,
      // Faster than Eleventy in every round: our slowest run under its fastest.
      fasterThanEleventyAlways: e11 ? ours.wallMs.max < e11.wallMs.min : null,
      atOrUnderHugo: hugo ? ours.wallMs.median <= hugo.wallMs.median : null,
      memoryAtOrUnderHugo: hugo?.maxRssKiB && ours.maxRssKiB ? ours.maxRssKiB.median <= hugo.maxRssKiB.median : null,
      memoryWithinTwiceHugo: hugo?.maxRssKiB && ours.maxRssKiB ? ours.maxRssKiB.median <= 2 * hugo.maxRssKiB.median : null,
      oursRssKiB: ours.maxRssKiB?.median ?? null,
      hugoRssKiB: hugo?.maxRssKiB?.median ?? null,
    };
  });
  out.push(
    table(
      ["entries", "ours, empty cache", "ours, cache kept", "Eleventy", "Hugo", "ours ÷ Eleventy", "ours ÷ Hugo", "RSS ours / Hugo"],
      sideBySide.map((r) => [n(r.entries), ms(r.oursMs), r.oursKeptMs === null ? "n/a" : ms(r.oursKeptMs), r.eleventyMs === null ? "n/a" : ms(r.eleventyMs), r.hugoMs === null ? "n/a" : ms(r.hugoMs), r.vsEleventy === null ? "n/a" : `${r.vsEleventy.toFixed(2)}×`, r.vsHugo === null ? "n/a" : `${r.vsHugo.toFixed(2)}×`, r.oursRssKiB === null ? "n/a" : `${mib(r.oursRssKiB)} / ${r.hugoRssKiB === null ? "n/a" : mib(r.hugoRssKiB)}`]),
    ),
  );
  const biggest = Math.max(...scaled.sizes);
  const ours = byName("ours", biggest);
  const fasterThanEleventy = sideBySide.every((r) => r.fasterThanEleventyAlways !== false);
  const underMemory = ours?.maxRssKiB ? ours.maxRssKiB.max < SCALE_RSS_TARGET_KIB : null;
  out.push(`Published anchors for 4,000 Markdown pages (the benchmark author's machine, 2022): Hugo 0.68 s, Eleventy 1.94 s, Astro 22.9 s.`);
  out.push(`Eleventy ${scaled.eleventy.version} layout: ${scaled.eleventy.layout}. Hugo: ${"missing" in scaled.hugo ? scaled.hugo.missing : `${scaled.hugo.version}, ${scaled.hugo.layout}`}. Each round runs every build in turn.`);
  out.push("CPU: user + system time of the process and its threads (/usr/bin/time); it varies less than wall time when other work loads the machine.");
  for (const r of sideBySide) {
    const parts = [`faster than Eleventy in every round: ${r.fasterThanEleventyAlways === null ? "n/a" : r.fasterThanEleventyAlways ? "met" : "NOT met"}`];
    if (r.hugoMs !== null) parts.push(`at or under Hugo's wall time (${ms(r.oursMs)} vs ${ms(r.hugoMs)}): ${r.atOrUnderHugo ? "met" : "NOT met"}`, `memory at most twice Hugo's: ${r.memoryWithinTwiceHugo === null ? "n/a" : r.memoryWithinTwiceHugo ? "met" : "NOT met"}`);
    out.push(`Targets at ${n(r.entries)}: ${parts.join("; ")}`);
  }
  const oneChanged = scaled.rows.find((r) => r.name.includes("incremental"));
  if (oneChanged) out.push(`One entry changed among ${n(oneChanged.entries)} (npm run build with the build cache and dist/ of the last build), under 1 s: ${ms(oneChanged.wallMs.median)}: ${oneChanged.wallMs.median < 1000 ? "met" : "NOT met"}`);
  if (scaled.devReload)
    out.push(`npm run dev at ${n(scaled.devReload.entries)} entries, ${scaled.devReload.file} saved until the reload event (${scaled.devReload.times.length} saves): ${scaled.devReload.times.map((t) => ms(t)).join(", ")}; median under 100 ms: ${scaled.devReload.median < 100 ? "met" : "NOT met"}`);
  out.push(`Peak memory at ${n(biggest)} < 600 MB (${ours?.maxRssKiB ? mib(ours.maxRssKiB.max) : "n/a"}): ${underMemory ? "met" : "NOT met"}`);
  scaleSummary = { runs: SCALE_RUNS, kind, sizes: scaled.sizes, entrySize, rows: scaled.rows, eleventy: scaled.eleventy, hugo: scaled.hugo, sideBySide, devReload: scaled.devReload ?? null, fasterThanEleventy, underMemoryTarget: underMemory, memoryTargetKiB: SCALE_RSS_TARGET_KIB };
}

if (lh) {
  out.push("");
  out.push(`6. Lighthouse ${lh.version}, mobile defaults, ${lighthouseRunsPerPage} runs per page (fresh headless Chromium each), medians; served by scripts/lib/server.ts. Report only.`);
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

if (photoResult) {
  const p = photoResult;
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  const kb = (b: number) => `${(b / 1e3).toFixed(1)} KB`;
  const sec = (t: number) => `${(t / 1000).toFixed(1)} s`;
  const row = (name: string, b: typeof p.cold) => [
    name,
    String(b.runs.length),
    sec(b.wallMs.median),
    b.cpuMs ? sec(b.cpuMs.median) : "n/a",
    b.cpuMs ? (b.cpuMs.median / b.wallMs.median).toFixed(2) : "n/a",
    mib(b.maxRssKiB?.median),
  ];
  out.push("");
  out.push(
    `7. Photos: the site plus ${n(p.photos)} generated photos (${n(p.photo.width)} × ${n(p.photo.height)} JPEG, ${mb(p.bytes.originals.bytes / p.photos)} on average, made with sharp in ${sec(p.setupMs)} before any timing), each behind the hero of a page of its own (${n(p.pages)} pages); node --import tsx scripts/build.ts, fresh processes, build cache in a folder of its own; medians`,
  );
  out.push(
    table(
      ["build", "runs", "wall", "CPU", "CPU/wall", "max RSS"],
      [row("cold (empty cache: every copy encoded)", p.cold), row("warm (cache from the cold build)", p.warm), row(`cold, one image at a time (${p.oneThread.env})`, p.oneThread)],
    ),
  );
  const c = p.warm.cacheChanges;
  out.push(`Warm image work: ${c.added + c.changed + c.removed === 0 ? "none" : "YES"} (cache folder ${n(p.warm.cacheFiles)} files; over ${p.warm.runs.length} warm builds ${c.added} added, ${c.changed} rewritten, ${c.removed} removed)`);
  out.push(`Threads: libvips ${p.threads.perImage} per image (images.ts ENCODER_THREADS), up to ${p.threads.imagesAtOnce} images at once on libuv's pool (UV_THREADPOOL_SIZE ${p.threads.uvThreadpool}); the one-thread build: ${p.oneThread.env}`);
  const s = p.sameBytes;
  out.push(`Same bytes: identical: ${s.identical ? "yes" : "NO"} (${n(s.files)} files of dist/ by sha256; cold vs each warm build: ${s.warmIdentical ? "yes" : "no"}, cold vs one thread: ${s.oneThreadIdentical ? "yes" : "no"})${s.differing.length ? `; differing: ${s.differing.join(", ")}` : ""}`);
  const f = p.bytes.copies;
  out.push(
    `Bytes: originals ${n(p.bytes.originals.files)} files ${mb(p.bytes.originals.bytes)}; copies in dist/: AVIF ${n(f.avif.files)} files ${mb(f.avif.bytes)}, WebP ${n(f.webp.files)} files ${mb(f.webp.bytes)}, JPEG ${n(f.jpeg.files)} files ${mb(f.jpeg.bytes)}`,
  );
  const ph = p.bytes.phone;
  out.push(
    `Phone ${ph.width} px at DPR ${ph.dpr} (the budgets' phone: the copy a browser showing AVIF picks by the hero's sizes and srcset): ${ph.picked.join(", ") || "n/a"}, median ${ph.medianBytes === undefined ? "n/a" : kb(ph.medianBytes)} over ${ph.pages} pages`,
  );
}

if (studio) {
  const k = studio.keystroke;
  out.push("");
  out.push(`8. Studio: ${studio.command}, ${studio.runs.length} fresh processes; then a fresh Chromium page (1440 × 900) until the preview shows the home page's h1`);
  out.push(
    table(
      ["run", "ready", "Studio's own", "painted", "painted after ready"],
      studio.runs.map((r, i) => [String(i + 1), ms(r.readyMs), ms(r.ownMs), ms(r.paintedMs), ms(r.paintAfterReadyMs)]),
    ),
  );
  out.push(`ready         ${spreadText(studio.readyMs, ms)}  (spawn to "Studio ready on …")`);
  out.push(`Studio's own  ${spreadText(studio.ownMs, ms)}  (the ms it prints: without Node's and tsx's start-up)`);
  out.push(`painted       ${spreadText(studio.paintedMs, ms)}  (spawn to the preview's h1 in the app)`);
  if ("failed" in k) out.push(`Keystroke to preview painted: not measured: ${k.failed}`);
  else {
    out.push(`Keystroke to preview painted: ${k.edits} letters typed at the end of ${k.file} ${k.field}, ${k.gapMs} ms apart, keydown to the "studio-preview-shown" event of the render showing them`);
    out.push(`median ${ms(k.ms.median)}, p95 ${ms(k.ms.p95)}, max ${ms(k.ms.max)} (min ${ms(k.ms.min)})`);
    out.push(`Server's own time per draft (/api/draft ms: the site checked, the page rendered): median ${ms(k.serverMs.median)}, p95 ${ms(k.serverMs.p95)}, max ${ms(k.serverMs.max)} over ${k.serverMs.drafts} drafts (${k.serverMs.superseded} superseded)`);
    const phase = (name: string, p: { median: number; p95: number }, what: string) => out.push(`  ${name} median ${ms(p.median)}, p95 ${ms(p.p95)}  (${what})`);
    out.push("Where an edit's time goes (medians and p95 of each part, so they need not add up):");
    phase("keydown to draft sent   ", k.phases.toRequest, "the form's update, then the app sends the drafts");
    phase("draft's round trip      ", k.phases.roundTrip, "the server's check and render, the reply's transfer and parse");
    phase("reply to preview shown  ", k.phases.toShown, "the app hands the HTML to the frame, which updates and paints");
  }
}

if (leads && "skipped" in leads) out.push("", `9. Lead receiver: skipped (${leads.skipped})`);
else if (leads) {
  out.push("");
  out.push(`9. Lead receiver: ${leads.total} leads posted at concurrency ${leads.concurrency} to a fresh file (scripts/lib/leads.ts, each line written whole and synced), ${leads.rounds.length} rounds`);
  out.push(
    table(
      ["round", "time", "leads/s", "latency median", "p95", "max", "201", "lines", "well-formed"],
      leads.rounds.map((r, i) => [String(i + 1), ms(r.ms), String(r.perSecond), ms(r.latencyMs.median), ms(r.latencyMs.p95), ms(r.latencyMs.max), String(r.created), String(r.lines), String(r.wellFormed)]),
    ),
  );
}

if (oracle) {
  out.push("");
  out.push(`10. Oracle: ${oracle.runs} random sequences of up to ${oracle.maxSteps} edits, every fast path against a build from scratch after each (tests/unit/oracle.test.ts)`);
  out.push(`${oracle.passed ? "no difference" : "A PATH DIFFERED"} in ${Math.round(oracle.ms / 1000)} s${oracle.failure ? `\n${oracle.failure}` : ""}`);
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
  devSaveToReloadMs: reload?.times,
  devSaveToReloadFile: reload ? rel(paths.root, reload.file) : undefined,
  scale: scaleSummary,
  photos: photoResult,
  studio,
  leads,
  oracle,
  lighthouse: lh ? { version: lh.version, formFactor: "mobile (defaults)", runsPerPage: lighthouseRunsPerPage, median: lh.median, runs: lh.runs } : undefined,
};
const merged: Record<string, unknown> = onlyArg ? { ...previous } : {};
merged["machine"] = machine;
for (const [k, v] of Object.entries(sections)) if (v !== undefined) merged[k] = v;
await writeFile(reportFile, JSON.stringify(merged, null, 2) + "\n");
out.push("");
out.push(`JSON: ${rel(ROOT, reportFile)}`);
console.log(out.join("\n"));
