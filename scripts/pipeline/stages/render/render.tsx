/**
 * Stage 5, render: each route through the page template with React
 * (static markup: the browser hydrates islands with Preact, so React's own
 * hydration markers are not needed).
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { SiteModuleError } from "../../../lib/site-module.ts";
import { importTemplate } from "../../../lib/template-import.ts";
import { createElement, Fragment as ReactFragment, type ComponentType, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SiteModule } from "../../../api.ts";
import { hashText } from "../../../lib/hash.ts";
import { Ctx, type RenderContext } from "../../../runtime/context.ts";
import { LAZY_LOADER, type IslandBundle } from "./islands.ts";
import type { OutputAsset } from "../resolve/resolve.ts";
import type { Route } from "../routes/routes.ts";
import type { SeoOutput } from "./seo.ts";

export type SectionComponent = ComponentType<{ section: never }>;

/**
 * The component a section type's name gives, in any case: "menu-grid", "menu_grid", "menuGrid"
 * and "MenuGrid" all give MenuGrid (templates/sections/MenuGrid.tsx, exporting MenuGrid).
 */
export function componentName(type: string): string {
  return type
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}

/**
 * Loads templates/sections/<Component>.tsx for each section type (componentName). A file that
 * is missing, or that exports no component of that name, stops the build with one sentence
 * naming the type, its schema and the file expected (SiteModuleError: no stack trace).
 */
export async function loadSectionComponents(templatesDir: string, types: Iterable<string>, schemaOf: (type: string) => string = (t) => `sections/${t}.schema.json`): Promise<Map<string, SectionComponent>> {
  const list = [...types];
  const fileOf = (type: string) => path.join(templatesDir, "sections", `${componentName(type)}.tsx`);
  const shown = (type: string) => `templates/sections/${componentName(type)}.tsx`;
  const about = (type: string) => `the section type "${type}" (schemas/${schemaOf(type)})`;
  for (const type of list) {
    if (!componentName(type)) throw new SiteModuleError(`schemas/${schemaOf(type)}: the section type "${type}" has no letters or digits to name its component by. Name the schema file like menu-grid.schema.json.`);
    if (existsSync(fileOf(type))) continue;
    // Another case of the same name (menugrid.tsx for MenuGrid.tsx): found on macOS and Windows, not on Linux.
    const near = existsSync(path.dirname(fileOf(type))) ? readdirSync(path.dirname(fileOf(type))).find((f) => f.toLowerCase() === `${componentName(type)}.tsx`.toLowerCase()) : undefined;
    throw new SiteModuleError(
      `${shown(type)} is missing: ${about(type)} is rendered by it. ${near ? `templates/sections/${near} is there: rename it to ${componentName(type)}.tsx.` : `Create it, exporting the component: export function ${componentName(type)}({ section }) { … }.`}`,
    );
  }
  // All at once (one after the other, each import waited for the loader's round trip), checked in order.
  const modules = list.map((type) => importTemplate(fileOf(type)) as Promise<Record<string, SectionComponent>>);
  modules.forEach((m) => m.catch(() => {}));
  const out = new Map<string, SectionComponent>();
  for (const [i, type] of list.entries()) {
    const name = componentName(type);
    const module = await modules[i]!;
    const component = module[name];
    if (typeof component !== "function") {
      const others = Object.keys(module).filter((k) => typeof module[k] === "function");
      throw new SiteModuleError(`${shown(type)} does not export a component named ${name}, which ${about(type)} is rendered by.${others.length ? ` It exports ${others.join(", ")}: rename the one for this section to ${name}.` : ` Export it: export function ${name}({ section }) { … }.`}`);
    }
    out.set(type, component);
  }
  return out;
}

