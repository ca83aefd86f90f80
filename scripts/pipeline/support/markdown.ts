/**
 * Markdown fields: parsed with unified + remark-parse into a plain syntax tree
 * that templates render with our own renderer. Raw HTML and images never pass;
 * every link is returned so the link check can see it.
 */
import { unified } from "unified";
import remarkParse from "remark-parse";
import type { BlockMarkdown, InlineMarkdown, MdNode } from "../../runtime/model.ts";
import { hashText } from "./memo.ts";
import { problem, type Problem } from "./errors.ts";

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

/** A problem of the text (errors.ts), with its line. */
export interface MarkdownProblem extends Problem {
  /** 1-based line inside the Markdown text. */
  line: number;
}

export interface MarkdownResult {
  value: InlineMarkdown | BlockMarkdown;
  links: string[];
  /** The line of the text each link is on (same order as links). */
  linkLines: number[];
  problems: MarkdownProblem[];
}

const processor = unified().use(remarkParse);

/**
 * Results by mode and text: the dev server's builder rebuilds the same texts after
 * every save. Templates never change a result (they only read it).
 */
const parsed = new Map<string, MarkdownResult>();

/** Results stored by an earlier build (stored-memo.ts), by mode and the hash of the text: the texts themselves are not stored twice. */
const storedByHash = new Map<string, MarkdownResult>();
const hashKey = (text: string, mode: "inline" | "block") => `${mode}:${hashText(text)}`;

export function parseMarkdown(text: string, mode: "inline" | "block"): MarkdownResult {
  const key = `${mode}\0${text}`;
  let result = parsed.get(key);
  if (!result) {
    result = (storedByHash.size ? storedByHash.get(hashKey(text, mode)) : undefined) ?? parseMarkdownUncached(text, mode);
    if (parsed.size > 20_000) parsed.clear();
    parsed.set(key, result);
  }
  return result;
}

/** Results computed elsewhere (a worker thread), for parseMarkdown to find. */
export function primeMarkdown(text: string, mode: "inline" | "block", result: MarkdownResult): void {
  if (parsed.size > 20_000) parsed.clear();
  parsed.set(`${mode}\0${text}`, result);
}

/** The results of these texts (a build's Markdown fields), to store (stored-memo.ts). */
export function dumpMarkdown(texts: Iterable<[text: string, mode: "inline" | "block"]>): [key: string, result: MarkdownResult][] {
  const out = new Map<string, MarkdownResult>();
  for (const [text, mode] of texts) {
    const result = parsed.get(`${mode}\0${text}`);
    if (result) out.set(hashKey(text, mode), result);
  }
  return [...out];
}

/** Results stored by an earlier build (stored-memo.ts), by the key dumpMarkdown gave them. */
export function primeMarkdownStored(entries: [key: string, result: MarkdownResult][]): void {
  for (const [key, result] of entries) storedByHash.set(key, result);
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
  return parseWithRemark(text, mode);
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
