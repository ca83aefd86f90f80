/**
 * Performance budgets (issue "Fast, findable and locked down"), checked against the
 * build's own output: what each page loads before any interaction, gzip level 9,
 * 1 KB = 1,000 bytes. pageBytes is pure (files are read through the function the
 * caller passes); measureDist reads a built dist/ folder with it.
 *
 * - JavaScript (every module the page loads before interaction, idle loads
 *   included; dialogs load on first use and are not counted): 12 KB on the home
 *   page, 6 KB on a page whose only islands are the layout's (those on every page, such
 *   as a site header), 12 KB on any other page.
 * - CSS 12 KB (linked stylesheets and inline <style> elements); HTML 30 KB per page
 *   (with the inlined CSS).
 * - Fonts 40 KB: the bytes of every font file a page may load (each url() of an
 *   @font-face in its stylesheets, linked or inline, and each font it preloads), as
 *   served: WOFF2 is compressed already, so not gzip. The brand font is about 26 KB.
 * - Render-blocking requests: one stylesheet at most, no blocking script. The site
 *   inlines its CSS, so it has none.
 * - No layout shift from media: every <img> and <iframe> in the HTML has width and height.
 *
 * Pages are read in one pass of the HTML tokenizer (html-scan.ts). "Head" is where a
 * browser puts an element: up to the first start tag or text only a body may hold.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { htmlElements } from "./html-scan.ts";
import { pageLoad, sizeOf, type Reader } from "./sizes.ts";

export const KB = 1000;
export const BUDGET = {
  jsHome: 12 * KB,
  jsLayoutOnly: 6 * KB,
  jsOther: 12 * KB,
  css: 12 * KB,
  html: 30 * KB,
  fonts: 40 * KB,
  blocking: 1,
} as const;

export interface PageBytes {
  route: string;
  /** Islands hydrated or enhanced on load (not the dialogs loaded on first use). */
  islands: string[];
  /** All its islands are the layout's: on every page of the site (set by measureDist). */
  layoutOnly?: boolean;
  html: number;
  css: number;
  js: number;
  jsFiles: number;
  /** Font files the page may load (@font-face sources and font preloads), each once. */
  fonts: string[];
  /** Their bytes as served (WOFF2 is compressed: no gzip). */
  font: number;
  /** Render-blocking requests: stylesheets, and classic scripts without async or defer. */
  blocking: string[];
  /** <img> and <iframe> tags without both width and height. */
  unsized: string[];
  unresolved: string[];
}

/** Which JS budget applies to a page, and its name in messages. */
export function jsBudget(p: Pick<PageBytes, "route" | "islands" | "layoutOnly">): { limit: number; name: string } {
  if (p.route === "/") return { limit: BUDGET.jsHome, name: "home page JavaScript budget" };
  if (p.layoutOnly && p.islands.length > 0) return { limit: BUDGET.jsLayoutOnly, name: "JavaScript budget of a page whose only islands are the layout's" };
  return { limit: BUDGET.jsOther, name: "JavaScript budget of a page with islands" };
}

