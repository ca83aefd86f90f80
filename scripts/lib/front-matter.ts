/**
 * Markdown files with a front matter block: YAML between two `---` lines at the top,
 * read with the `yaml` package (YAML 1.2, core schema: `title: "x"` is the text x,
 * `readTime: 8` the number 8, `# …` a comment). Every key and value keeps its line and
 * column (a LineCounter over the block, shifted by the opening `---` line), so later
 * stages report file:line:column for any JSON pointer, as for JSON files.
 *
 * A value's position is where its text starts: for a quoted value, the first character
 * inside the quotes, so that an offset into the text (the placeholder check adds one to
 * the column) lands on the same character in the file, as for a plain value. That holds
 * for one-line values without escapes; for an escaped ("\"…") or multi-line value
 * (| or >, or a value folded over lines) only the start is exact.
 *
 * YAML errors become FrontMatterErrors at the line and column of the problem, in plain
 * words with a hint, like the JSON syntax errors (scripts/lib/json.ts).
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, visit, type Node, type YAMLError } from "yaml";
import { escapePointerToken, type Located, type Position } from "./json.ts";

export class FrontMatterError extends Error {
  constructor(
    message: string,
    public readonly line: number,
    public readonly column: number,
    public readonly hint?: string,
  ) {
    super(message);
  }
}

export interface FrontMatterFile {
  /** The front matter fields (any YAML value: text, number, true/false, null, list, map), plus "body": the Markdown after the block. */
  data: Record<string, unknown>;
  /** JSON pointer ("/title", "/tags/0", "/body", "") -> where it is in the file. */
  positions: Map<string, Located>;
}

const KEY_VALUE_HINT = "Write one field per line, for example level: Beginner.";

/** A YAML error in plain words: message and hint. */
function explain(error: Pick<YAMLError, "code" | "message" | "pos">, source: string): [string, string] {
  const at = source.slice(error.pos[0]);
  switch (error.code) {
    case "DUPLICATE_KEY": {
      const key = /^\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^:\n]*?))\s*:/.exec(at);
      const name = key ? (key[1] ?? key[2] ?? key[3]) : undefined;
      return [name ? `"${name}" is given twice.` : "This key is given twice.", "Keep one of the two lines."];
    }
    case "BLOCK_AS_IMPLICIT_KEY":
      return [
        `This value has a colon and a space (": ") in it, which YAML reads as the start of another "key: value".`,
        'Put the whole value in double quotes, for example description: "Plan ahead: it pays."',
      ];
    case "MISSING_CHAR":
      if (/quote/i.test(error.message))
        return ["This text is missing its closing quote.", "Add the same quote at the end of the text (\" or ')."];
      if (/flow|[\]}]/i.test(error.message)) return ["A list or map in [ ] or { } is not closed.", "Add the closing ] or }, or put the value in double quotes."];
      return [`This line is not "key: value".`, KEY_VALUE_HINT];
    case "MULTILINE_IMPLICIT_KEY":
      return [`This line is not "key: value".`, KEY_VALUE_HINT];
    case "TAB_AS_INDENT":
      return ["This line is indented with a tab; YAML allows only spaces.", "Replace the tab with spaces, or remove the indentation."];
    case "BAD_INDENT":
      if (/flow/i.test(error.message)) return ["A list or map in [ ] or { } is not closed.", "Add the closing ] or }, or put the value in double quotes."];
      return ["This line is not indented like the lines around it.", "Start each field at the beginning of its line; indent only the items of a list or a nested field."];
    case "BAD_DQ_ESCAPE":
      return ["This text in double quotes has a backslash that is not a valid escape.", "Write a backslash as \\\\, or put the text in single quotes."];
    case "BAD_SCALAR_START":
      return [`A value may not start with ${JSON.stringify(at[0] ?? "")} unless it is in quotes.`, "Put the whole value in double quotes."];
    case "BAD_ALIAS":
      return ["This alias (*name) does not refer to an anchor (&name) above it.", "Write the value itself, or in double quotes if it starts with *."];
    case "UNEXPECTED_TOKEN":
      if (/at node end/.test(error.message))
        return [
          "There is more text here than YAML expects: after the end of a value, or on a line indented differently from the one above.",
          "Start each field at the beginning of its line; a value that starts with a quote must end with that quote, or put the whole value in double quotes.",
        ];
    // falls through
    default:
      return [
        `The front matter is not valid YAML here: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1).replace(/\.?$/, ".")}`,
        'Values that start with a quote, [, {, &, *, !, |, > or %, or contain ": " or " #", need double quotes around them.',
      ];
  }
}

