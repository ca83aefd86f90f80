/**
 * The whole pipeline, one stage file each, in order:
 *
 *   1-load      read content/: JSON with positions, Markdown front matter, assets
 *   2-validate  against schemas/ (and the placeholder-address check)
 *   3-resolve   references between files, Markdown, assets with hashed names
 *   4-routes    the route table, and the links written in content
 *   5-render    every page with the site's templates (React on the server)
 *   6-check     the rendered markup read once: the links templates wrote, what the policy needs
 *   7-headers   the security and caching headers, from the finished output
 *   8-write     into a new folder that replaces dist/ in one step
 *
 * Modules the stages share (the error catalogue, the worker pool, Markdown, fonts,
 * share images, the site module) are in support/. `npm run check` stops after
 * 4-routes. Content mistakes come back as issues; the previous dist/ is touched only
 * by a build that succeeded.
 */
import path from "node:path";
import type { ProjectPaths } from "../lib/paths.ts";
import { assetIssues } from "./support/asset-checks.ts";
import { browserAssets } from "./support/assets.ts";
import { openCache, type CacheMemory } from "./cache.ts";
import { headerFiles, sitePolicy } from "./7-headers.ts";
import type { IslandBundle } from "./support/islands.ts";
import { sortIssues, type Issue } from "../problems/issues.ts";
import { brandFont, contentCharacters, fontText, templateTexts, withFontUrl, type BrandFont } from "./support/font.ts";
import { checkContentLinks } from "./support/links.ts";
import { load } from "./1-load.ts";
import { placeholderIssues } from "./support/placeholders.ts";
import { anchorIssues, headingIssues, readPiece, readRendered, scanWholePage, templateLinkIssues } from "./6-check.ts";
import type { RenderedReads, ValidatedContent, OutputData, FileFacts, FileMemo, KeptPage, OutputState } from "./model.ts";
import { preparseMarkdown, renderSetup, startPool, type WorkerPool } from "./support/pool.ts";
import { assemble, countPerSection, encodePage, loadSectionComponents, renderDataKey, renderPage, type FragmentCache, type RenderedPage, type RenderInput, type SectionComponent } from "./5-render.tsx";
import { markHidden, resolve, type ResolvedContent } from "./3-resolve.ts";
import { processPhotos, softPhotoIssues, type PhotoJob } from "./support/photos.ts";
import { buildRoutes, type Route } from "./4-routes.ts";
import { checkKindSchemas, loadSchemas, type SchemaSet } from "./support/schemas.ts";
import { siteRuleIssues } from "./support/site-rules.ts";
import { contentDates, drawSiteImages, lastModified, pageSources, planSeo, seoIssues, type SeoOutput, type SiteImages } from "./support/seo.ts";
import { loadImageKit, type ImageKit } from "./support/share-images.ts";
import { unusedContent } from "./support/unused.ts";
import { textIssues } from "./support/text-checks.ts";
import { createValidator, validateContent } from "./2-validate.ts";
import { canUpdate, outputBytes, outputSignature, startOutput, updateOutput, writeOutput, type OutputFolder } from "./8-write.ts";
import { markdownKey } from "./support/markdown.ts";
import { hashText } from "../lib/hash.ts";
import { memoFor, type RenderMemo } from "./support/memo.ts";
import { codeKey, dropStoredMemo, loadStoredMemo, saveStoredMemo } from "./support/stored-memo.ts";
import { recoverDist } from "../lib/swap.ts";
import type { SiteModule, SiteSettings as Site } from "../api.ts";
import { loadSiteModule, resolveFont } from "../lib/site-module.ts";
import { normalizeRoute } from "../lib/url.ts";

export interface BuildResult {
  ok: boolean;
  /** The files of dist/ the build wrote or deleted (with a memo, only those that changed), ["*"] for a new dist/. */
  written?: string[];
  issues: Issue[];
  routes: Route[];
  /** Output path inside dist/ -> content (only for a build); photos' copies may be files in the build cache to copy. */
  files: Map<string, OutputData>;
  timings: Record<string, number>;
}

