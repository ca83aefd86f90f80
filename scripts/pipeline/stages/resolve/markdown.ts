/**
 * Markdown fields: parsed with unified + remark-parse into a plain syntax tree
 * that templates render with our own renderer. Raw HTML and images never pass;
 * every link is returned so the link check can see it.
 */
import type { MarkdownProblem, MarkdownResult } from "../../model.ts";
export type { MarkdownProblem, MarkdownResult };
import { unified } from "unified";
import remarkParse from "remark-parse";
import type { BlockMarkdown, InlineMarkdown, MdNode } from "../../../runtime/model.ts";
import { hashText } from "../../../lib/hash.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { parseFast } from "./markdown-fast.ts";

interface MdastNode {
  type: string;
  value?: string;
  url?: string;
  title?: string | null;
  depth?: number;
  ordered?: boolean | null;
  start?: number | null;
  children?: MdastNode[];
  position?: { start: { line: number; column: number } };
}

const processor = unified().use(remarkParse);

/**
 * Results by mode and text: the dev server's builder rebuilds the same texts after
 * every save. Templates never change a result (they only read it).
 */
const parsed = new Map<string, MarkdownResult>();

/**
 * Results stored by an earlier build (stored-memo.ts), by mode and the hash of the text: the
 * texts themselves are not stored twice. Their trees stay JSON text until a page reads them
 * (an incremental build draws a few pages again; the others' trees are never read).
 */
const storedByHash = new Map<string, StoredMarkdown>();
const hashKey = (text: string, mode: "inline" | "block") => `${mode}:${hashText(text)}`;

/** A stored result: its key, its tree's children as JSON, and its links and problems when it has any. */
export type StoredMarkdown = [key: string, children: string, rest?: Omit<MarkdownResult, "value">];

/** What each tree was made from: its key (mode and the text's hash), and the text while the key is not yet computed. */
const treeKeys = new WeakMap<object, string>();
const treeTexts = new WeakMap<object, [text: string, mode: "inline" | "block"]>();
/** The JSON of a stored tree's children, so that storing it again does not write it out again. */
const treeJson = new WeakMap<object, string>();

function remember(text: string, mode: "inline" | "block", result: MarkdownResult): MarkdownResult {
  if (!treeKeys.has(result.value)) treeTexts.set(result.value, [text, mode]);
  return result;
}

/**
 * The key of a Markdown tree this module made (mode and the hash of its text), or undefined
 * for any other value: a page's render key names a tree by it instead of spelling it out
 * (stages/render/index.ts pageKey), which also leaves a stored tree unread.
 */
export function markdownKey(value: object): string | undefined {
  let key = treeKeys.get(value);
  if (key === undefined) {
    const source = treeTexts.get(value);
    if (!source) return undefined;
    treeKeys.set(value, (key = hashKey(...source)));
  }
  return key;
}

/** A stored tree whose children are parsed from their JSON the first time they are read. */
function storedTree(mode: "inline" | "block", json: string): InlineMarkdown | BlockMarkdown {
  const value = { markdown: mode } as InlineMarkdown | BlockMarkdown;
  Object.defineProperty(value, "children", {
    enumerable: true,
    configurable: true,
    get() {
      const children = JSON.parse(json) as MdNode[];
      Object.defineProperty(value, "children", { value: children, enumerable: true, writable: true, configurable: true });
      return children;
    },
  });
  treeJson.set(value, json);
  return value;
}

const NO_REST: Omit<MarkdownResult, "value"> = { links: [], linkLines: [], problems: [] };

export function parseMarkdown(text: string, mode: "inline" | "block"): MarkdownResult {
  const key = `${mode}\0${text}`;
  let result = parsed.get(key);
  if (!result) {
    const hash = storedByHash.size ? hashKey(text, mode) : undefined;
    const stored = hash === undefined ? undefined : storedByHash.get(hash);
    if (stored) {
      const rest = stored[2] ?? NO_REST;
      result = { value: storedTree(mode, stored[1]), links: [...rest.links], linkLines: [...rest.linkLines], problems: [...rest.problems] };
      treeKeys.set(result.value, hash!);
    } else result = remember(text, mode, parseMarkdownUncached(text, mode));
    if (parsed.size > 20_000) parsed.clear();
    parsed.set(key, result);
  }
  return result;
}

/** Results computed elsewhere (a worker thread), for parseMarkdown to find. */
export function primeMarkdown(text: string, mode: "inline" | "block", result: MarkdownResult): void {
  if (parsed.size > 20_000) parsed.clear();
  parsed.set(`${mode}\0${text}`, remember(text, mode, result));
}

/** The results of these texts (a build's Markdown fields), to store (stored-memo.ts). */
export function dumpMarkdown(texts: Iterable<[text: string, mode: "inline" | "block"]>): StoredMarkdown[] {
  const out = new Map<string, StoredMarkdown>();
  for (const [text, mode] of texts) {
    const result = parsed.get(`${mode}\0${text}`);
    const key = result && markdownKey(result.value);
    if (!result || key === undefined || out.has(key)) continue;
    const { value, ...rest } = result;
    const json = treeJson.get(value) ?? JSON.stringify(value.children);
    out.set(key, rest.links.length || rest.problems.length ? [key, json, rest] : [key, json]);
  }
  return [...out.values()];
}