/** `shortcut`: read a simple block without the YAML parser (simpleFrontMatter); false only to compare the two. */
export function parseFrontMatter(text: string, shortcut = true): FrontMatterFile {
  const { lines, end } = blockOf(text);
  if (lines[0]?.trim() !== "---")
    throw new FrontMatterError("The file must start with a front matter block: a line ---, then lines like title: …, then ---.", 1, 1, "Add the block at the top, as in the other files of this folder.");
  if (end < 0) throw new FrontMatterError("The front matter block is not closed.", 1, 1, "Add a line --- after the last key: value line.");

  // Most blocks are a few "key: value" lines: read those without the YAML parser (simpleFrontMatter).
  const simple = shortcut ? simpleFrontMatter(lines, end) : undefined;
  if (simple) {
    const { body, bodyStart } = bodyAfter(lines, end);
    simple.data["body"] = body;
    simple.positions.set("/body", { value: { line: Math.min(bodyStart + 1, lines.length), column: 1 } });
    return simple;
  }
  // The block's line n is the file's line n + 1 (after the opening ---).
  const source = lines.slice(1, end).join("\n");
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true, version: "1.2", schema: "core" });
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + 1, column: col };
  };
  const errorAt = (offset: number, message: string, hint?: string) => {
    const { line, column } = at(offset);
    return new FrontMatterError(message, line, column, hint);
  };

  const error = doc.errors[0];
  if (error) {
    let offset = error.pos[0];
    // A missing closing quote is found where the block ends: point at the opening quote instead, as for JSON.
    if (error.code === "MISSING_CHAR" && /quote/i.test(error.message))
      visit(doc, {
        Scalar(_, node) {
          if ((node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) && node.range && node.range[0] < offset && node.range[1] >= offset) offset = node.range[0];
        },
      });
    throw errorAt(offset, ...explain(error, source));
  }

  const positions = new Map<string, Located>([["", { value: { line: 1, column: 1 } }]]);
  /** Where a value's text starts: inside the quotes of a quoted text, on the first line of a | or > text. */
  const valueStart = (node: Node): number => {
    const start = node.range![0];
    if (isScalar(node) && (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE)) return start + 1;
    if (isScalar(node) && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED)) {
      const firstLine = /\n([ ]*)(?=\S)/.exec(source.slice(start, node.range![1]));
      if (firstLine) return start + firstLine.index + 1 + firstLine[1]!.length;
    }
    return start;
  };
  const walk = (node: unknown, pointer: string) => {
    if (isMap(node))
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (!isScalar(key) || (typeof key.value !== "string" && typeof key.value !== "number"))
          throw errorAt(key?.range?.[0] ?? node.range?.[0] ?? 0, "A key must be a plain name, such as title.", KEY_VALUE_HINT);
        const child = `${pointer}/${escapePointerToken(String(key.value))}`;
        const value = pair.value as Node | null;
        // An empty value (title: with nothing after it) is null, placed just after its colon.
        const valueAt = value?.range ? valueStart(value) : key.range![1];
        positions.set(child, { key: at(key.range![0]), value: at(valueAt) });
        walk(value, child);
      }
    else if (isSeq(node))
      node.items.forEach((item, i) => {
        const child = `${pointer}/${i}`;
        if ((item as Node | null)?.range) positions.set(child, { value: at(valueStart(item as Node)) });
        walk(item, child);
      });
    else if (isAlias(node) && !node.resolve(doc)) throw errorAt(node.range?.[0] ?? 0, ...explain({ code: "BAD_ALIAS", message: "", pos: [node.range?.[0] ?? 0, node.range?.[1] ?? 0] }, source));
  };

  const contents = doc.contents as Node | null;
  if (contents !== null && !isMap(contents)) throw errorAt(contents.range?.[0] ?? 0, `This line is not "key: value".`, KEY_VALUE_HINT);
  walk(contents, "");
  let data: Record<string, unknown>;
  try {
    data = (doc.toJS({ maxAliasCount: 100 }) ?? {}) as Record<string, unknown>;
  } catch {
    // Only an alias bomb gets here (unresolved aliases were caught above).
    throw errorAt(0, "The front matter repeats its aliases (*name) too many times.", "Write the values themselves instead of aliases.");
  }

  const { body, bodyStart } = bodyAfter(lines, end);
  data["body"] = body;
  positions.set("/body", { value: { line: Math.min(bodyStart + 1, lines.length), column: 1 } });
  return { data, positions };
}