export interface RenderInput {
  /** content/site.json, as validated. */
  site: { url: string };
  assets: Map<string, OutputAsset>;
  islands: IslandBundle;
  /** The site's stylesheet, inlined into every page's head (measured faster to first paint than a linked file). */
  css: string;
  /** The brand font's address (assets/inter-<hash>.woff2, scripts/pipeline/stages/media/font.ts), preloaded by every page. */
  font: string;
  sections: Map<string, SectionComponent>;
  seo: SeoOutput;
  /** templates/site.ts: the document shell (site-module.ts). */
  siteModule: SiteModule<unknown>;
  /**
   * The Studio's preview: an empty <studio-section data-section="i"> before each section
   * (i its place in the file), which the preview's script turns into attributes on the
   * section's first element. Never set for a build.
   */
  markSections?: boolean;
  /** The templates folder: a template that throws is named from it (explainFailure). */
  templatesDir?: string;
  /**
   * Every collection's records and every Markdown kind's entries, by name (resolve.ts lists), for
   * templates that list them (api.ts useEntries). Not in renderDataKey: a page's key holds the
   * lists its render read (stages/render/index.ts), so a changed guide renders again only the
   * pages that read its kind's list, not every page.
   */
  lists?: ReadonlyMap<string, readonly unknown[]>;
  /** In a worker thread: the lists are not here yet, and a render that reads one stops (ListsNeeded) until they are (pool.ts). */
  listsLater?: boolean;
}

/** The render input as data: what a page's render can see besides code (section components, the site module) and its own head. */
export type RenderData = Omit<RenderInput, "seo" | "sections" | "siteModule">;

/**
 * What a render reads of the input, as data: everything but the code (the section components
 * and the site module, in the code's key) and the head function (a page's own head is part of
 * its key); the assets without their bytes and the islands without their files (renders write
 * addresses, never bytes). A worker thread renders from exactly this (stages/render/pool.ts
 * renderSetup), so a render that read anything else would differ there; and every page's render
 * key hashes it whole (renderDataKey), so a field added to RenderInput is in every key without
 * anyone listing it.
 */
export function renderData(input: RenderInput): RenderData {
  const { sections: _sections, seo: _seo, siteModule: _siteModule, ...rest } = input;
  return {
    ...rest,
    assets: new Map([...input.assets].map(([k, a]) => [k, { ...a, bytes: NO_BYTES }])),
    islands: { files: new Map(), entries: input.islands.entries },
  };
}

const NO_BYTES = Buffer.alloc(0);

/** The hash of everything a render reads of the input (renderData), Maps and Sets spelt out in order. */
export function renderDataKey(input: RenderInput): string {
  // Where the templates are names their frames in an error, and changes no render: not in the key.
  const { templatesDir: _templatesDir, lists: _lists, listsLater: _later, ...data } = renderData(input);
  return hashText(JSON.stringify(data, (_key, value: unknown) => (value instanceof Map ? { "\u0000map": [...value] } : value instanceof Set ? { "\u0000set": [...value] } : value)));
}

/**
 * A part shared by many pages (scripts/runtime/Cached.tsx), rendered once: its markup
 * and what it registered while rendering.
 */
export interface Fragment {
  html: string;
  islands: string[];
  lazyIslands: string[];
  dialogTriggers: string[];
}

/** The shared parts rendered so far, by key; one per render input (the same site, assets and stylesheet). */
export type FragmentCache = Map<string, Fragment>;

/**
 * A page as render gives it: its own markup in pieces, with a shared part (by key)
 * between each two pieces; assemble() joins them. Fragments this render had to
 * render travel with the page, so a worker thread can hand them to the main thread.
 */
export interface RenderedPage {
  pieces: string[];
  keys: string[];
  fragments: [string, Fragment][];
  /** Photos the page draws, with the widest their slot shows them (runtime/Picture.tsx). */
  photoSlots: [file: string, width: number][];
  /** The lists (RenderInput.lists) its render read, by name, sorted: what its key holds besides its own inputs (stages/render/index.ts). */
  lists: string[];
}

/** A Set that notes what is added to it. */
class RecordingSet<T> extends Set<T> {
  readonly added: T[] = [];
  override add(value: T): this {
    this.added.push(value);
    return super.add(value);
  }
}

const SLOT = /<ssg-slot data-slot="(\d+)"><\/ssg-slot>/g;

/**
 * How many of something (h1 elements: `count`) each section of a page draws, each
 * section rendered on its own, less what the layout draws around them. For locating
 * a problem at its section after the whole page showed it: never on a good build's path.
 */
export function countPerSection(route: Route, input: RenderInput, count: (html: string) => number): number[] {
  const data = route.page.data as { sections?: unknown[] };
  const drawn = (sections: unknown[]) => {
    const page = renderPage({ ...route, page: { ...route.page, data: { ...data, sections } } } as Route, input, new Map());
    return count(page.pieces.join("")) + page.fragments.reduce((n, [, f]) => n + count(f.html), 0);
  };
  const layout = drawn([]);
  return (data.sections ?? []).map((section) => drawn([section]) - layout);
}

