/**
 * The one reader of built HTML. Every check that looks at rendered pages (internal
 * links in scripts/pipeline/links.ts, the Content-Security-Policy check and style
 * hashes in scripts/pipeline/headers.ts, what a page loads in sizes.ts, the budgets in
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
 *   text is the decoded text of their child text nodes.
 *
 * It is htmlparser2's streaming Parser (decodeEntities, lower-cased names), run once
 * per string; the list it returns is everything the consumers need, in document order.
 */
import { Parser } from "htmlparser2";

export interface HtmlElement {
  /** The element's name, lower-cased ("img", "bos-island", "clippath"). <image> outside SVG is img, as browsers read it. */
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
 * htmlparser2's Parser, noting where each tag begins: its own startIndex is stale
 * after an end tag with anything between name and ">" (`</style >`). The tokenizer
 * passes where the tag name starts, right after "<" (or "</" for the elements an end
 * tag implies, as `</p>` and `</br>`).
 */
class Scanner extends Parser {
  tagStart = 0;
  override onopentagname(start: number, endIndex: number): void {
    this.tagStart = start - 1;
    super.onopentagname(start, endIndex);
  }
  override onclosetag(start: number, endIndex: number): void {
    this.tagStart = start - 2;
    super.onclosetag(start, endIndex);
  }
}

/** Every element of `html` in document order (one pass of htmlparser2's tokenizer). */
export function htmlElements(html: string): HtmlElement[] {
  const elements: HtmlElement[] = [];
  const open: HtmlElement[] = [];
  let headOpen = true;
  /** Whether content at this point sits at the top level of the document (html or head its parent). */
  const topLevel = () => {
    const parent = open.at(-1);
    return parent === undefined || parent.name === "html" || parent.name === "head";
  };
  const parser: Scanner = new Scanner(
    {
      onopentag(tag, attribs) {
        const name = tag.toLowerCase();
        let inHead: boolean;
        if (!topLevel()) inHead = open.at(-1)!.inHead;
        else {
          if (!HEAD_CONTENT.has(name)) headOpen = false;
          inHead = headOpen && name !== "html";
        }
        const element: HtmlElement = { name, attrs: new Map(Object.entries(attribs)), start: parser.tagStart, end: parser.endIndex + 1, inHead };
        if (TEXT_ELEMENTS.has(name)) element.text = "";
        elements.push(element);
        open.push(element);
      },
      onclosetag() {
        open.pop();
      },
      ontext(data) {
        const parent = open.at(-1);
        if (parent?.text !== undefined) parent.text += data;
        else if (headOpen && topLevel() && /\S/.test(data)) headOpen = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return elements;
}
