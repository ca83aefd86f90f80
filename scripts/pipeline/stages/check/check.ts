/**
 * The check stage: reads the rendered markup once with the HTML tokenizer
 * (lib/html-scan.ts), for what the build checks in it: the internal links templates
 * wrote (each must lead to a page or file of the build), one h1 per page, the ids a
 * page renders (content links with a #fragment must name one of the target's), and
 * what the headers stage needs for the Content-Security-Policy (inline styles to
 * hash, and anything the policy would block or that runs script from markup).
 *
 * A page is read in the pieces stages/render/render.tsx cut it into, each shared part once. Each
 * piece is tokenized on its own, which reads it as the whole page would be read
 * only if every piece begins and ends between two nodes: not inside a tag, a
 * comment, the text of a <script>, <style>, <title> or <textarea>, or an <svg>. The
 * build's pieces are that: stages/render/render.tsx cuts its React markup where a slot element
 * stood, and each shared part is a whole rendered element tree.
 *
 * It runs on the main thread after render. Reading on the worker thread while the
 * main thread renders was measured slower on two cores (cold build 700 -> 800 ms: the
 * second core already draws the share images), so it is not done.
 */
import type { PieceRead, RenderedReads, PageScan, OutputData } from "../../model.ts";
export type { PieceRead, RenderedReads };
import { htmlElements, type HtmlElement } from "../../../lib/html-scan.ts";
import { classifyLink, normalizeRoute } from "../../../lib/url.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { DATA_IMAGE_IN_CSS } from "../headers/headers.ts";
import { outputBytes } from "../write/write.ts";
import { didYouMean, issueAt, issueIn, type Issue } from "../../../problems/issues.ts";
import { atLineOfText, type ResolvedContent } from "../resolve/resolve.ts";
import type { Route } from "../routes/routes.ts";
import type { SourceFile } from "../../model.ts";
import { componentName } from "../render/render.tsx";

/**
 * Reads every piece of the pages and every shared part once; `previous` holds the reads of an
 * earlier build by the piece's text (a long-running builder's memo), and `memo` the ones this used.
 */
export function readRendered(pages: { pieces: string[]; keys: string[] }[], parts: Map<string, { html: string }>, previous?: Map<string, PieceRead>): RenderedReads & { memo: Map<string, PieceRead> } {
  const memo = new Map<string, PieceRead>();
  const read = (html: string) => {
    let r = memo.get(html);
    if (!r) memo.set(html, (r = previous?.get(html) ?? readPiece(html)));
    return r;
  };
  const ownReads = pages.map((p) => p.pieces.map(read));
  const used = new Set(pages.flatMap((p) => p.keys));
  return { ownReads, parts: new Map([...parts].filter(([k]) => used.has(k) || !previous).map(([k, f]) => [k, read(f.html)])), pages, memo };
}

/** Links written in templates (not content) that lead nowhere: one error per page and address. */
/**
 * `sectionOf`: on the error's path only, the section of the page whose template writes `ref` (its
 * index in the content file), or -1 for the layout (stages/render/render.tsx countPerSection). The
 * issue is then pinned to that section, and names its type and template.
 */
export function templateLinkIssues(
  routes: Route[],
  read: RenderedReads,
  exists: (ref: string) => boolean,
  sectionOf?: (route: Route, ref: string) => number,
  sources?: Map<string, SourceFile>,
): Issue[] {
  const issues: Issue[] = [];
  // Only broken addresses are reported, in the order each is first written on the page: the
  // shared parts' are found once, not once per page (4,000 pages: 50 ms to a few).
  const brokenIn = new Map<string, string[]>();
  const brokenOf = (refs: string[]) => [...new Set(refs)].filter((ref) => !exists(ref));
  routes.forEach((route, i) => {
    const broken = new Set<string>();
    for (const piece of read.ownReads[i]!) for (const ref of piece.refs) if (!exists(ref)) broken.add(ref);
    for (const key of read.pages[i]!.keys) {
      let inPart = brokenIn.get(key);
      if (!inPart) brokenIn.set(key, (inPart = brokenOf(read.parts.get(key)!.refs)));
      for (const ref of inPart) broken.add(ref);
    }
    for (const ref of broken) {
      const at = sectionOf && !route.page.entry ? sectionOf(route, ref) : -1;
      const type = at >= 0 ? String((route.page.data as { sections: { type?: unknown }[] }).sections[at]?.type ?? "") : undefined;
      const source = sources?.get(route.page.file);
      const p = problem("template-broken-link", { path: route.path, ref, ...(type !== undefined ? { section: at + 1, type, template: `templates/sections/${componentName(type)}.tsx` } : {}) });
      issues.push(type !== undefined && source ? issueAt(source, `/sections/${at}`, p) : issueIn(route.page.file, p));
    }
  });
  return issues;
}