/** What simpleFrontMatter read: parsing them again costs less than keeping them (pipeline/stages/load/load.ts). */
const readSimply = new WeakSet<FrontMatterFile>();

/** Whether this front matter was read without the YAML parser (a few microseconds to read again). */
export function readWithoutParser(frontMatter: FrontMatterFile): boolean {
  return readSimply.has(frontMatter);
}

/** A line of a block simpleFrontMatter reads: a name at the start of the line, a colon, one or more spaces, a value. */
const SIMPLE_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):( +)(\S(?:.*\S)?)$/;
/** A plain value YAML reads as text, a number, true, false or null (core schema), or left to the parser. */
const PLAIN_START = /^[^-?:,[\]{}#&*!|>'"%@`]/;
const CORE_NULL = /^(?:~|null|Null|NULL)$/;
const CORE_BOOL = /^(?:true|True|TRUE|false|False|FALSE)$/;
const CORE_INT = /^[-+]?[0-9]+$/;
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/**
 * The front matter of a block that is only "key: value" lines (and blank lines), each value
 * a plain one-line value, or one in quotes without escapes, as parseFrontMatter's YAML
 * parser reads it (4,000 guides: ~250 ms through the parser, a few here); undefined for any
 * other block, which the parser reads. tests/unit/front-matter-fast.test.ts compares both.
 */
function simpleFrontMatter(lines: string[], end: number): FrontMatterFile | undefined {
  const data: Record<string, unknown> = {};
  const positions = new Map<string, Located>([["", { value: { line: 1, column: 1 } }]]);
  for (let i = 1; i < end; i++) {
    const line = lines[i]!;
    if (line.trim() === "" && !line.includes("\t")) continue;
    const m = SIMPLE_LINE.exec(line);
    if (!m) return undefined;
    const [, key, spaces, raw] = m as unknown as [string, string, string, string];
    if (Object.hasOwn(data, key) || key === "__proto__" || raw.includes("\t")) return undefined;
    let value: unknown;
    let column = key.length + 1 + spaces.length + 1;
    const quote = raw[0];
    if (quote === '"' || quote === "'") {
      const inner = raw.slice(1, -1);
      if (raw.length < 2 || raw.at(-1) !== quote || inner.includes(quote) || (quote === '"' && inner.includes("\\"))) return undefined;
      value = inner;
      column++;
    } else {
      // Not a plain value (an indicator first, ": " or " #" inside, a colon last): the parser's.
      if (!PLAIN_START.test(raw) || raw.includes(": ") || raw.includes(" #") || raw.endsWith(":")) return undefined;
      if (CORE_NULL.test(raw)) value = null;
      else if (CORE_BOOL.test(raw)) value = raw[0] === "t" || raw[0] === "T";
      else if (CORE_INT.test(raw) || CORE_FLOAT.test(raw)) {
        value = Number(raw);
        if (!Number.isSafeInteger(value) && CORE_INT.test(raw)) return undefined;
      } else if (/^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/.test(raw) || /^0[oxOX]/.test(raw)) return undefined;
      else value = raw;
    }
    data[key] = value;
    positions.set(`/${escapePointerToken(key)}`, { key: { line: i + 1, column: 1 }, value: { line: i + 1, column } });
  }
  const frontMatter = { data, positions };
  readSimply.add(frontMatter);
  return frontMatter;
}

/** Whether parseFrontMatter reads this text's block without the YAML parser (for tests). */
export function simpleBlock(text: string): boolean {
  const { lines, end } = blockOf(text);
  return lines[0]?.trim() === "---" && end > 0 && simpleFrontMatter(lines, end) !== undefined;
}

/** The text's lines (without a byte order mark) and the index of the line that closes its front matter block (-1: none). */
function blockOf(text: string): { lines: string[]; end: number } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  return { lines, end: lines.findIndex((l, i) => i > 0 && l.trim() === "---") };
}

/** The Markdown after the block that ends at line index `end`, and the index of its first line. */
function bodyAfter(lines: string[], end: number): { body: string; bodyStart: number } {
  let bodyStart = end + 1;
  while (bodyStart < lines.length && lines[bodyStart]!.trim() === "") bodyStart++;
  return { body: lines.slice(bodyStart).join("\n").trim(), bodyStart };
}

/** The "body" parseFrontMatter gives a text it parses (a stored parse keeps the fields without it: pipeline/memo/stored-memo.ts). */
export function frontMatterBody(text: string): string {
  const { lines, end } = blockOf(text);
  return bodyAfter(lines, end).body;
}
