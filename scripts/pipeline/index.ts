/**
 * The pipeline: the stage list, run in order over one build (build.ts), and the work started
 * before any stage because it needs nothing of the content. Every way in runs this list:
 * `npm run build` (from scratch, or with the memo it stored), `npm run check` (it stops after
 * the routes), the dev server's builder, its first answer to a save (the pages of one file:
 * pagesFrom) and the Studio's preview (an unsaved draft, one page). They differ only in their
 * options (build.ts BuildOptions), never in the stages they run.
 *
 *   load      content read with positions, the schemas, the site module
 *   validate  every file against its schema; content/assets/ files; placeholders
 *   media     share images and icons, the brand font, the photos
 *   resolve   references, Markdown, assets with hashed names
 *   routes    the route table, and every check of content that needs it
 *   render    every page with the site's templates (React on the server)
 *   check     the rendered markup read once: template links, h1, anchors
 *   finish    photo copies, share images, sitemap, robots.txt, routes.json
 *   headers   security and caching headers from the finished output
 *   write     a new version of dist/, swapped in whole
 *
 * Each entry is stages/<name>/index.ts, with the modules that do its work beside it, and can
 * be read alone; memo/ keeps rendered pages between builds. A stage that finds an error
 * stops the build with the issues to report; the previous dist/ is touched only by a build
 * that succeeded. Work kept between builds goes through one cache (cache.ts), handed to the
 * stages in the build.
 */
import type { ProjectPaths } from "../lib/paths.ts";
import { loadSiteModule, resolveFont } from "../lib/site-module.ts";
import { recoverDist } from "../lib/swap.ts";
import { sortIssues } from "../problems/issues.ts";
import { outputBytes } from "./stages/write/write.ts";
import type { Build, BuildOptions, BuildResult, Jobs, Stage } from "./build.ts";
import { openCache } from "./cache.ts";
import { openGenerated } from "../lib/generated.ts";
import type { FileMemo } from "./model.ts";
import { loadSectionComponents } from "./stages/render/render.tsx";
import { browserAssets } from "./stages/render/assets.ts";
import { templateTexts } from "./stages/media/font.ts";
import { startPool, type WorkerPool } from "./stages/render/pool.ts";
import { loadSchemas } from "./stages/validate/schemas.ts";
import { contentDates, pageSources } from "./stages/render/seo.ts";
import { loadImageKit } from "./stages/media/share-images.ts";
import { codeKey, loadStoredMemo } from "./memo/stored-memo.ts";
import { loadStage } from "./stages/load/index.ts";
import { validateStage } from "./stages/validate/index.ts";
import { withLaterErrors } from "./look-ahead.ts";
import { mediaStage } from "./stages/media/index.ts";
import { resolveStage } from "./stages/resolve/index.ts";
import { routesStage } from "./stages/routes/index.ts";
import { renderStage } from "./stages/render/index.ts";
import { checkStage } from "./stages/check/index.ts";
import { finishStage } from "./stages/finish/index.ts";
import { headersStage } from "./stages/headers/index.ts";
import { writeStage } from "./stages/write/index.ts";

export type { BuildOptions, BuildResult, WarmCache } from "./build.ts";

/** The stages, in order. */
export const STAGES: readonly Stage[] = [loadStage, validateStage, mediaStage, resolveStage, routesStage, renderStage, checkStage, finishStage, headersStage, writeStage];

export async function runPipeline(paths: ProjectPaths, options: BuildOptions): Promise<BuildResult> {
  // Worker threads (SSG_WORKERS; pool.ts) for a full build; the dev server's warm builds stay on one thread.
  const pool = options.mode === "build" && !options.warm ? startPool() : undefined;
  try {
    return await run(paths, options, pool);
  } finally {
    void pool?.close();
  }
}

/**
 * The pages made from one content file (project-relative), as a whole build makes them: the
 * same pipeline with the whole content, rendering only those pages (options.only). The dev
 * server serves them the moment a file is saved, then runs the whole build.
 */
export async function pagesFrom(paths: ProjectPaths, warm: NonNullable<BuildOptions["warm"]>, file: string): Promise<{ pages: Map<string, string>; addresses: string[] } | { skipped: string }> {
  const result = await runPipeline(paths, { mode: "build", write: false, warm, only: { files: [file] } });
  if (!result.ok) return { skipped: "the content has an error: the whole build reports it" };
  const routes = result.routes.filter((r) => r.page.file === file && result.files.has(r.output));
  if (!routes.length) return { skipped: "the file makes no page of its own" };
  return { pages: new Map(routes.map((r) => [r.output, outputBytes(result.files.get(r.output)!).toString("utf8")])), addresses: routes.map((r) => r.path) };
}

