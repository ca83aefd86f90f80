/**
 * Stage "render" (stages/render/render.tsx): every page, or those options.only asks for, with the site's
 * templates. First what every page is drawn with: the browser bundles and the stylesheet
 * (started with the build), the brand font, the photos' classes, the head of each page
 * (stages/render/seo.ts). Each page's render key is the hash of everything its render reads
 * (pageKey): a long-running builder keeps pages by it (memo/memo.ts), `npm run build`
 * stores it (memo/stored-memo.ts), and a page whose key is the one dist/ holds is not
 * rendered again. A build that writes a new version of dist/ starts writing while pages
 * render (stages/write/write.ts).
 */
import path from "node:path";
import type { SiteModule, SiteSettings as Site } from "../../../api.ts";
import { hashText } from "../../../lib/hash.ts";
import type { Build, Stage } from "../../build.ts";
import type { Route } from "../routes/routes.ts";
import { assemble, renderDataKey, renderPage, type RenderedPage } from "./render.tsx";
import { canUpdate, startOutput } from "../write/write.ts";
import type { KeptPage, OutputData } from "../../model.ts";
import { withFontUrl } from "../media/font.ts";
import { markdownKey } from "../resolve/markdown.ts";
import { memoFor } from "../../memo/memo.ts";
import { renderSetup } from "./pool.ts";
import { planSeo } from "./seo.ts";
import { TemplateError } from "./render.tsx";
import { locate } from "../../../lib/json.ts";

export const renderStage: Stage = {
  name: "render",
  runs: (b) => b.options.mode === "build",
  async run(b) {
    try {
      return await renderPages(b);
    } catch (err) {
      // A template that threw (render.tsx TemplateError): its section's place in content as a line and column.
      if (!(err instanceof TemplateError) || !err.place) throw err;
      const { file, pointer } = err.place;
      const source = b.resolved.sources.get(file);
      const at = source ? locate(source.positions, pointer) : undefined;
      throw new TemplateError(at ? err.message.replace(`(${file} ${pointer})`, `(${file}:${at.line}:${at.column} ${pointer})`) : err.message);
    }
  },
};

