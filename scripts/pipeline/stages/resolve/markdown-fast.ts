/**
 * The Markdown parser's fast path: commonmark.js, the CommonMark reference implementation,
 * parses the site's Markdown 20-40 times faster than remark-parse (4,000 guides of ~1 KB:
 * 36-47 ms against 1.46-1.72 s, bench below). remark stays the definition of the result:
 * this path returns a result only for text whose tree it converts exactly as
 * markdown.ts parseWithRemark would, and undefined for everything else, which remark then
 * parses. tests/unit/markdown-fast.test.ts compares both on every text of the content, on
 * texts made to reach each construct, and on thousands of random Markdown texts.
 *
 * Left to remark (undefined here), because their results need remark's own positions,
 * problems or spelling:
 * - anything that makes a problem: raw HTML, images, reference definitions (and so
 *   reference links), a heading that skips a level, a one-line field holding blocks;
 * - an indented code block (after one, remark may read a list as text);
 * - a list numbered from other than 1 that starts right under another line;
 * - a list item that is empty or begins with a blank line (remark reads some such
 *   markers as text);
 * - a code fence left open to the end of the text;
 * - "]:" anywhere (remark reads more lines as reference definitions than commonmark.js);
 * - emphasis marks that do not all pair up, or three or more in a row: where the two
 *   parsers' rules for pairing them disagree;
 * - whitespace other than spaces and line feeds (a tab, a carriage return, a no-break
 *   space): remark and commonmark.js trim it differently at the end of a line or text;
 * - a link whose address has a character that commonmark.js percent-encodes and remark
 *   keeps as written (anything but ASCII letters, digits and -._~:/?#@!$&'()*+,;=);
 * - a paragraph or heading that spans more lines than its line breaks say (a code span or
 *   a link title across lines): remark keeps such a line ending as written, commonmark.js
 *   makes it a space; and a link's line is counted from its block's first line and the
 *   line breaks before it, which is exact only without those.
 */
import { Parser, type Node } from "commonmark";
import type { MdNode } from "../../../runtime/model.ts";
import type { MarkdownProblem, MarkdownResult } from "../../model.ts";

const parser = new Parser();