export interface BuildOptions {
  mode: "check" | "build";
  /** Write to paths.dist (default true for a build). */
  write?: boolean;
  /**
   * Addresses still on names reserved for examples (placeholders.ts) are errors, not
   * warnings: the build stops before writing anything (`npm run build -- --strict`).
   */
  strict?: boolean;
  /**
   * Work kept between builds by a long-running process (the dev server's builder):
   * schemas and their compiled validator, the browser bundles and the stylesheet, the
   * section components. Only valid while schemas/ and templates/ stay as they were.
   */
  warm?: WarmCache;
  /**
   * Unsaved drafts by project-relative path ("content/pages/index.json"): read instead of
   * the files on disk, and added when there is no such file (the Studio's preview).
   */
  drafts?: ReadonlyMap<string, string>;
  /**
   * Render only some pages: those at these addresses (the Studio's preview of one page) or
   * those made from these content files, project-relative (the dev server's first answer to
   * a save). Every check on content still runs on the whole site, and those pages' rendered
   * markup is checked; the checks that need every page rendered (anchors), the headers, the
   * sitemap and the share images are left out. Use with write: false. The pages are the
   * bytes a whole build writes: the same stages run, on the same inputs
   * (tests/unit/oracle.test.ts).
   */
  only?: { addresses?: readonly string[]; files?: readonly string[] };
  /** Mark each section for the Studio's preview (5-render.tsx markSections). */
  preview?: boolean;
  /**
   * `npm run build`: "auto" uses the memo a build of this project stored in the build cache
   * (support/stored-memo.ts) when it is still valid, rendering and writing only what changed;
   * "full" builds from scratch. Both store a new memo once dist/ is written.
   */
  incremental?: "auto" | "full";
}

export interface WarmCache {
  schemas?: Promise<SchemaSet>;
  validator?: ReturnType<typeof createValidator>;
  assets?: Promise<[IslandBundle, string]>;
  sections?: Promise<Map<string, SectionComponent>>;
  imageKit?: Promise<ImageKit>;
  /** What the build cache found or made, kept in memory for the next build (cache.ts). */
  cacheMemory?: CacheMemory;
  /** The templates' texts (font.ts templateTexts). */
  templateTexts?: Promise<string[]>;
  /** Rendered pages, shared parts, reads and what dist/ holds, by the hash of their inputs (support/memo.ts). */
  memo?: RenderMemo;
  /** What the last build learnt of each content file's text, by its key (support/file-memo.ts; the stages only read it). */
  files?: Map<string, FileFacts>;
  /** Photos' hashes, by content path (support/photos.ts), checked against the bytes on each build. */
  photoHashes?: Map<string, { bytes: Buffer; hash: string }>;
}

export async function runPipeline(paths: ProjectPaths, options: BuildOptions): Promise<BuildResult> {
  // Worker threads (SSG_WORKERS; pool.ts) for a full build; the dev server's warm builds stay on one thread.
  const pool = options.mode === "build" && !options.warm ? startPool() : undefined;
  try {
    return await pipeline(paths, options, pool);
  } finally {
    void pool?.close();
  }
}

/**
 * The pages made from one content file (project-relative), as a whole build makes them: the
 * same pipeline with the whole content, rendering only those pages (options.only). The dev
 * server serves them the moment a file is saved, then runs the whole build.
 */
export async function pagesFrom(paths: ProjectPaths, warm: WarmCache, file: string): Promise<{ pages: Map<string, string>; addresses: string[] } | { skipped: string }> {
  const result = await runPipeline(paths, { mode: "build", write: false, warm, only: { files: [file] } });
  if (!result.ok) return { skipped: "the content has an error: the whole build reports it" };
  const routes = result.routes.filter((r) => r.page.file === file && result.files.has(r.output));
  if (!routes.length) return { skipped: "the file makes no page of its own" };
  return { pages: new Map(routes.map((r) => [r.output, outputBytes(result.files.get(r.output)!).toString("utf8")])), addresses: routes.map((r) => r.path) };
}