async function run(paths: ProjectPaths, options: BuildOptions, pool: WorkerPool | undefined): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  // First of all, a build that died while swapping dist/ is finished, whether or not this one gets as far as writing.
  if (options.mode === "build" && options.write !== false) for (const problem of await recoverDist(paths.dist)) console.warn(`warning: ${problem}`);
  const warm = options.warm;
  // What is slow to make and the same on every machine, kept with the project (lib/generated.ts).
  const generated = openGenerated(paths);
  // Work kept between builds (cache.ts): handed to the stages that keep any, keyed by what they read.
  const cache = openCache(generated && { files: generated, root: paths.root }, warm ? (warm.cacheMemory ??= new Map()) : undefined);
  const jobs = startJobs(paths, options, pool, cache);
  // What earlier builds learnt of each content file's text (front matter, validation, font characters: memo/file-memo.ts):
  // from the stored memo, or the long-running builder's last build.
  const fileMemo: FileMemo | undefined = jobs.code ? { previous: (await jobs.stored?.catch(() => undefined))?.files, used: new Map() } : warm ? { previous: warm.files, used: new Map() } : undefined;
  if (warm && fileMemo) warm.files = fileMemo.used;
  // Each stage adds its fields (build.ts) before the next one reads them.
  const build = { paths, options, warm, cache, generated, pool, jobs, fileMemo, issues: [] } as unknown as Build;

  let t = performance.now();
  try {
    for (const stage of STAGES) {
      if (stage.runs && !stage.runs(build)) continue;
      const stop = await stage.run(build);
      const now = performance.now();
      timings[stage.name] = Math.round((now - t) * 10) / 10;
      t = now;
      if (stop) {
        // Whatever stage stopped the build, its new version of dist/ goes: "Nothing was written".
        await build.output?.abandon();
        // A schema error stops the build before the checks of the whole site: their errors are listed with it (look-ahead.ts).
        const issues = stage === validateStage ? await withLaterErrors(build, stop.issues) : stop.issues;
        return { ok: false, issues: sortIssues(issues), routes: stop.routes ?? [], files: new Map(), timings, ...sourcesOf(build) };
      }
    }
  } catch (err) {
    await build.output?.abandon().catch(() => {});
    throw err;
  }
  const built = options.mode === "build";
  return { ok: true, issues: sortIssues(build.issues), routes: build.routes, files: built ? build.files : new Map(), timings, generated, ...sourcesOf(build), ...(built && !options.only ? { written: build.written } : {}) };
}

/** A check's (`npm run check`, the Studio's): what each page is made from, once content is resolved (the Studio shows a collection on a page that lists it). */
function sourcesOf(build: Build): { sources?: Map<string, string[]> } {
  const resolved = (build as Partial<Build>).resolved;
  return resolved && build.options.mode === "check" ? { sources: pageSources(resolved, resolved.annotations) } : {};
}

/**
 * The work that needs nothing of the content, started at once so that it runs while content
 * loads and is checked: the site module, the schemas; for a build, the browser bundles and
 * the stylesheet, the section components, the fonts and theme of the share images, the
 * templates' texts (for the font), the content's dates (for the sitemap); for `npm run build`,
 * its stored memo. A long-running builder keeps the first ones (build.ts WarmCache).
 */
function startJobs(paths: ProjectPaths, options: BuildOptions, pool: WorkerPool | undefined, cache: Build["cache"]): Jobs {
  const warm = options.warm;
  const building = options.mode === "build";
  const siteModule = loadSiteModule(paths.templates);
  const schemas = (warm ? (warm.schemas ??= loadSchemas(paths.schemas)) : loadSchemas(paths.schemas));
  const jobs: Jobs = { siteModule, schemas };
  if (building) {
    jobs.assets =
      warm?.assets ??
      siteModule.then((m) => {
        const font = resolveFont(m.font, paths.templates);
        return browserAssets(cache, paths.templates, font, () => pool?.styles(paths.templates, font) ?? import("./stages/render/styles.ts").then((s) => s.buildStyles(paths.templates, font)));
      });
    jobs.imageKit = warm?.imageKit ?? loadImageKit(paths.templates);
    jobs.sections = warm?.sections ?? schemas.then((s) => loadSectionComponents(paths.templates, s.sectionTypes.keys(), (type) => s.sectionTypes.get(type)!));
    jobs.templateTexts = warm?.templateTexts ?? templateTexts(paths.templates);
    if (warm) Object.assign(warm, { assets: jobs.assets, imageKit: jobs.imageKit, sections: jobs.sections, templateTexts: jobs.templateTexts });
    // Pages rendered alone have no sitemap: no dates.
    if (!options.only) jobs.dates = contentDates(paths);
  }
  // `npm run build` keeps its memo between runs (memo/stored-memo.ts); --full builds from scratch and keeps a new one.
  const storing = options.incremental !== undefined && building && options.write !== false && !options.only && !options.drafts && !warm;
  if (storing) {
    jobs.code = codeKey(paths);
    if (options.incremental === "auto") jobs.stored = loadStoredMemo(paths, jobs.code);
  }
  // Each is awaited by the stage that uses it; a build that stops earlier never looks.
  for (const job of Object.values(jobs)) (job as Promise<unknown>).catch(() => {});
  return jobs;
}