/** Reads one piece of markup (one tokenizer pass for every check). */
export function readPiece(html: string): PieceRead {
  const elements = htmlElements(html);
  const ids: string[] = [];
  let h1 = 0;
  for (const e of elements) {
    const id = e.attrs.get("id");
    if (id !== undefined && id !== "") ids.push(id);
    if (e.name === "h1") h1++;
  }
  return { refs: internalRefsOf(elements), ids, h1, scan: scanElements(elements) };
}

/** Every read of one page: its own pieces and its shared parts. */
function pageReads(read: RenderedReads, i: number): PieceRead[] {
  return [...read.ownReads[i]!, ...read.pages[i]!.keys.map((k) => read.parts.get(k)!)];
}

/**
 * One h1 per page, a rule of the generator: a page with none has no title for
 * assistive technology and search engines, two compete. Two are reported at the
 * second section that draws one (sectionH1s renders a page's sections one by one,
 * only for a page that has more than one).
 */
export function headingIssues(content: Pick<ResolvedContent, "sources">, routes: Route[], read: RenderedReads, sectionH1s: (route: Route) => number[]): Issue[] {
  const issues: Issue[] = [];
  routes.forEach((route, i) => {
    if (route.alias) return; // drawn as its target, which is checked
    const count = pageReads(read, i).reduce((n, r) => n + r.h1, 0);
    if (count === 1) return;
    const source = content.sources.get(route.page.file);
    if (count === 0) {
      // At the page's list of blocks, where one that draws a main heading is missing.
      const p = problem("no-h1", { path: route.path });
      issues.push(source && !route.page.entry ? issueAt(source, "/sections", p) : issueIn(route.page.file, p));
      return;
    }
    const perSection = route.page.entry ? [] : sectionH1s(route);
    const drawing = perSection.flatMap((n, s) => (n > 0 ? [s] : []));
    const second = perSection[drawing[0] ?? -1]! > 1 ? drawing[0] : drawing[1];
    const types = (route.page.data as { sections?: { type?: unknown }[] }).sections ?? [];
    const drawers = drawing.map((s) => `section ${s + 1} (${JSON.stringify(String(types[s]?.type ?? "?"))})`);
    const p = problem("two-h1", { path: route.path, count, ...(drawers.length ? { drawers } : {}) });
    issues.push(second === undefined || !source ? issueIn(route.page.file, p) : issueAt(source, `/sections/${second}`, p));
  });
  return issues;
}

/**
 * Content links with a #fragment: the target page must render an element with that
 * id, or the link lands at the top of the page. A link "#x" alone is checked against
 * the page whose file holds it (links in shared records and site.json are on many pages: not checked).
 */
export function anchorIssues(content: ResolvedContent, routes: Route[], read: RenderedReads): Issue[] {
  const issues: Issue[] = [];
  const idsOf = new Map<string, Set<string>>();
  const byPath = new Map<string, number>();
  const byFile = new Map<string, number>();
  routes.forEach((r, i) => {
    if (!byPath.has(r.path)) byPath.set(r.path, i);
    if (!r.alias && !byFile.has(r.page.file)) byFile.set(r.page.file, i);
  });
  const ids = (i: number) => {
    let set = idsOf.get(routes[i]!.output);
    if (!set) idsOf.set(routes[i]!.output, (set = new Set(pageReads(read, i).flatMap((r) => r.ids))));
    return set;
  };
  for (const link of content.links) {
    const hash = link.value.indexOf("#");
    if (hash === -1) continue;
    const fragment = decodeFragment(link.value.slice(hash + 1));
    if (fragment === "" || fragment === "top") continue; // the top of the page: always there
    const c = classifyLink(link.value);
    const target = c.kind === "anchor" ? byFile.get(link.file) : c.kind === "internal" ? byPath.get(normalizeRoute(c.path)) : undefined;
    if (target === undefined) continue; // another site, a file, or a page that does not exist (reported as a broken link)
    const known = ids(target);
    if (known.has(fragment)) continue;
    const source = content.sources.get(link.file)!;
    const p: Problem = problem("missing-anchor", { link: link.value, fragment, path: routes[target]!.path, guess: didYouMean(fragment, known) });
    issues.push(atLineOfText(issueAt(source, link.pointer, p), source, link.line));
  }
  return issues;
}