/** Results stored by an earlier build (stored-memo.ts), by the key dumpMarkdown gave them. */
export function primeMarkdownStored(entries: StoredMarkdown[]): void {
  for (const entry of entries) storedByHash.set(entry[0], entry);
}

/**
 * Text in which no Markdown can start: one line, no character that opens syntax (\\ ` * _ [ ] ( ) ! < > # & ~ |,
 * control characters), no space at either end (a paragraph drops it), and no list or
 * heading marker at its start. Most one-line fields (titles, labels, descriptions) are such text.
 */
const PLAIN = /^(?![-+=]|\d{1,9}[.)](\s|$))[^\s\\`*_[\]()!<>#&~|\u0000-\u001f\u007f]([^\\`*_[\]()!<>#&~|\u0000-\u001f\u007f]*[^\s\\`*_[\]()!<>#&~|\u0000-\u001f\u007f])?$/u;

/** Whether `text` parses to one paragraph of that very text (plainMarkdown): tests compare both ways on every text. */
export function isPlainText(text: string): boolean {
  return PLAIN.test(text);
}

/** The result parsing gives plain text (isPlainText), without the parser (each call of which costs ~0.1 ms). */
function plainMarkdown(text: string, mode: "inline" | "block"): MarkdownResult {
  const children: MdNode[] = [{ type: "text", value: text }];
  return { value: mode === "inline" ? { markdown: "inline", children } : { markdown: "block", children: [{ type: "paragraph", children }] }, links: [], linkLines: [], problems: [] };
}

export function parseMarkdownUncached(text: string, mode: "inline" | "block"): MarkdownResult {
  if (isPlainText(text)) return plainMarkdown(text, mode);
  return parseFast(text, mode) ?? parseWithRemark(text, mode);
}

/** The parser's result, always (what plainMarkdown stands in for). */
export function parseWithRemark(text: string, mode: "inline" | "block"): MarkdownResult {
  const root = processor.parse(text) as MdastNode;
  const links: string[] = [];
  const linkLines: number[] = [];
  const problems: MarkdownProblem[] = [];
  const lineOf = (n: MdastNode) => n.position?.start.line ?? 1;
  // The outline: each heading at most one level below the one before. The text sits under
  // a heading of its own (a guide's title, a section's heading), so its first heading is a
  // ## (a # in a section is drawn as a ## is; in a guide it is an error of its own).
  let level = 1;
  const outline = (n: MdastNode) => {
    const depth = Math.max(2, n.depth ?? 2);
    if (depth > level + 1) {
      const hashes = (d: number) => "#".repeat(d);
      problems.push({
        ...problem("skipped-heading-level", { found: hashes(n.depth ?? depth), ...(level > 1 ? { before: hashes(level) } : {}), expected: hashes(level + 1) }),
        line: lineOf(n),
      });
    }
    level = depth;
  };

  const convert = (n: MdastNode): MdNode[] => {
    const kids = () => (n.children ?? []).flatMap(convert);
    switch (n.type) {
      case "text":
        return [{ type: "text", value: n.value ?? "" }];
      case "inlineCode":
        return [{ type: "inlineCode", value: n.value ?? "" }];
      case "break":
        return [{ type: "break" }];
      case "strong":
      case "emphasis":
        return [{ type: n.type, children: kids() }];
      case "link":
        links.push(n.url ?? "");
        linkLines.push(lineOf(n));
        return [{ type: "link", url: n.url ?? "", ...(n.title ? { title: n.title } : {}), children: kids() }];
      case "paragraph":
        return [{ type: "paragraph", children: kids() }];
      case "heading":
        if (mode === "block") outline(n);
        return [{ type: "heading", depth: n.depth ?? 2, children: kids() }];
      case "list":
        return [{ type: "list", ordered: Boolean(n.ordered), ...(n.ordered && n.start && n.start !== 1 ? { start: n.start } : {}), children: kids() }];
      case "listItem":
        return [{ type: "listItem", children: kids() }];
      case "blockquote":
        return [{ type: "blockquote", children: kids() }];
      case "code":
        return [{ type: "code", value: n.value ?? "" }];
      case "thematicBreak":
        return [{ type: "thematicBreak" }];
      case "html":
        problems.push({
          ...problem("html-in-text", { found: JSON.stringify((n.value ?? "").slice(0, 30)) }),
          line: lineOf(n),
        });
        return [];
      case "image":
      case "imageReference":
        problems.push({ ...problem("image-in-text"), line: lineOf(n) });
        return [];
      case "linkReference":
        problems.push({ ...problem("reference-link"), line: lineOf(n) });
        return kids();
      case "definition":
        return [];
      default:
        problems.push({ ...problem("unsupported-markdown", { kind: n.type }), line: lineOf(n) });
        return [];
    }
  };

  const blocks = (root.children ?? []).flatMap(convert);
  if (mode === "inline") {
    const only = blocks[0];
    if (blocks.length !== 1 || only?.type !== "paragraph") {
      problems.push({
        ...problem("block-in-one-line-field"),
        line: 1,
      });
      return { value: { markdown: "inline", children: blocks.flatMap((b) => ("children" in b ? b.children : [])) }, links, linkLines, problems };
    }
    return { value: { markdown: "inline", children: only.children }, links, linkLines, problems };
  }
  return { value: { markdown: "block", children: blocks }, links, linkLines, problems };
}
