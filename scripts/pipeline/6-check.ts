/**
 * The check stage: reads the rendered markup once with the HTML tokenizer
 * (lib/html-scan.ts), for the two things the build checks in it: the internal links
 * templates wrote (each must lead to a page or file of the build), and what the
 * headers stage needs for the Content-Security-Policy (inline styles to hash, and
 * anything the policy would block or that runs script from markup).
 *
 * A page is read in the pieces 5-render.tsx cut it into, each shared part once. Each
 * piece is tokenized on its own, which reads it as the whole page would be read
 * only if every piece begins and ends between two nodes: not inside a tag, a
 * comment, the text of a <script>, <style>, <title> or <textarea>, or an <svg>. The
 * build's pieces are that: 5-render.tsx cuts its React markup where a slot element
 * stood, and each shared part is a whole rendered element tree.
 *
 * It runs on the main thread after render. Reading on the worker thread while the
 * main thread renders was measured slower on two cores (cold build 700 -> 800 ms: the
 * second core already draws the share images), so it is not done.
 */
import { htmlElements, type HtmlElement } from "../lib/html-scan.ts";
import { classifyLink } from "../lib/url.ts";
import { problem } from "./support/errors.ts";
import { DATA_IMAGE_IN_CSS, type PageScan } from "./7-headers.ts";
import { issueIn, type Issue } from "./support/issues.ts";
import type { Route } from "./4-routes.ts";

/** What the check stage found in one piece of markup. */
export interface PieceRead {
  /** Internal href and src values, in document order. */
  refs: string[];
  scan: PageScan;
}

/**
 * What the check stage read in the rendered pages: each page's own pieces (in the
 * order of `pages`) and each shared part, by key. A piece that recurs (an alias page
 * renders as its target does) is read once.
 */
export interface RenderedReads {
  ownReads: PieceRead[][];
  parts: Map<string, PieceRead>;
  pages: { keys: string[] }[];
}

export function readRendered(pages: { pieces: string[]; keys: string[] }[], parts: Map<string, { html: string }>): RenderedReads {
  const memo = new Map<string, PieceRead>();
  const read = (html: string) => {
    let r = memo.get(html);
    if (!r) memo.set(html, (r = readPiece(html)));
    return r;
  };
  return { ownReads: pages.map((p) => p.pieces.map(read)), parts: new Map([...parts].map(([k, f]) => [k, read(f.html)])), pages };
}

/** Links written in templates (not content) that lead nowhere: one error per page and address. */
export function templateLinkIssues(routes: Route[], read: RenderedReads, exists: (ref: string) => boolean): Issue[] {
  const issues: Issue[] = [];
  routes.forEach((route, i) => {
    const refs = [...read.ownReads[i]!.flatMap((r) => r.refs), ...read.pages[i]!.keys.flatMap((k) => read.parts.get(k)!.refs)];
    for (const ref of new Set(refs)) if (!exists(ref)) issues.push(issueIn(route.page.file, problem("template-broken-link", { path: route.path, ref })));
  });
  return issues;
}

/** Reads one piece of markup (one tokenizer pass for both checks). */
export function readPiece(html: string): PieceRead {
  const elements = htmlElements(html);
  return { refs: internalRefsOf(elements), scan: scanElements(elements) };
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
export function scanWholePage(_file: string, data: string | Uint8Array): PageScan[] {
  return [scanHtml(typeof data === "string" ? data : new TextDecoder().decode(data))];
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