/**
 * A template that threw while a page was rendered, said in one sentence: the page, the section
 * (its type, and its place in the content file: `place`, which the render stage turns into a line
 * and column), the error and the template's own line. Crosses from a worker thread by its name.
 */
export class TemplateError extends SiteModuleError {
  override name = "TemplateError";
  constructor(
    message: string,
    public readonly place?: { file: string; pointer: string },
  ) {
    super(message);
  }
}

/** Renders a page; a template that throws gets a TemplateError that says where (explainFailure). */
export function renderPage(route: Route, input: RenderInput, cache: FragmentCache): RenderedPage {
  try {
    return renderPageUnguarded(route, input, cache);
  } catch (err) {
    if (err instanceof ListsNeeded) throw err;
    throw explainFailure(err, route, input);
  }
}

/** A render in a worker thread read a list it has not been sent (RenderInput.listsLater): not a mistake, the page is rendered again once it has them. */
export class ListsNeeded extends Error {
  constructor(name: string) {
    super(`The list "${name}" is not in this worker yet.`);
    this.name = "ListsNeeded";
  }
}

/** "templates/sections/Hero.tsx:12:7": the first frame of the error's stack in a template, from the project's folder. */
function templateFrame(err: unknown, input: RenderInput): string | undefined {
  const stack = err instanceof Error ? (err.stack ?? "") : "";
  const dir = input.templatesDir;
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^():\s]+\.(?:tsx?|jsx?|mjs|cjs)):(\d+):(\d+)\)?/g)) {
    const file = m[1]!.replace(/^file:\/\//, "");
    if (dir && file.startsWith(dir + path.sep)) return `templates/${path.relative(dir, file).split(path.sep).join("/")}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

/**
 * Why a page could not be rendered. Diagnosis on the error's path only: each section is rendered
 * again alone, and the first that throws is the one named (none: the layout, the head or the
 * kind's component threw).
 */
function explainFailure(err: unknown, route: Route, input: RenderInput): Error {
  if (err instanceof TemplateError) return err;
  const why = err instanceof Error ? err.message : String(err);
  const kindName = route.page.entry ? route.page.kind : undefined;
  const data = route.page.data as { sections?: { type: string; hidden?: boolean }[] };
  let culprit: { index: number; type: string; err: unknown } | undefined;
  if (!kindName && Array.isArray(data.sections)) {
    const ctx = pageContext(route, input, route.page.data, (_id, _by, children) => <>{children}</>);
    for (const [index, section] of data.sections.entries()) {
      if (section.hidden === true) continue;
      const Section = input.sections.get(section.type);
      if (!Section) continue;
      try {
        renderToStaticMarkup(
          <Ctx.Provider value={ctx}>
            <Section section={section as never} />
          </Ctx.Provider>,
        );
      } catch (sectionErr) {
        culprit = { index, type: section.type, err: sectionErr };
        break;
      }
    }
  }
  const at = templateFrame(culprit?.err ?? err, input);
  const thrown = `${JSON.stringify(culprit && culprit.err instanceof Error ? culprit.err.message : why)}${at ? ` at ${at}` : ""}`;
  const page = `The page ${route.path} (${route.page.file}) could not be rendered`;
  if (culprit) {
    const pointer = `/sections/${culprit.index}`;
    return new TemplateError(`${page}: the component of its section ${culprit.index + 1}, "${culprit.type}" (${route.page.file} ${pointer}), threw ${thrown}.`, { file: route.page.file, pointer });
  }
  return new TemplateError(`${page}: ${kindName ? `the "${kindName}" kind's component or the layout` : "the layout (templates/site.ts document, or a component it uses)"} threw ${thrown}.`);
}

/**
 * A page's render context. `cached`: what <Cached> does with a shared part (a page's render keeps
 * it as a slot; explainFailure renders it in place).
 */
function pageContext(route: Route, input: RenderInput, page: unknown, cached: RenderContext["cached"], read: Set<string> = new Set()): RenderContext {
  return {
    site: input.site,
    page,
    path: route.path,
    canonical: route.canonical,
    islands: new Set(),
    lazyIslands: new Set(),
    dialogTriggers: new Set(),
    photoSlots: [],
    islandUrl(name) {
      const entry = input.islands.entries.get(name);
      if (!entry) throw new Error(`The island ${name} is used by a template but templates/islands/${name}.tsx does not exist.`);
      return entry.url;
    },
    hydrates(name) {
      return input.islands.entries.get(name)?.hydrate ?? true;
    },
    assetUrl(name) {
      const a = input.assets.get(name);
      if (!a) throw new Error(`A template uses content/${name}, which does not exist.`);
      return a.url;
    },
    cached,
    entries(name) {
      if (!input.lists && input.listsLater) throw new ListsNeeded(name);
      const list = input.lists?.get(name);
      if (!list) {
        const known = [...(input.lists?.keys() ?? [])].sort();
        throw new Error(`useEntries("${name}"): the site has no collection or Markdown kind named "${name}"${known.length ? ` (it has ${known.map((k) => `"${k}"`).join(", ")})` : ""}.`);
      }
      read.add(name);
      return list;
    },
  };
}

function renderPageUnguarded(route: Route, input: RenderInput, cache: FragmentCache): RenderedPage {
  const { site } = input;
  // A Markdown entry's page has no sections: its kind's component draws the article.
  const kind = route.page.entry ? input.siteModule.kinds?.find((k) => k.name === route.page.kind) : undefined;
  if (route.page.entry && !kind) throw new Error(`${route.page.file}: templates/site.ts declares no kind "${route.page.kind}".`);
  const entry = kind ? (route.page.data as { title: string; description: string }) : undefined;
  const data = entry ? { title: entry.title, description: entry.description, sections: [] } : (route.page.data as { sections: { type: string; hidden?: boolean }[] });
  // Sections parked with "hidden": true are checked but not drawn (they stay in the data, so a
  // section's index is still its place in the file: countPerSection locates problems by it).
  const page = data.sections.some((s) => s.hidden === true) ? { ...data, sections: data.sections.filter((s) => s.hidden !== true) } : data;
  const slots: { id: string; by: () => unknown[]; children: ReactNode }[] = [];
  const read = new Set<string>();
  const ctx = pageContext(
    route,
    input,
    page,
    (id, by, children) => {
      slots.push({ id, by, children });
      return <ssg-slot data-slot={String(slots.length - 1)} />;
    },
    read,
  );
  const fragments: [string, Fragment][] = [];
  /**
   * Splits rendered markup at its slots: n + 1 pieces around n keys. Each slot's part
   * comes from the cache or is rendered now (after the markup around it, in document
   * order) with a context that notes what it registers; the page gets those
   * registrations either way.
   */
  const split = (markup: string): Pieces => {
    const out: Pieces = { pieces: [], keys: [] };
    let last = 0;
    /** The markup of parts that read a list, kept in the page's own piece (below). */
    let pending = "";
    for (const m of markup.matchAll(SLOT)) {
      const slot = slots[Number(m[1])]!;
      const key = `${slot.id}:${JSON.stringify(slot.by())}`;
      let fragment = cache.get(key);
      let listed = false;
      if (!fragment) {
        const islands = new RecordingSet<string>();
        const lazyIslands = new RecordingSet<string>();
        const dialogTriggers = new RecordingSet<string>();
        for (const t of ctx.dialogTriggers) Set.prototype.add.call(dialogTriggers, t);
        const entries: RenderContext["entries"] = (name) => ((listed = true), ctx.entries!(name));
        const html = renderToStaticMarkup(<Ctx.Provider value={{ ...ctx, islands, lazyIslands, dialogTriggers, cached: undefined, entries }}>{slot.children}</Ctx.Provider>);
        fragment = { html, islands: islands.added, lazyIslands: lazyIslands.added, dialogTriggers: dialogTriggers.added };
        // A part that read a list is not shared: its key (<Cached by>) does not hold the list, so it stays in the page, whose key does.
        if (!listed) {
          cache.set(key, fragment);
          fragments.push([key, fragment]);
        }
      }
      fragment.islands.forEach((n) => ctx.islands.add(n));
      fragment.lazyIslands.forEach((n) => ctx.lazyIslands.add(n));
      fragment.dialogTriggers.forEach((n) => ctx.dialogTriggers.add(n));
      if (listed) pending += markup.slice(last, m.index) + fragment.html;
      else {
        out.pieces.push(pending + markup.slice(last, m.index));
        out.keys.push(key);
        pending = "";
      }
      last = m.index + m[0].length;
    }
    out.pieces.push(pending + markup.slice(last));
    return out;
  };
  const { Head, Body } = input.siteModule.document;
  const body = split(
    renderToStaticMarkup(
      <Ctx.Provider value={ctx}>
        <Body>
          {kind && entry ? (
            <kind.component entry={entry as never} />
          ) : (
            page.sections.map((section, i) => {
              const Section = input.sections.get(section.type)!;
              // The same tree in a build and in the Studio's preview, the marker's place empty in a build:
              // React's useId names depend on a component's place among its siblings, so a marker that only
              // the preview had gave its islands other ids than the build's (tests/unit/oracle-regressions.json).
              return (
                <ReactFragment key={i}>
                  {input.markSections ? createElement("studio-section", { "data-section": (data.sections as unknown[]).indexOf(section) }) : null}
                  <Section section={section as never} />
                </ReactFragment>
              );
            })
          )}
        </Body>
      </Ctx.Provider>,
    ),
  );
  // The body first: what it registers (islands, dialogs) decides the head's scripts.
  const scripts: string[] = [];
  const preloads = new Set<string>();
  // Islands hydrated on load, plus the small click handler that loads dialogs on first use.
  const eager = [...ctx.islands].sort();
  if (ctx.lazyIslands.size > 0) eager.push(LAZY_LOADER);
  for (const name of eager) {
    scripts.push(ctx.islandUrl(name));
    input.islands.entries.get(name)!.imports.forEach((u) => preloads.add(u));
  }
  const head = split(
    renderToStaticMarkup(
      <Ctx.Provider value={ctx}>
        <Head
          canonicalUrl={site.url + route.canonical}
          css={input.css}
          font={input.font}
          scripts={scripts}
          preloads={[...preloads].sort()}
          noindex={route.status === 404}
          seo={input.seo.head(route)}
          {...(ctx.imagePreload ? { imagePreload: ctx.imagePreload } : {})}
        />
      </Ctx.Provider>,
    ),
  );
  const out = join(join({ pieces: [`<!DOCTYPE html><html lang="${input.siteModule.language(site)}"><head>`], keys: [] }, head), join({ pieces: ["</head><body>"], keys: [] }, join(body, { pieces: ["</body></html>\n"], keys: [] })));
  return { ...out, fragments, photoSlots: ctx.photoSlots!, lists: [...read].sort() };
}

interface Pieces {
  pieces: string[];
  keys: string[];
}

/** Two runs of pieces as one: the last piece of a and the first of b meet. */
function join(a: Pieces, b: Pieces): Pieces {
  return { pieces: [...a.pieces.slice(0, -1), a.pieces.at(-1)! + b.pieces[0]!, ...b.pieces.slice(1)], keys: [...a.keys, ...b.keys] };
}

/**
 * The page's HTML: its pieces with the shared parts between them. Concatenation keeps
 * each shared part (the 55 KB stylesheet, the header, the footer) one string in
 * memory, referenced by every page, instead of a copy per page.
 */
export function assemble(page: RenderedPage, cache: FragmentCache): string {
  let html = page.pieces[0]!;
  page.keys.forEach((key, i) => (html += cache.get(key)!.html + page.pieces[i + 1]!));
  return html;
}

/**
 * The page's UTF-8 bytes in parts, for writing: its own pieces encoded now, each
 * shared part encoded once per build (kept in `encoded`), with no copy of the page.
 */
export function encodePage(page: RenderedPage, cache: FragmentCache, encoded: Map<string, Uint8Array>): Uint8Array[] {
  const out: Uint8Array[] = [Buffer.from(page.pieces[0]!, "utf8")];
  page.keys.forEach((key, i) => {
    let bytes = encoded.get(key);
    if (!bytes) encoded.set(key, (bytes = Buffer.from(cache.get(key)!.html, "utf8")));
    out.push(bytes, Buffer.from(page.pieces[i + 1]!, "utf8"));
  });
  return out;
}

const routeCaches = new WeakMap<RenderInput, FragmentCache>();

/** One page's HTML (shared parts cached per render input). */
export function renderRoute(route: Route, input: RenderInput): string {
  let cache = routeCaches.get(input);
  if (!cache) routeCaches.set(input, (cache = new Map()));
  return assemble(renderPage(route, input, cache), cache);
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      /** Where a shared part goes (renderPage); never in the output. */
      "ssg-slot": { "data-slot": string };
    }
  }
}
