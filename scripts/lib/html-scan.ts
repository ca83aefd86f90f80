/**
 * The one reader of built HTML. Every check that looks at rendered pages (internal
 * links in scripts/pipeline/stages/routes/links.ts, the Content-Security-Policy check and style
 * hashes in scripts/pipeline/stages/headers/headers.ts, what a page loads in sizes.ts, the budgets in
 * budgets.ts) takes its elements from htmlElements() instead of matching text with
 * regular expressions, so markup is read as a browser reads it:
 *
 * - a start tag ends at the first ">" outside quotes (`<a title=">" onclick=x>` has an
 *   onclick); attributes may be unquoted, upper-case or separated by "/";
 * - attribute values have their character references decoded by the HTML rules
 *   (`jav&#x61;script:`, `&Tab;`, `&#x110000;` is U+FFFD, `&TAB;` is not an entity);
 * - comments end where browsers end them (`-->`, `--!>`, `<!-->`), and nothing in
 *   one is an element;
 * - <script>, <style>, <textarea>, <title>, <iframe>, <xmp>, <noembed>, <noframes>
 *   hold text, not elements, and end at their end tag however it is spelt
 *   (`</style >`, `</STYLE foo>`); <style-x> is not a style element;
 * - inside <svg> and <math>, <style> and <script> hold markup as in browsers: their
 *   text is the decoded text of their child text nodes;
 * - a tag cut off by the end of the text, or a <form> inside a form, is no element.
 *
 * It is htmlparser2's streaming Parser (decodeEntities, lower-cased names), run once
 * per string; the list it returns is everything the consumers need, in document order.
 * Markup written the way React writes it (double-quoted attributes with React's five
 * escapes, no comments, nesting a browser keeps as written) is read by a shortcut
 * (fastElements) ~5 times faster; anything else it meets it leaves to htmlparser2, and
 * tests/unit/html-scan-fast.test.ts checks that both give the same elements for every page
 * of the site and for random markup.
 */
import { Parser, type Handler } from "htmlparser2";

export interface HtmlElement {
  /** The element's name, lower-cased ("img", "ssg-island", "clippath"). <image> outside SVG is img, as browsers read it. */
  name: string;
  /** Attributes by lower-cased name, values decoded; of a repeated name the first wins, as in browsers. */
  attrs: Map<string, string>;
  /** html.slice(start, end) is the start tag as written. */
  start: number;
  end: number;
  /**
   * In the document's head: before the first start tag or text that only the body
   * may hold (a browser moves a <link> or <style> written after </head> but before
   * any body content into the head, so such an element counts as head too).
   */
  inHead: boolean;
  /**
   * <script> and <style> only: their text. For HTML elements it is exactly the text
   * as written (raw text: no entity is decoded, which is what a CSP hash covers); in
   * SVG or MathML it is the decoded text of the element's own text nodes.
   */
  text?: string;
}

/** Elements a browser keeps in the head (the "in head" insertion mode), plus the two that open it. */
const HEAD_CONTENT = new Set(["html", "head", "base", "basefont", "bgsound", "link", "meta", "noframes", "noscript", "script", "style", "template", "title"]);
const TEXT_ELEMENTS = new Set(["script", "style"]);

/**
 * htmlparser2's Parser, noting where each start tag begins and ends (its own
 * startIndex is stale after an end tag with anything between name and ">", as
 * `</style >`). The tokenizer passes where a tag name starts, right after "<" (or
 * "</" for the elements an end tag implies: `</p>` and `</br>`), and where the ">"
 * of a start tag is. Attributes arrive one by one (onattribute), so the parser is
 * given no onopentag handler and builds no attribute objects of its own.
 */