async function renderPages(b: Build): Promise<void> {
  {
    const { paths, options, warm, resolved, routes, photos, siteModule, pool } = b;
    // What dist/ holds from an earlier build of this process or a stored one (memo/memo.ts, stored-memo.ts): then only what changed is written.
    const previous = warm ? warm.memo : await b.jobs.stored;
    const inPlace = options.write !== false && (await canUpdate(paths.dist, previous));
    // Otherwise the new version's folder and the pages' folders are made while the pages render (stages/write/write.ts).
    b.output = options.write !== false && !inPlace ? startOutput(paths.dist) : undefined;
    b.output?.prepare(routes.map((r) => r.output));
    const output = b.output;

    const site = resolved.files.find((f) => f.kind === "site")!.data as unknown as Site;
    const seo = (b.seo = planSeo(b.images, site, routes, resolved, siteModule as SiteModule<Site>));
    const [[islands, styles], font] = await Promise.all([b.jobs.assets!, b.font]);
    b.islands = islands;
    const css = withFontUrl(styles, font.url) + photos!.styles.css();
    const files = (b.files = new Map<string, OutputData>());
    for (const [out, bytes] of islands.files) files.set(out, bytes);
    files.set(font.output, font.bytes);
    // Photos are published as their copies (the finish stage), other files of content/assets as they are.
    for (const [name, a] of resolved.assets) if (photos!.publishedAsIs(name)) files.set(a.output, a.bytes);
    // These are final already: into the build's new folder while the pages render (stages/write/write.ts),
    // and so are the photos' copies and the share images once made (from the build cache, mostly).
    if (output && !options.only) {
      for (const [out, data] of files) output.file(out, data);
      void photos!.encoded.then((e) => !e.issues.length && e.files.forEach((data, out) => output.file(out, data)), () => {});
      void seo.files().then((made) => made.forEach(([out, data]) => output.file(out, data)), () => {});
    }

    const sections = await b.jobs.sections!;
    const input = (b.input = { site, assets: resolved.assets, islands, css, font: font.url, sections, seo, siteModule, markSections: options.preview === true, templatesDir: paths.templates, lists: resolved.lists });
    // A long-running builder keeps pages, shared parts and reads by the hash of their inputs
    // (memo/memo.ts); `npm run build` stores them between runs (memo/stored-memo.ts).
    const key = warm || b.jobs.code ? renderDataKey(input) : undefined;
    // A build of some pages (options.only) reads and adds to the memo of whole builds made with the same render input, and keeps it as it is.
    const memo = (b.memo = key === undefined ? undefined : options.only ? (previous?.siteKey === key ? previous : undefined) : memoFor(previous, key));
    // Parts shared by many pages (header, footer, stylesheet: scripts/runtime/Cached.tsx) are
    // rendered once and kept here; worker threads send the ones they rendered along.
    const fragments = (b.fragments = memo?.fragments ?? new Map());
    const pages = (b.pages = new Map<string, RenderedPage>());
    /** Pages dist/ holds as they are (a stored memo): not rendered, only their reads are known. */
    const keptPages = (b.keptPages = new Map<string, KeptPage>());
    const pageKeys = (b.pageKeys = new Map<string, string>());
    const renderedByKey = new Map<string, RenderedPage>();
    const only = options.only;
    const chosen = (b.rendered = only ? routes.filter((r) => only.addresses?.includes(r.path) || only.files?.includes(r.page.file)) : routes);
    // Each page's key: the hash of its own inputs, and of the lists its render read (useEntries) as
    // its last render with these inputs read them. Not known (a page not rendered with them yet):
    // the page renders, and its key is made from what that render read.
    const own = memo ? chosen.map((r) => pageKey(r, seo.head(r), key!)) : undefined;
    const listHash = listHasher(resolved.lists);
    const listReads = new Map<string, string[]>();
    const listsRead = (b.listsRead = new Set<string>());
    const keys = own?.map((k) => {
      const lists = memo!.lists?.get(k);
      return lists && withLists(k, lists, listHash);
    });
    const holdsPage = (route: Route, key: string) => memo?.output?.files.get(route.output) === key;
    const keptOf = (route: Route, i: number) => {
      const key = keys?.[i];
      return key !== undefined && !memo!.pages.has(key) && holdsPage(route, key) ? memo!.kept?.get(key) : undefined;
    };
    const toRender = chosen.filter((r, i) => !keptOf(r, i));
    const rendered = pool?.shares(toRender.length)
      ? new Map((await pool.render(toRender, renderSetup(paths.templates, b.schemas, input), (route) => renderPage(route, input, fragments), seo.head, input.lists)).map((p, i) => [toRender[i]!, p]))
      : undefined;
    for (const [i, route] of chosen.entries()) {
      let key = keys?.[i];
      const keptPage = keptOf(route, i);
      if (key !== undefined) {
        pageKeys.set(route.output, key);
        listReads.set(own![i]!, memo!.lists!.get(own![i]!)!);
        for (const name of memo!.lists!.get(own![i]!)!) listsRead.add(name);
      }
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
        if (own) {
          key = withLists(own[i]!, page.lists, listHash);
          pageKeys.set(route.output, key);
          listReads.set(own[i]!, page.lists);
        }
      }
      if (key !== undefined) renderedByKey.set(key, page);
      for (const name of page.lists) listsRead.add(name);
      files.set(route.output, assemble(page, fragments));
      pages.set(route.output, page);
      // Into the build's new folder right away, by the writer thread, while the next pages render (stages/write/write.ts).
      if (!only) output?.page(route.output, page, (k) => fragments.get(k)!.html);
    }
    if (memo && only) {
      for (const [k, page] of renderedByKey) memo.pages.set(k, page);
      for (const [k, lists] of listReads) (memo.lists ??= new Map()).set(k, lists);
    } else if (memo) {
      memo.pages = warm ? renderedByKey : new Map();
      memo.lists = listReads;
    }
    if (warm && memo && !only) warm.memo = memo;
  }
}

/** The shared parts a page is made with: those of its render, or those dist/ holds it with (a stored memo). */
export const keysOf = (b: Build, route: Route): string[] => b.pages.get(route.output)?.keys ?? b.keptPages.get(route.output)!.keys;

/** The hash of each list (RenderInput.lists) by name, made when first asked for in this build. */
function listHasher(lists: ReadonlyMap<string, readonly unknown[]>): (name: string) => string {
  const made = new Map<string, string>();
  return (name) => {
    let hash = made.get(name);
    if (hash === undefined) made.set(name, (hash = hashText(JSON.stringify(namedTrees(lists.get(name) ?? null)))));
    return hash;
  };
}

/** A page's key with the lists its render read: its own key (pageKey) when it read none, so that most pages' keys are as they were. */
export function withLists(own: string, lists: readonly string[], hashOf: (name: string) => string): string {
  return lists.length ? hashText(JSON.stringify([own, lists.map((name) => [name, hashOf(name)])])) : own;
}

/**
 * A page's render key: the hash of all its render is handed (stages/render/render.tsx renderPage): its whole
 * route (with the page's resolved data), its head, and the render input (`input`: renderDataKey,
 * the same for every page of a build). Nothing is listed: a field added to any of them is in the
 * key. It is also the page's signature in dist/ (stages/write/write.ts): the same key, the same bytes.
 */
export function pageKey(route: Route, head: unknown, input: string): string {
  return hashText(JSON.stringify([input, namedTrees(route), head]));
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