function decodeFragment(f: string): string {
  try {
    return decodeURIComponent(f);
  } catch {
    return f;
  }
}

/**
 * Internal href and src values in rendered HTML (links written in templates), in
 * document order, read by the HTML tokenizer: any quoting, character references
 * decoded, nothing taken from comments, scripts or text.
 */
export function internalRefsInHtml(html: string): string[] {
  return internalRefsOf(htmlElements(html));
}

function internalRefsOf(elements: Iterable<HtmlElement>): string[] {
  const refs: string[] = [];
  for (const element of elements)
    for (const [name, value] of element.attrs) {
      if (name !== "href" && name !== "src") continue;
      const c = classifyLink(value);
      if (c.kind === "internal") refs.push(c.path);
    }
  return refs;
}

/** Inline script types that are data, never run, so script-src does not apply. */
const DATA_SCRIPT_TYPES = new Set(["application/json", "application/ld+json"]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "poster", "data", "srcset", "background", "ping"]);
/** The scheme a browser would see in a URL attribute's decoded value (it ignores tabs, newlines and leading spaces; all controls and spaces are dropped here, to err on the safe side). */
function schemeOf(value: string): string | undefined {
  const cleaned = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(cleaned)?.[1];
}

/**
 * What the policy needs from one page (or one piece of it): elements and their
 * attributes come from the HTML tokenizer, never from a regular expression, so
 * quoting, case, character references, comments and the text of script and style
 * elements are read as a browser reads them. inlineStyles are the texts the browser
 * hashes: as written for an HTML <style>, decoded for an SVG one.
 */
export function scanHtml(html: string): PageScan {
  return scanElements(htmlElements(html));
}

/** For headerFiles: each HTML file read whole (where there are no pieces, as in tests). */
export function scanWholePage(_file: string, data: OutputData): PageScan[] {
  return [scanHtml(typeof data === "string" ? data : new TextDecoder().decode(typeof data === "object" && "copyFrom" in data ? outputBytes(data) : data))];
}

function scanElements(elements: Iterable<HtmlElement>): PageScan {
  const scan: PageScan = { inlineStyles: [], inlineScripts: [], blocked: [], dataImages: false };
  for (const { name: element, attrs, text } of elements) {
    if (element === "script") {
      const type = (attrs.get("type") ?? "").trim().toLowerCase();
      if (!attrs.has("src") && !DATA_SCRIPT_TYPES.has(type)) scan.inlineScripts.push(text!);
    } else if (element === "style") {
      scan.inlineStyles.push(text!);
      if (DATA_IMAGE_IN_CSS.test(text!)) scan.dataImages = true;
    }
    for (const [name, value] of attrs) {
      if (name.startsWith("on")) scan.blocked.push(`<${element} ${name}="…"> (an inline event handler)`);
      else if (name === "style") scan.blocked.push(`<${element} style="…"> (a style attribute; style-src blocks it)`);
      else if (URL_ATTRIBUTES.has(name)) {
        const scheme = schemeOf(value);
        if (scheme === "data" && (name === "src" || name === "srcset") && (element === "img" || element === "source")) scan.dataImages = true;
        else if (scheme === "javascript" || scheme === "vbscript" || scheme === "data")
          scan.blocked.push(`<${element} ${name}="${scheme}:…"> (a ${scheme}: address)`);
      }
    }
  }
  return scan;
}