class Scanner extends Parser {
  /** Every element so far; the handler's onopentagname adds each, with start = tagStart and end = -1 (set here when its start tag ends). */
  readonly elements: HtmlElement[] = [];
  tagStart = 0;
  /** The element whose start tag is being read; undefined for a tag the parser drops (a <form> inside a form, as browsers do). */
  current: HtmlElement | undefined;
  constructor(
    private readonly html: string,
    handler: Partial<Handler>,
  ) {
    super(handler, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  }
  override onopentagname(start: number, endIndex: number): void {
    this.tagStart = start - 1;
    this.current = undefined;
    super.onopentagname(start, endIndex);
  }
  override onopentagend(endIndex: number): void {
    if (this.current) this.current.end = endIndex + 1;
    super.onopentagend(endIndex);
  }
  override onselfclosingtag(endIndex: number): void {
    if (this.current) this.current.end = endIndex + 1;
    super.onselfclosingtag(endIndex);
  }
  override onclosetag(start: number, endIndex: number): void {
    this.tagStart = start - 2;
    this.current = undefined;
    super.onclosetag(start, endIndex);
    // An element implied by this end tag (the handler set current): its "start tag" is the end tag, which ends at the first ">".
    const implied = this.current as HtmlElement | undefined;
    if (implied) implied.end = this.html.indexOf(">", endIndex) + 1 || this.html.length;
    this.current = undefined;
  }
}

/**
 * Every element of `html` in document order (one pass of htmlparser2's tokenizer, or of
 * the shortcut for markup as React writes it).
 * The text is read as a whole document from its start: a caller that reads a page in
 * pieces must cut it between nodes (as headerFiles' pieces are).
 */
export function htmlElements(html: string): HtmlElement[] {
  return fastElements(html) ?? parsedElements(html);
}

/** htmlElements through htmlparser2, always (what fastElements stands in for). */
export function parsedElements(html: string): HtmlElement[] {
  const open: HtmlElement[] = [];
  let headOpen = true;
  /** Whether content at this point sits at the top level of the document (html or head its parent). */
  const topLevel = () => {
    const parent = open.at(-1);
    return parent === undefined || parent.name === "html" || parent.name === "head";
  };
  const scanner: Scanner = new Scanner(html, {
    onopentagname(tag) {
      const name = tag.toLowerCase();
      let inHead: boolean;
      if (!topLevel()) inHead = open.at(-1)!.inHead;
      else {
        if (!HEAD_CONTENT.has(name)) headOpen = false;
        inHead = headOpen && name !== "html";
      }
      const element: HtmlElement = { name, attrs: new Map(), start: scanner.tagStart, end: -1, inHead, text: TEXT_ELEMENTS.has(name) ? "" : undefined };
      scanner.elements.push(element);
      open.push(element);
      scanner.current = element;
    },
    onattribute(name, value) {
      const attrs = scanner.current?.attrs;
      if (attrs && !attrs.has(name)) attrs.set(name, value);
    },
    onclosetag() {
      open.pop();
    },
    ontext(data) {
      const parent = open.at(-1);
      if (parent?.text !== undefined) parent.text += data;
      else if (headOpen && topLevel() && /[^ \t\n\f\r]/.test(data)) headOpen = false;
    },
  });
  scanner.end(html);
  // A tag cut off by the end of the text is no element, to a browser either.
  return scanner.elements.filter((e) => e.end !== -1);
}

/** htmlparser2's elements that never hold others (their end tag is ignored, `</br>` aside). */
const VOID = new Set(["area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img", "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr"]);
/** Elements whose text is raw (script, style) or RCDATA (title, textarea) to htmlparser2's tokenizer, outside SVG and MathML; the others of its list are left to it. */
const TEXT_UNTIL_END = new Set(["script", "style", "title", "textarea"]);
const OTHER_SPECIAL = new Set(["iframe", "noembed", "noframes", "plaintext", "xmp"]);
/** Where HTML resumes inside SVG or MathML (htmlparser2 htmlIntegrationElements), lower-cased. */
const INTEGRATION = new Set(["mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignobject", "desc", "title"]);
/** htmlparser2's openImpliesClose: opening the key closes an open element of these names first. */
const P = ["p"];
const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6", "p"];
const FORM_CONTROLS = ["input", "option", "optgroup", "select", "button", "datalist", "textarea"];
const IMPLIES_CLOSE = new Map<string, Set<string>>(
  (
    [
      ["tr", ["tr", "th", "td"]], ["th", ["th"]], ["td", ["thead", "th", "td"]], ["body", ["head", "link", "script"]], ["a", ["a"]], ["li", ["li"]], ["p", P],
      ["h1", HEADINGS], ["h2", HEADINGS], ["h3", HEADINGS], ["h4", HEADINGS], ["h5", HEADINGS], ["h6", HEADINGS],
      ["select", FORM_CONTROLS], ["input", FORM_CONTROLS], ["output", FORM_CONTROLS], ["button", FORM_CONTROLS], ["datalist", FORM_CONTROLS], ["textarea", FORM_CONTROLS],
      ["option", ["option"]], ["optgroup", ["optgroup", "option"]], ["dd", ["dd", "dt"]], ["dt", ["dd", "dt"]], ["rt", ["rt", "rp"]], ["rp", ["rt", "rp"]], ["tbody", ["thead", "tbody"]], ["tfoot", ["thead", "tbody"]],
      ...["address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "header", "hr", "main", "nav", "ol", "pre", "section", "table", "ul"].map((n): [string, string[]] => [n, P]),
    ] as [string, string[]][]
  ).map(([k, v]) => [k, new Set(v)]),
);
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)/y;
const ATTRIBUTE = / ([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/y;
const END_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)>/y;
const NOT_SPACE = /[^ \t\n\f\r]/;
/** The end of a script's, style's, title's or textarea's text, by element name (made once each). */
const END_OF_TEXT = new Map<string, RegExp>();
/** React's escapes in attribute values: the only character references the shortcut decodes. */
const REFERENCES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };
const REFERENCE = /&(?:amp|quot|#x27|lt|gt);/g;

function decodeValue(value: string): string | undefined {
  if (!value.includes("&")) return value;
  if (value.replace(REFERENCE, "").includes("&")) return undefined; // a reference React does not write
  return value.replace(REFERENCE, (r) => REFERENCES[r]!);
}

/**
 * htmlElements for markup as React writes it, or undefined for markup it does not take (a
 * comment, an unquoted or single-quoted attribute, a character reference React does not
 * write, a tag a browser would close or drop on its own, <style> or <script> inside SVG, …).
 */
export function fastElements(html: string): HtmlElement[] | undefined {
  const out: HtmlElement[] = [];
  const open: HtmlElement[] = [];
  let foreign = 0;
  let forms = 0;
  let headOpen = true;
  const n = html.length;
  const topLevel = () => {
    const parent = open[open.length - 1];
    return parent === undefined || parent.name === "html" || parent.name === "head";
  };
  /** Text between tags: only whether it ends the head matters (a reference could decode to a space: those go to htmlparser2). */
  const text = (from: number, to: number): boolean => {
    if (from >= to || !headOpen || !topLevel()) return true;
    const t = html.slice(from, to);
    if (t.includes("&")) return false;
    if (NOT_SPACE.test(t)) headOpen = false;
    return true;
  };
  const close = (element: HtmlElement) => {
    open.pop();
    if (element.name === "svg" || element.name === "math") foreign--;
    else if (element.name === "form") forms--;
  };
  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      if (!text(i, n)) return undefined;
      break;
    }
    if (!text(i, lt)) return undefined;
    const next = html.charCodeAt(lt + 1);
    if (next === 47 /* / */) {
      END_TAG.lastIndex = lt;
      const m = END_TAG.exec(html);
      if (!m) return undefined;
      const name = m[1]!.toLowerCase();
      i = END_TAG.lastIndex;
      if (VOID.has(name)) {
        if (name === "br") return undefined; // htmlparser2 makes a <br> of it
        continue;
      }
      let at = open.length - 1;
      while (at >= 0 && open[at]!.name !== name) at--;
      if (at < 0) {
        if (name === "p") return undefined; // htmlparser2 makes a <p> of it
        continue;
      }
      while (open.length > at) close(open[open.length - 1]!);
      continue;
    }
    if (next === 33 /* ! */) {
      if (!html.startsWith("<!DOCTYPE html>", lt) && !html.startsWith("<!doctype html>", lt)) return undefined;
      i = lt + 15;
      continue;
    }
    START_TAG.lastIndex = lt;
    const m = START_TAG.exec(html);
    if (!m) return undefined;
    const name = m[1]!.toLowerCase();
    if (OTHER_SPECIAL.has(name) || (name === "image" && foreign === 0) || (foreign > 0 && (INTEGRATION.has(name) || TEXT_UNTIL_END.has(name)))) return undefined;
    if (name === "form" && forms > 0) return undefined;
    const parent = open[open.length - 1];
    if (parent && IMPLIES_CLOSE.get(name)?.has(parent.name)) return undefined;
    let inHead: boolean;
    if (!topLevel()) inHead = parent!.inHead;
    else {
      if (!HEAD_CONTENT.has(name)) headOpen = false;
      inHead = headOpen && name !== "html";
    }
    const attrs = new Map<string, string>();
    let j = START_TAG.lastIndex;
    for (;;) {
      ATTRIBUTE.lastIndex = j;
      const a = ATTRIBUTE.exec(html);
      if (!a) break;
      const value = decodeValue(a[2]!);
      if (value === undefined) return undefined;
      const key = a[1]!.toLowerCase();
      if (!attrs.has(key)) attrs.set(key, value);
      j = ATTRIBUTE.lastIndex;
    }
    const selfClosing = html.charCodeAt(j) === 47 /* / */ && html.charCodeAt(j + 1) === 62; /* > */
    if (!selfClosing && html.charCodeAt(j) !== 62) return undefined; // anything else in the tag, or cut off
    const end = j + (selfClosing ? 2 : 1);
    const element: HtmlElement = { name, attrs, start: lt, end, inHead, text: TEXT_ELEMENTS.has(name) ? "" : undefined };
    out.push(element);
    i = end;
    if (VOID.has(name)) continue;
    if (selfClosing) {
      // Closed at once only inside SVG or MathML (an <svg/> opens and closes them: left to htmlparser2).
      if (foreign === 0 || name === "svg" || name === "math") return undefined;
      continue;
    }
    open.push(element);
    if (name === "svg" || name === "math") foreign++;
    else if (name === "form") forms++;
    if (foreign === 0 && TEXT_UNTIL_END.has(name)) {
      // Its text runs to the first end tag of its name, however spelt: only `</name>` is taken.
      let endTag = END_OF_TEXT.get(name);
      if (!endTag) END_OF_TEXT.set(name, (endTag = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi")));
      endTag.lastIndex = end;
      const e = endTag.exec(html);
      if (!e || html.charCodeAt(e.index + name.length + 2) !== 62 || html.slice(e.index + 2, e.index + 2 + name.length) !== name) return undefined;
      if (element.text !== undefined) element.text = html.slice(end, e.index);
      close(element);
      i = e.index + name.length + 3;
    }
  }
  // Open elements at the end are fine (a piece may end inside them); a tag cut off was refused above.
  return out;
}