const FONT = /url\(\s*["']?([^"')]+\.(?:woff2?|ttf|otf|eot))(?:[?#][^"')]*)?["']?\s*\)/gi;

export function pageBytes(route: string, html: string, read: Reader): PageBytes {
  // One pass of the tokenizer; everything below reads its elements.
  const elements = htmlElements(html);
  const load = pageLoad(elements, route, read);
  const islands = elements
    .filter((e) => e.name === "ssg-island" && e.attrs.get("data-load") !== "interaction")
    .map((e) => e.attrs.get("data-island")!);
  const head = elements.filter((e) => e.inHead);
  const blocking = head.flatMap(({ name, attrs: a }) => {
    if (name === "link") return (a.get("rel") ?? "").toLowerCase().split(/\s+/).includes("stylesheet") && !a.has("disabled") ? [a.get("href")!] : [];
    if (name !== "script") return [];
    const type = (a.get("type") ?? "").toLowerCase();
    return a.has("src") && type !== "module" && !a.has("async") && !a.has("defer") && (type === "" || type.includes("javascript")) ? [a.get("src")!] : [];
  });
  const unsized = elements
    .filter((e) => (e.name === "img" || e.name === "iframe") && !(e.attrs.has("width") && e.attrs.has("height")))
    .map((e) => html.slice(e.start, e.end).slice(0, 120));
  const headStyles = head.filter((e) => e.name === "style").map((e) => e.text!);
  // Addresses as the browser resolves them: relative to the stylesheet, or to the page for inline styles and links.
  const at = (ref: string, base: string) => new URL(ref, `https://site.invalid${base}`).pathname;
  const stylesheets = [
    ...load.css.map((f) => {
      const css = read(f.path);
      return { base: f.path, code: typeof css === "string" ? css : css ? Buffer.from(css).toString("utf8") : "" };
    }),
    ...headStyles.map((code) => ({ base: route, code })),
  ];
  const preloaded = head
    .filter((e) => e.name === "link")
    .map((e) => e.attrs)
    .filter((a) => (a.get("rel") ?? "").toLowerCase().split(/\s+/).includes("preload") && a.get("as") === "font" && a.has("href"))
    .map((a) => at(a.get("href")!, route));
  const fonts = [...new Set([...stylesheets.flatMap(({ base, code }) => [...code.matchAll(FONT)].map((m) => at(m[1]!, base))), ...preloaded])];
  const unresolved = [...load.unresolved];
  let font = 0;
  for (const f of fonts) {
    const bytes = read(f);
    if (bytes === undefined) unresolved.push(f);
    else font += typeof bytes === "string" ? Buffer.byteLength(bytes) : bytes.byteLength;
  }
  return {
    route,
    islands: [...new Set(islands)].sort(),
    html: sizeOf(html).gzip,
    css: load.css.reduce((n, f) => n + f.gzip, 0) + headStyles.reduce((n, s) => n + sizeOf(s).gzip, 0),
    js: load.js.reduce((n, f) => n + f.gzip, 0),
    jsFiles: load.js.length,
    fonts,
    font,
    blocking,
    unsized,
    unresolved,
  };
}

/** The text of each inline <style> element, exactly as written. */
export function inlineStyles(html: string): string[] {
  return htmlElements(html)
    .filter((e) => e.name === "style")
    .map((e) => e.text!);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

/** Every budget the page breaks, each message naming the page and the budget. */
export function overBudget(p: PageBytes): string[] {
  const out: string[] = [];
  const js = jsBudget(p);
  if (p.js > js.limit) out.push(`${p.route}: JavaScript before interaction is ${kb(p.js)} gzip, over the ${js.name} (${kb(js.limit)}).`);
  if (p.css > BUDGET.css) out.push(`${p.route}: CSS is ${kb(p.css)} gzip, over the CSS budget (${kb(BUDGET.css)}).`);
  if (p.html > BUDGET.html) out.push(`${p.route}: HTML is ${kb(p.html)} gzip, over the HTML budget (${kb(BUDGET.html)}).`);
  if (p.font > BUDGET.fonts) out.push(`${p.route}: fonts are ${kb(p.font)} (${p.fonts.join(", ")}), over the font budget (${kb(BUDGET.fonts)}).`);
  if (p.blocking.length > BUDGET.blocking)
    out.push(`${p.route}: ${p.blocking.length} render-blocking requests (${p.blocking.join(", ")}); the budget is ${BUDGET.blocking}, the shared stylesheet.`);
  for (const tag of p.unsized) out.push(`${p.route}: ${tag} has no width and height, so it shifts the layout when it loads (layout shift budget: none).`);
  for (const ref of p.unresolved) out.push(`${p.route}: loads ${ref}, which is not in the build.`);
  return out;
}

/** The bytes table: one row per page, sizes in KB gzip, with each page's JS budget. */
export function bytesTable(pages: PageBytes[]): string {
  const rows = pages.map((p) => [p.route, kb(p.html), kb(p.css), kb(p.js), String(p.jsFiles), kb(jsBudget(p).limit), kb(p.font), p.islands.join(" ") || "-", overBudget(p).length ? "OVER" : "ok"]);
  const head = ["page", "HTML", "CSS", "JS", "files", "JS budget", "fonts", "islands", "verdict"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}

/** Every page of a built dist/ folder (aliases included: they are pages too), measured. */
export function measureDist(dist: string): PageBytes[] {
  const routes = JSON.parse(readFileSync(path.join(dist, "routes.json"), "utf8")) as { path: string; output: string }[];
  const read: Reader = (sitePath) => {
    try {
      return readFileSync(path.join(dist, sitePath));
    } catch {
      return undefined;
    }
  };
  const pages = routes.map((r) => pageBytes(r.path, readFileSync(path.join(dist, r.output), "utf8"), read));
  return withLayoutIslands(pages);
}

/** Marks the pages whose islands are all the layout's: those every page of the site has. */
export function withLayoutIslands(pages: PageBytes[]): PageBytes[] {
  const layout = pages.length > 1 ? pages.slice(1).reduce((common, p) => common.filter((i) => p.islands.includes(i)), pages[0]!.islands) : [];
  return pages.map((p) => ({ ...p, layoutOnly: p.islands.every((i) => layout.includes(i)) }));
}
