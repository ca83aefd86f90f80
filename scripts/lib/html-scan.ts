/**
 * The one reader of built HTML. Every check that looks at rendered pages (internal
 * links in scripts/pipeline/support/links.ts, the Content-Security-Policy check and style
 * hashes in scripts/pipeline/7-headers.ts, what a page loads in sizes.ts, the budgets in
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
 * Every element of `html` in document order (one pass of htmlparser2's tokenizer).
 * The text is read as a whole document from its start: a caller that reads a page in
 * pieces must cut it between nodes (as headerFiles' pieces are).
 */
export function htmlElements(html: string): HtmlElement[] {
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