async function pipeline(paths: ProjectPaths, options: BuildOptions, pool: WorkerPool | undefined): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((now - t) * 10) / 10;
    t = now;
  };
  const fail = (issues: Issue[], routes: Route[] = []): BuildResult => ({ ok: false, issues: sortIssues(issues), routes, files: new Map(), timings });
  // First of all, a build that died while swapping dist/ is finished, whether or not this one gets as far as writing.
  if (options.mode === "build" && options.write !== false) for (const problem of await recoverDist(paths.dist)) console.warn(`warning: ${problem}`);

  const warm = options.warm;
  // Work kept between builds (cache.ts): handed to the stages that keep any, keyed by what they read.
  const cache = openCache(undefined, warm ? (warm.cacheMemory ??= new Map()) : undefined);
  // templates/site.ts: the document shell and the site's extensions (imports the templates).
  const siteModuleJob = loadSiteModule(paths.templates);
  siteModuleJob.catch(() => {});
  // Browser code and styles do not depend on content: start them right away (the styles once the site module names its font).
  const assetsJob: Promise<[IslandBundle, string]> | undefined =
    options.mode === "build"
      ? (warm?.assets ??
        siteModuleJob.then((m) => {
          const font = resolveFont(m.font, paths.templates);
          return browserAssets(cache, paths.templates, font, () => pool?.styles(paths.templates, font) ?? import("./support/styles.ts").then((m) => m.buildStyles(paths.templates, font)));
        }))
      : undefined;
  if (warm && assetsJob) warm.assets = assetsJob;
  assetsJob?.catch(() => {}); // awaited below; avoid an unhandled rejection if content fails first
  // Fonts and theme for the share images and icons (drawn in a worker while pages render), and content dates for the sitemap.
  const kitJob = options.mode === "build" ? (warm?.imageKit ?? loadImageKit(paths.templates, cache)) : undefined;
  if (warm && kitJob) warm.imageKit = kitJob;
  kitJob?.catch(() => {});
  // (Pages rendered alone have no sitemap: no dates.)
  const datesJob = options.mode === "build" && !options.only ? contentDates(paths) : undefined;
  datesJob?.catch(() => {});
  // `npm run build` keeps its memo between runs (support/stored-memo.ts); --full builds from scratch and keeps a new one.
  const storing = options.incremental !== undefined && options.mode === "build" && options.write !== false && !options.only && !options.drafts && !warm;
  const codeJob = storing ? codeKey(paths) : undefined;
  codeJob?.catch(() => {});
  const storedJob = storing && options.incremental === "auto" ? loadStoredMemo(paths, codeJob!) : undefined;
  storedJob?.catch(() => {});

  const schemasJob = warm?.schemas ?? loadSchemas(paths.schemas);
  if (warm) warm.schemas = schemasJob;
  // The section components (templates/sections/), loaded while content loads and is checked.
  const sectionsJob = options.mode === "build" ? (warm?.sections ?? schemasJob.then((schemas) => loadSectionComponents(paths.templates, schemas.sectionTypes.keys()))) : undefined;
  if (warm && sectionsJob) warm.sections = sectionsJob;
  sectionsJob?.catch(() => {});
  // What earlier builds learnt of each content file's text (front matter, validation, font characters: support/file-memo.ts):
  // from the stored memo, or the long-running builder's last build.
  const fileMemo: FileMemo | undefined = codeJob ? { previous: (await storedJob?.catch(() => undefined))?.files, used: new Map() } : warm ? { previous: warm.files, used: new Map() } : undefined;
  if (warm && fileMemo) warm.files = fileMemo.used;
  const [schemas, loaded, siteModule] = await Promise.all([schemasJob, load(paths, siteModuleJob.then((m) => m.kinds ?? []), options.drafts, fileMemo), siteModuleJob]);
  checkKindSchemas(siteModule.kinds ?? [], schemas);
  lap("load");
  const validator = warm?.validator ?? createValidator(schemas);
  if (warm) warm.validator = validator;
  const validated = validateContent(loaded, schemas, validator);
  // The files of content/assets/ themselves: named as what they are, no script in an SVG, not too large.
  validated.issues.push(...assetIssues(loaded.assets, loaded.files, validated.annotations, siteModule.templateAssets));
  // Warnings join the others once the content has no errors (as unused content does);
  // with --strict they are errors, and are reported with the rest whatever happens.
  const placeholders = placeholderIssues(validated.files, schemas, options.strict ? "error" : "warning");
  lap("validate");
  if (validated.issues.some((i) => i.severity === "error")) return fail([...validated.issues, ...(options.strict ? placeholders : [])]);
  // The worker draws share images and icons while the rest of the build runs.
  const images = kitJob && drawSiteImages(await kitJob, validated, siteModule.templateAssets[0]);
  // The brand font, cut to the characters of content and templates (font.ts; from the build cache when the text is unchanged).
  const textsJob = options.mode === "build" ? (warm?.templateTexts ?? templateTexts(paths.templates)) : undefined;
  if (warm && textsJob) warm.templateTexts = textsJob;
  const fontTextJob = textsJob?.then((t) => fontText(t, contentCharacters(validated.files)));
  const fontJob = fontTextJob?.then((text) => brandFont(resolveFont(siteModule.font, paths.templates), text, cache));
  fontJob?.catch(() => {});

  if (pool?.shares(validated.files.length)) await preparseMarkdown(pool, validated.annotations);
  // Photos that pages show: their sizes and colours now (from the build cache when unchanged), their copies encoded while pages render.
  const marked = markHidden(validated);
  const photos = options.mode === "build" ? await processPhotos(validated, marked, siteModule.templateAssets, warm) : undefined;
  if (photos?.issues.length) return fail([...validated.issues, ...photos.issues]);
  const resolved = resolve(validated, photos, marked);
  lap("resolve");
  const { routes, issues: routeIssues } = buildRoutes(resolved);
  const issues = [...validated.issues, ...resolved.issues, ...routeIssues, ...checkContentLinks(resolved, routes), ...textIssues(validated.files, schemas), ...seoIssues(resolved, routes), ...siteRuleIssues(siteModule, resolved)];
  if (options.strict || !issues.some((i) => i.severity === "error")) issues.push(...placeholders);
  if (!issues.some((i) => i.severity === "error")) issues.push(...unusedContent(resolved, resolved.annotations, routes, siteModule.templateAssets));
  lap("routes+links");
  if (issues.some((i) => i.severity === "error")) return fail(issues, routes);
  if (options.mode === "check") return { ok: true, issues: sortIssues(issues), routes, files: new Map(), timings };
  // What dist/ holds from an earlier build of this process or a stored one (support/memo.ts, stored-memo.ts): then only what changed is written.
  const stored = await storedJob;
  const previous = warm ? warm.memo : stored;
  const inPlace = options.write !== false && (await canUpdate(paths.dist, previous));
  // Otherwise the output folder and the pages' folders are made while the pages render (8-write.ts).
  const output = options.write !== false && !inPlace ? startOutput(paths.dist) : undefined;
  output?.prepare(routes.map((r) => r.output));
  try {
    const result = await renderAndWrite(paths, options, { schemas, validated, resolved, routes, issues, assetsJob: assetsJob!, textsJob: textsJob!, fontTextJob: fontTextJob!, fontJob: fontJob!, sectionsJob: sectionsJob!, datesJob: datesJob!, images: images!, photos: photos!, lap, fail, timings, pool, siteModule, stored, codeJob, fileMemo }, output);
    // Whatever stage failed (rendering, links, headers), this build's folder goes: "Nothing was written".
    if (!result.ok) await output?.abandon();
    return result;
  } catch (err) {
    await output?.abandon().catch(() => {});
    throw err;
  }
}

