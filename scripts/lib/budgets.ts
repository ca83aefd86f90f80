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
 * - Images 300 KB: the bytes of every image a page loads up front (an <img> not marked
 *   loading="lazy", and images the head preloads), as served, on a phone (390 px wide,
 *   2 device pixels per CSS pixel) and on a laptop (1,440 px, 1): the copy a browser
 *   that shows AVIF picks from each <picture> (runtime/responsive.ts: the slot's width
 *   from `sizes`, the narrowest copy sharp enough). SVG counts gzip (servers compress it).
 * - The home page's main image (fetchpriority="high", its largest paint) 100 KB on that phone.
 *
 * Pages are read in one pass of the HTML tokenizer (html-scan.ts). "Head" is where a
 * browser puts an element: up to the first start tag or text only a body may hold.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { htmlElements } from "./html-scan.ts";
import { pageLoad, resolveRef, sizeOf, type Reader } from "./sizes.ts";
import { pickCandidate, slotWidth } from "../runtime/responsive.ts";
import type { HtmlElement } from "./html-scan.ts";

export const KB = 1000;
export const BUDGET = {
  jsHome: 12 * KB,
  jsLayoutOnly: 6 * KB,
  jsOther: 12 * KB,
  css: 12 * KB,
  html: 30 * KB,
  fonts: 40 * KB,
  blocking: 1,
  images: 300 * KB,
  lcpImageHome: 100 * KB,
} as const;

/** The screens image bytes are counted on: a phone and a laptop. */
export const SCREENS = [
  { name: "phone", width: 390, dpr: 2 },
  { name: "laptop", width: 1440, dpr: 1 },
] as const;

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
  /** Bytes of the images loaded up front, on the screen where they weigh most (SCREENS), and that screen's name. */
  images: number;
  imagesOn: string;
  /** The image files counted there. */
  imageFiles: string[];
  /** The main image (fetchpriority="high") on the phone: its file and bytes; undefined without one. */
  lcpImage?: { path: string; bytes: number };
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
  const counted = SCREENS.map((screen) => ({ screen, ...upFrontImages(elements, route, read, screen) }));
  const heaviest = counted.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const phone = counted.find((c) => c.screen.name === "phone")!;
  unresolved.push(...new Set(counted.flatMap((c) => c.unresolved)));
  return {
    route,
    images: heaviest.bytes,
    imagesOn: heaviest.screen.name,
    imageFiles: heaviest.files,
    ...(phone.main ? { lcpImage: phone.main } : {}),
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

/** Served bytes of an image file: SVG as gzip (servers compress text), others as they are. */
function imageBytes(file: string, data: string | Uint8Array): number {
  return /\.svg$/i.test(file) ? sizeOf(data).gzip : typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
}

/**
 * The images a page loads before any interaction on `screen`: each <img> not lazy (from
 * its <picture>, the first <source> a browser showing AVIF and WebP takes, else the
 * <img>'s own srcset or src) and each image the head preloads, each file once.
 */
export function upFrontImages(elements: readonly HtmlElement[], route: string, read: Reader, screen: { width: number; dpr: number }): { bytes: number; files: string[]; unresolved: string[]; main?: { path: string; bytes: number } } {
  const files = new Map<string, number>();
  const unresolved: string[] = [];
  let main: { path: string; bytes: number } | undefined;
  const count = (ref: string | undefined): { path: string; bytes: number } | undefined => {
    if (!ref) return undefined;
    const target = resolveRef(ref, route);
    const data = target === undefined ? undefined : read(target);
    if (data === undefined) {
      unresolved.push(target ?? ref);
      return undefined;
    }
    const bytes = imageBytes(target!, data);
    files.set(target!, bytes);
    return { path: target!, bytes };
  };
  const choose = (srcset: string | undefined, sizes: string | undefined, src?: string) => {
    if (!srcset) return src;
    const slot = sizes ? slotWidth(sizes, screen.width) : undefined;
    return pickCandidate(srcset, slot ?? screen.width, screen.dpr) ?? src;
  };
  const SHOWN = new Set(["image/avif", "image/webp", "image/jpeg", "image/png", "image/svg+xml"]);
  let sources: HtmlElement[] | undefined;
  for (const e of elements) {
    if (e.name === "picture") sources = [];
    else if (e.name === "source" && sources) sources.push(e);
    else if (e.name === "link" && e.inHead && (e.attrs.get("rel") ?? "").toLowerCase().split(/\s+/).includes("preload") && e.attrs.get("as") === "image") {
      if (e.attrs.has("type") && !SHOWN.has(e.attrs.get("type")!)) continue;
      count(choose(e.attrs.get("imagesrcset"), e.attrs.get("imagesizes"), e.attrs.get("href")));
    } else if (e.name === "img") {
      const source = sources?.find((s) => !s.attrs.has("type") || SHOWN.has(s.attrs.get("type")!));
      sources = undefined;
      if ((e.attrs.get("loading") ?? "").toLowerCase() === "lazy") continue;
      const a = source?.attrs ?? e.attrs;
      const got = count(choose(a.get("srcset"), a.get("sizes"), source ? undefined : e.attrs.get("src")));
      if (got && (e.attrs.get("fetchpriority") ?? "").toLowerCase() === "high") main ??= got;
    }
  }
  return { bytes: [...files.values()].reduce((a, b) => a + b, 0), files: [...files.keys()], unresolved, ...(main ? { main } : {}) };
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
  if (p.images > BUDGET.images)
    out.push(`${p.route}: images loaded up front are ${kb(p.images)} on a ${p.imagesOn} (${p.imageFiles.join(", ")}), over the image budget (${kb(BUDGET.images)}).`);
  if (p.route === "/" && p.lcpImage && p.lcpImage.bytes > BUDGET.lcpImageHome)
    out.push(`${p.route}: the main image is ${kb(p.lcpImage.bytes)} on a phone (${p.lcpImage.path}), over the home page's main image budget (${kb(BUDGET.lcpImageHome)}).`);
  for (const tag of p.unsized) out.push(`${p.route}: ${tag} has no width and height, so it shifts the layout when it loads (layout shift budget: none).`);
  for (const ref of p.unresolved) out.push(`${p.route}: loads ${ref}, which is not in the build.`);
  return out;
}

/** The bytes table: one row per page, sizes in KB gzip, with each page's JS budget. */
export function bytesTable(pages: PageBytes[]): string {
  const rows = pages.map((p) => [p.route, kb(p.html), kb(p.css), kb(p.js), String(p.jsFiles), kb(jsBudget(p).limit), kb(p.font), kb(p.images), p.islands.join(" ") || "-", overBudget(p).length ? "OVER" : "ok"]);
  const head = ["page", "HTML", "CSS", "JS", "files", "JS budget", "fonts", "images", "islands", "verdict"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 || i === 8 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
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