/** Addresses commonmark.js leaves as written (mdurl's encode keeps these; "%" it would re-check). */
const SAFE_URL = /^[A-Za-z0-9\-._~:/?#@!$&'()*+,;=]*$/;

/** Whitespace but for spaces and "\n": where tabs, carriage returns and Unicode spaces end a line or a text, remark and commonmark.js trim differently. */
const OTHER_WHITESPACE = /[^\S \n]/;

/** Three or more emphasis marks in a row: the two parsers pair such runs differently. */
const LONG_RUN = /\*\*\*|___/;

/** Thrown inside the conversion when the text is remark's to parse. */
const NOT_MINE = Symbol("not mine");

export function parseFast(text: string, mode: "inline" | "block"): MarkdownResult | undefined {
  if (OTHER_WHITESPACE.test(text) || LONG_RUN.test(text) || text.includes("]:")) return undefined;
  const doc = parser.parse(text);
  // Reference definitions are taken out of the text and make reference links: remark names them.
  if (Object.keys((parser as unknown as { refmap: object }).refmap).length > 0) return undefined;
  const links: string[] = [];
  const linkLines: number[] = [];
  let level = 1;
  let lines: string[] | undefined;
  try {
    const blocks: MdNode[] = [];
    for (let n = doc.firstChild; n; n = n.next) blocks.push(block(n));
    if (mode === "inline") {
      const only = blocks[0];
      if (blocks.length !== 1 || only?.type !== "paragraph") return undefined;
      return { value: { markdown: "inline", children: only.children }, links, linkLines, problems: [] as MarkdownProblem[] };
    }
    return { value: { markdown: "block", children: blocks }, links, linkLines, problems: [] };
  } catch (err) {
    if (err === NOT_MINE) return undefined;
    throw err;
  }

  function block(n: Node): MdNode {
    switch (n.type) {
      case "paragraph":
        return { type: "paragraph", children: inlines(n, false) };
      case "heading": {
        const depth = n.level;
        if (mode === "block") {
          // The outline (markdown.ts): each heading at most one level below the one before; remark reports a skip.
          const d = Math.max(2, depth);
          if (d > level + 1) throw NOT_MINE;
          level = d;
        }
        return { type: "heading", depth, children: inlines(n, true) };
      }
      case "list": {
        const start = n.listStart;
        const ordered = n.listType === "ordered";
        // A list numbered from other than 1 right under another line: remark may read it as that block's text.
        if (ordered && start !== 1 && (lines ??= text.split("\n"))[n.sourcepos[0][0] - 2]?.trim()) throw NOT_MINE;
        return { type: "list", ordered, ...(ordered && start && start !== 1 ? { start } : {}), children: children(n, block) };
      }
      case "item":
        // An item that is empty or begins with a blank line (a marker alone on its line): remark may read the marker as text.
        if (!n.firstChild || n.firstChild.sourcepos[0][0] !== n.sourcepos[0][0]) throw NOT_MINE;
        return { type: "listItem", children: children(n, block) };
      case "block_quote":
        return { type: "blockquote", children: children(n, block) };
      case "code_block":
        // After an indented code block, remark may read the next list as paragraph text.
        if (!(n as Node & { _isFenced: boolean })._isFenced) throw NOT_MINE;
        // A fence left open to the end of the text: remark drops blank lines at its end.
        if (!closedFence(n)) throw NOT_MINE;
        return { type: "code", value: (n.literal ?? "").replace(/\n$/, "") };
      case "thematic_break":
        return { type: "thematicBreak" };
      default:
        throw NOT_MINE; // html_block, custom blocks
    }
  }

  /** A paragraph's or heading's inline content, with each link's line counted from the block's first line. */
  function inlines(container: Node, heading: boolean): MdNode[] {
    const [[first, ], [last, ]] = container.sourcepos;
    let breaks = 0;
    const convert = (n: Node): MdNode[] => {
      switch (n.type) {
        case "text": {
          const value = n.literal ?? "";
          // An emphasis mark left as text: which marks pair up is where the two parsers differ.
          if (value.includes("*") || value.includes("_")) throw NOT_MINE;
          return value === "" ? [] : [{ type: "text", value }];
        }
        case "softbreak":
          breaks++;
          return [{ type: "text", value: "\n" }];
        case "linebreak":
          breaks++;
          return [{ type: "break" }];
        case "code":
          return [{ type: "inlineCode", value: n.literal ?? "" }];
        case "emph":
          return [{ type: "emphasis", children: merged(n) }];
        case "strong":
          return [{ type: "strong", children: merged(n) }];
        case "link": {
          const url = n.destination ?? "";
          if (!SAFE_URL.test(url)) throw NOT_MINE;
          links.push(url);
          linkLines.push(first + breaks);
          return [{ type: "link", url, ...(n.title ? { title: n.title } : {}), children: merged(n) }];
        }
        default:
          throw NOT_MINE; // image, html_inline, custom inlines
      }
    };
    const merged = (parent: Node): MdNode[] => {
      const out: MdNode[] = [];
      for (let c = parent.firstChild; c; c = c.next)
        for (const m of convert(c)) {
          const prev = out[out.length - 1];
          if (m.type === "text" && prev?.type === "text") out[out.length - 1] = { type: "text", value: prev.value + m.value };
          else out.push(m);
        }
      return out;
    };
    const result = merged(container);
    // Lines the block spans beyond its line breaks (a setext heading's underline is one) were lost in a code span or title.
    const lines = last - first + 1 - (heading && last > first ? 1 : 0);
    if (lines !== breaks + 1) throw NOT_MINE;
    return result;
  }

  /** Whether a fenced code block ends with a closing fence (its last line ends with at least as many of its fence's marks). */
  function closedFence(n: Node): boolean {
    const { _fenceChar: mark, _fenceLength: length } = n as Node & { _fenceChar: string; _fenceLength: number };
    const [[first], [last]] = n.sourcepos;
    if (last === first) return false;
    const end = (lines ??= text.split("\n"))[last - 1]!.trimEnd();
    let run = 0;
    while (run < end.length && end[end.length - 1 - run] === mark) run++;
    return run >= length;
  }

  function children(n: Node, f: (n: Node) => MdNode): MdNode[] {
    const out: MdNode[] = [];
    for (let c = n.firstChild; c; c = c.next) out.push(f(c));
    return out;
  }
}