async function renderAndWrite(
  paths: ProjectPaths,
  options: BuildOptions,
  { schemas, validated, resolved, routes, issues, assetsJob, textsJob, fontTextJob, fontJob, sectionsJob, datesJob, images, photos, lap, fail, timings, pool, siteModule, stored, codeJob, fileMemo }: RenderState,
  output: OutputFolder | undefined,
): Promise<BuildResult> {
  const warm = options.warm;

  const seo = planSeo(images!, resolved.files.find((f) => f.kind === "site")!.data as unknown as Site, routes, resolved, siteModule as SiteModule<Site>);
  const [[islands, styles], font] = await Promise.all([assetsJob, fontJob]);
  const css = withFontUrl(styles, font.url) + photos.styles.css();
  lap("islands+styles");
  const files = new Map<string, OutputData>();
  for (const [out, bytes] of islands.files) files.set(out, bytes);
  files.set(font.output, font.bytes);
  // Photos are published as their copies (below), other files of content/assets as they are.
  for (const [name, a] of resolved.assets) if (photos.publishedAsIs(name)) files.set(a.output, a.bytes);
  // These are final already: into the build's new folder while the pages render (8-write.ts),
  // and so are the photos' copies and the share images once made (from the build cache, mostly).
  if (output && !options.only) {
    for (const [out, data] of files) output.file(out, data);
    void photos.encoded.then((e) => !e.issues.length && e.files.forEach((data, out) => output.file(out, data)), () => {});
    void seo.files().then((made) => made.forEach(([out, data]) => output.file(out, data)), () => {});
  }

  const site = resolved.files.find((f) => f.kind === "site")!.data as unknown as Site;
  const sections = await sectionsJob;
  const input: RenderInput = { site, assets: resolved.assets, islands, css, font: font.url, sections, seo, siteModule, markSections: options.preview === true };
  const builtPaths = new Set(routes.filter((r) => r.status === 200).map((r) => r.path));
  // A long-running builder keeps pages, shared parts and reads by the hash of their inputs
  // (support/memo.ts); `npm run build` stores them between runs (support/stored-memo.ts).
  const key = warm || codeJob ? renderDataKey(input) : undefined;
  // A build of some pages (options.only) reads and adds to the memo of whole builds made with the same render input, and keeps it as it is.
  const previous = warm ? warm.memo : stored;
  const memo = key === undefined ? undefined : options.only ? (previous?.siteKey === key ? previous : undefined) : memoFor(previous, key);
  // Parts shared by many pages (header, footer, stylesheet: scripts/runtime/Cached.tsx) are
  // rendered once and kept here; worker threads send the ones they rendered along.
  const fragments: FragmentCache = memo?.fragments ?? new Map();
  const pages = new Map<string, RenderedPage>();
  /** Pages dist/ holds as they are (a stored memo): not rendered, only their reads are known. */
  const keptPages = new Map<string, KeptPage>();
  /** Each page's render key (with a memo): what dist/ holds of it is current when the key is the one written. */
  const pageKeys = new Map<string, string>();
  const renderedByKey = new Map<string, RenderedPage>();
  const all = routes;
  if (options.only) routes = routes.filter((r) => options.only!.addresses?.includes(r.path) || options.only!.files?.includes(r.page.file));
  // Each page's render key: the hash of everything its render reads (its route, its data, its head, and the render input: pageKey).
  // The files each page is made from, for the sitemap's dates (worked out when needed).
  let sources: Map<string, string[]> | undefined;
  const sourcesOf = () => (sources ??= pageSources(resolved, resolved.annotations));
  const keys = memo ? routes.map((r) => pageKey(r, seo.head(r), key!)) : undefined;
  const holdsPage = (route: Route, key: string) => memo?.output?.files.get(route.output) === key;
  const keptOf = (route: Route, i: number) => (keys && !memo!.pages.has(keys[i]!) && holdsPage(route, keys[i]!) ? memo!.kept?.get(keys[i]!) : undefined);
  const toRender = routes.filter((r, i) => !keptOf(r, i));
  const rendered = pool?.shares(toRender.length)
    ? new Map((await pool.render(toRender, renderSetup(paths.templates, schemas, input), (route) => renderPage(route, input, fragments), seo.head)).map((p, i) => [toRender[i]!, p]))
    : undefined;
  for (const [i, route] of routes.entries()) {
    const key = keys?.[i];
    const keptPage = keptOf(route, i);
    if (key !== undefined) pageKeys.set(route.output, key);
    if (keptPage) {
      keptPages.set(route.output, keptPage);
      // The bytes are those dist/ holds (never written again: their signature is unchanged).
      files.set(route.output, { copyFrom: path.join(paths.dist, route.output) });
      continue;
    }
    let page: RenderedPage | undefined = key === undefined ? undefined : memo!.pages.get(key);
    if (!page) {
      page = rendered?.get(route) ?? renderPage(route, input, fragments);
      for (const [key, fragment] of page.fragments) if (!fragments.has(key)) fragments.set(key, fragment);
    }
    if (key !== undefined) renderedByKey.set(key, page);
    files.set(route.output, assemble(page, fragments));
    pages.set(route.output, page);
    // Into the build's new folder right away, by the writer thread, while the next pages render (8-write.ts).
    if (!options.only) output?.page(route.output, page, (k) => fragments.get(k)!.html);
  }
  if (memo && options.only) for (const [k, page] of renderedByKey) memo.pages.set(k, page);
  else if (memo) memo.pages = warm ? renderedByKey : new Map();
  if (warm && memo && !options.only) warm.memo = memo;
  lap("render");
  // The check stage (check.ts): each page's pieces read once (each shared part once), for the
  // links templates wrote (which must resolve too) and for the headers below.
  const keysOf = (r: Route) => pages.get(r.output)?.keys ?? keptPages.get(r.output)!.keys;
  const read = readRendered(routes.map((r) => pages.get(r.output) ?? { pieces: [], keys: keysOf(r) }), fragments, memo?.reads);
  routes.forEach((r, i) => {
    const k = keptPages.get(r.output);
    if (k) read.ownReads[i] = k.reads;
  });
  if (memo && options.only) for (const [text, r] of read.memo) memo.reads.set(text, r);
  else if (memo) memo.reads = warm ? read.memo : new Map();
  // Each address looked up once: most pages link the same assets, scripts and navigation.
  const found = new Map<string, boolean>();
  const exists = (ref: string) => {
    let yes = found.get(ref);
    if (yes === undefined) found.set(ref, (yes = files.has(ref.slice(1)) || photos.outputs.has(ref.slice(1)) || islands.files.has(ref.slice(1)) || seo.outputs.has(ref.slice(1)) || builtPaths.has(normalizeRoute(ref))));
    return yes;
  };
  issues.push(...templateLinkIssues(routes, read, exists));
  issues.push(...headingIssues(resolved, routes, read, (route) => countPerSection(route, input, (html) => readPiece(html).h1)));
  if (!options.only) issues.push(...anchorIssues(resolved, routes, read));
  issues.push(...softPhotoIssues(photos, resolved, routes.map((r) => [r.path, pages.get(r.output)?.photoSlots ?? keptPages.get(r.output)!.photoSlots])));
  lap("check");
  if (issues.some((i) => i.severity === "error")) return fail(issues, all);

  const encoded = await photos.encoded;
  if (encoded.issues.length) return fail([...issues, ...encoded.issues], all);
  for (const [out, data] of encoded.files) files.set(out, data);
  if (options.only) return { ok: true, issues: sortIssues(issues), routes: all, files, timings };
  for (const [out, data] of await seo.files()) files.set(out, data);
  files.set("sitemap.xml", sitemap(site, routes, await lastModified(routes, sourcesOf(), await datesJob!)));
  lap("images+dates");
  files.set("robots.txt", `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  files.set(
    "routes.json",
    JSON.stringify(
      routes.map((r) => ({ path: r.path, output: r.output, canonical: r.canonical, status: r.status, alias: r.alias, source: r.page.file })),
      null,
      2,
    ) + "\n",
  );
  // Security and caching headers (dist/_headers and its nginx and CloudFront twins), from the
  // finished output and what the check stage read: each shared part once, with the first page that has it.
  const scannedParts = new Set<string>();
  const readOf = new Map(routes.map((r, i) => [r.output, read.ownReads[i]!]));
  const routeOf = new Map(routes.map((r) => [r.output, r]));
  const headers = headerFiles(sitePolicy(siteModule, site), files, routes, (file, data) => {
    const route = routeOf.get(file);
    if (!route) return scanWholePage(file, data); // HTML that is not a rendered page (a content asset)
    const fresh = keysOf(route).filter((k) => !scannedParts.has(k) && scannedParts.add(k));
    return [...readOf.get(file)!.map((r) => r.scan), ...fresh.map((k) => read.parts.get(k)!.scan)];
  });
  issues.push(...headers.issues);
  if (issues.some((i) => i.severity === "error")) return fail(issues, routes);
  for (const [out, text] of headers.files) files.set(out, text);
  const sorted = new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
  const encodedParts = new Map<string, Uint8Array>();
  const chunks = (file: string) => {
    const page = pages.get(file);
    return page && encodePage(page, fragments, encodedParts);
  };
  if (memo && options.write !== false) {
    // With a memo, only the files that differ from what dist/ holds are written (8-write.ts).
    const signatures = new Map([...sorted].map(([file, data]) => [file, pageKeys.get(file) ?? outputSignature(data)]));
    try {
      ({ output: memo.output, spare: memo.spare } = await updateOutput(paths.dist, sorted, signatures, memo, chunks, output));
    } catch (err) {
      // What the versions hold is not known any more: the next build writes a new one whole.
      memo.output = memo.spare = undefined;
      if (codeJob) await dropStoredMemo(paths).catch(() => {});
      throw err;
    }
    if (codeJob) {
      const summaries = new Map<string, KeptPage>();
      routes.forEach((r, i) => {
        const page = pages.get(r.output);
        summaries.set(pageKeys.get(r.output)!, page ? { keys: page.keys, photoSlots: page.photoSlots, reads: read.ownReads[i]! } : keptPages.get(r.output)!);
      });
      // The Markdown texts are the build's Markdown fields (3-resolve.ts parses each).
      const markdown = validated.annotations.filter((a) => a.kind === "markdown").map((a): [string, "inline" | "block"] => [a.value, a.arg === "inline" ? "inline" : "block"]);
      await saveStoredMemo(paths, await codeJob, memo as RenderMemo & { output: OutputState }, summaries, markdown, fileMemo?.used ?? new Map());
    }
  } else if (output) await writeOutput(paths.dist, sorted, chunks, output);
  lap("write");
  return { ok: true, issues: sortIssues(issues), routes, files: sorted, timings, written: memo?.output?.changes ?? (output ? ["*"] : []) };
}

/** What rendering and writing take over from the stages before. */
interface RenderState {
  schemas: SchemaSet;
  validated: ValidatedContent;
  resolved: ResolvedContent;
  routes: Route[];
  issues: Issue[];
  assetsJob: Promise<[IslandBundle, string]>;
  /** The templates' texts (font.ts templateTexts): with the content's characters, what the font is cut to. */
  textsJob: Promise<string[]>;
  fontTextJob: Promise<string>;
  fontJob: Promise<BrandFont>;
  sectionsJob: Promise<Map<string, SectionComponent>>;
  datesJob: Promise<(file: string) => Promise<string>>;
  images: SiteImages;
  photos: PhotoJob;
  lap: (name: string) => void;
  fail: (issues: Issue[], routes?: Route[]) => BuildResult;
  timings: Record<string, number>;
  pool: WorkerPool | undefined;
  siteModule: SiteModule<unknown>;
  /** The memo an earlier `npm run build` stored, still valid for dist/ (stored-memo.ts). */
  stored: RenderMemo | undefined;
  /** The hash of the code, when this build stores its memo. */
  codeJob: Promise<string> | undefined;
  /** What this build learnt of each content file (to store). */
  fileMemo: FileMemo | undefined;
}

/**
 * A page's render key: the hash of what its render reads (5-render.tsx renderPage): its route,
 * its resolved data, its head, and the render input (`input`: renderDataKey, the same for every
 * page of a build). It is also the page's signature in dist/ (8-write.ts): the same key, the same bytes.
 */
export function pageKey(route: Route, head: unknown, input: string): string {
  return hashText(JSON.stringify([input, route.path, route.output, route.canonical, route.status, route.alias, route.page.file, route.page.kind, route.page.name, route.page.entry, namedTrees(route.page.data), head]));
}

/**
 * The value with each Markdown tree in it named by the hash of its text (markdown.ts markdownKey):
 * the same hash, but without spelling out, or reading, each tree. Objects without a tree in them
 * are kept as they are: JSON.stringify then takes its fast path (a replacer function took 4,000
 * guides' keys ~50 ms).
 */
function namedTrees(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const key = markdownKey(value);
  if (key !== undefined) return { "\u0000tree": key };
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const named = namedTrees(v);
      if (named !== v) (out ??= value.slice())[i] = named;
    });
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    const named = namedTrees(v);
    if (named !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = named;
  }
  return out ?? value;
}

function sitemap(site: Site, routes: Route[], lastmod: Map<string, string>): string {
  const urls = routes
    .filter((r) => r.status === 200 && !r.alias)
    .map((r) => `  <url><loc>${site.url}${r.path}</loc><lastmod>${lastmod.get(r.path)}</lastmod></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
