/**
 * Pure helpers for the bench (scripts/bench.ts): medians, gzip sizes, and which
 * CSS and JS files a page loads before interaction. Nothing here touches the disk:
 * files are read through a function the caller passes in. Pages are read with the
 * HTML tokenizer (html-scan.ts): a <link> or <script> in a comment, in the text of a
 * <style> or <title>, or in an attribute value is not one.
 */
import { gzipSync } from "node:zlib";
import { htmlElements, type HtmlElement } from "./html-scan.ts";

export interface Size {
  raw: number;
  gzip: number;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function spread(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Raw bytes and gzip (level 9) bytes of a file. Strings count as UTF-8. */
export function sizeOf(content: string | Uint8Array): Size {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return { raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
}

export function addSizes(sizes: readonly Size[]): Size {
  return sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
}

const BASE = "http://site.invalid";

/**
 * The site path (pathname, no query or hash) that `ref` points to when written in
 * a document or module at `from` (a site path such as "/" or "/assets/a.js").
 * Undefined for another origin or a non-http scheme (data:, https://cdn...).
 */
export function resolveRef(ref: string, from: string): string | undefined {
  let url: URL;
  try {
    url = new URL(ref, BASE + from);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/** What an HTML page asks for before interaction, in document order. */
export interface PageRefs {
  stylesheets: string[];
  /** <script type="module" src> and <link rel="modulepreload" href>. */
  modules: string[];
  /** Classic <script src> (they cannot import anything). */
  classicScripts: string[];
  /** Bodies of inline <script type="module"> (their imports are loaded too). */
  inlineModules: string[];
}

const JS_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/** `html` is a page's text, or its elements when the caller has read them already (one pass for several checks). */
export function pageRefs(html: string | readonly HtmlElement[]): PageRefs {
  const refs: PageRefs = { stylesheets: [], modules: [], classicScripts: [], inlineModules: [] };
  for (const { name, attrs, text } of typeof html === "string" ? htmlElements(html) : html) {
    if (name === "link") {
      const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
      const href = attrs.get("href");
      if (!href) continue;
      if (rel.includes("stylesheet")) refs.stylesheets.push(href);
      if (rel.includes("modulepreload")) refs.modules.push(href);
    } else if (name === "script") {
      const type = (attrs.get("type") ?? "").trim().toLowerCase();
      if (!JS_TYPES.has(type)) continue; // JSON-LD, import maps, templates
      const src = attrs.get("src");
      if (type === "module") {
        if (src) refs.modules.push(src);
        else refs.inlineModules.push(text!);
      } else if (src) refs.classicScripts.push(src);
    }
  }
  return refs;
}

/**
 * Specifiers of the static imports and re-exports in a (possibly minified) ES
 * module: `import x from "s"`, `import{a as b}from"s"`, `import"s"`,
 * `export*from"s"`, `export{a}from"s"`. Dynamic `import("s")` is left out: it
 * loads on demand, not before interaction. A scan, not a parser: an `import"x"`
 * spelled inside a string literal would be counted too.
 */
export function staticImports(code: string): string[] {
  const re = /(?<![\w$."'`])(?:import|export)\s*(?:[\w$\s{},*]+?\s*\bfrom\s*)?(["'])([^"'\n]+)\1/g;
  return [...code.matchAll(re)].map((m) => m[2]!);
}

export type Reader = (sitePath: string) => string | Uint8Array | undefined;

export interface LoadedFile extends Size {
  path: string;
}

export interface PageLoad {
  css: LoadedFile[];
  js: LoadedFile[];
  /** References that no file answers (missing in dist/ or on another origin). */
  unresolved: string[];
}

/**
 * The CSS and JS a page loads before interaction: its stylesheets, its module
 * scripts and modulepreloads plus every module they import statically
 * (transitively), and classic scripts. Each file is counted once. `html` as for
 * pageRefs: the page's text or its elements.
 */
export function pageLoad(html: string | readonly HtmlElement[], pagePath: string, read: Reader): PageLoad {
  const refs = pageRefs(html);
  const load: PageLoad = { css: [], js: [], unresolved: [] };
  const seen = new Set<string>();
  const take = (ref: string, from: string): { path: string; content: string | Uint8Array } | undefined => {
    const target = resolveRef(ref, from);
    const key = target ?? ref;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const content = target === undefined ? undefined : read(target);
    if (content === undefined) {
      load.unresolved.push(key);
      return undefined;
    }
    return { path: target!, content };
  };

  for (const href of refs.stylesheets) {
    const file = take(href, pagePath);
    if (file) load.css.push({ path: file.path, ...sizeOf(file.content) });
  }
  for (const src of refs.classicScripts) {
    const file = take(src, pagePath);
    if (file) load.js.push({ path: file.path, ...sizeOf(file.content) });
  }
  // Breadth-first over the module graph, entries in document order.
  const queue: { ref: string; from: string }[] = [
    ...refs.modules.map((ref) => ({ ref, from: pagePath })),
    ...refs.inlineModules.flatMap((body) => staticImports(body).map((ref) => ({ ref, from: pagePath }))),
  ];
  for (let item = queue.shift(); item; item = queue.shift()) {
    const file = take(item.ref, item.from);
    if (!file) continue;
    load.js.push({ path: file.path, ...sizeOf(file.content) });
    const code = typeof file.content === "string" ? file.content : Buffer.from(file.content).toString("utf8");
    for (const spec of staticImports(code)) {
      // Bare specifiers ("preact") do not load in a browser without an import map.
      if (/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(spec)) queue.push({ ref: spec, from: file.path });
      else if (!seen.has(spec)) {
        seen.add(spec);
        load.unresolved.push(spec);
      }
    }
  }
  return load;
}
