/**
 * A strict JSON parser (RFC 8259) that remembers where every value and every key
 * starts, so that later stages can report `file:line:column` for any JSON pointer.
 * Its syntax errors are written for people who do not write JSON every day.
 *
 * Why not a library (checked against @humanwhocodes/momoa 3.x and Microsoft's
 * jsonc-parser 3.x, the two maintained JSON parsers with source positions; the tests
 * are tests/generator/json.test.ts and tests/fixtures/broken/):
 * - Both give positions for keys and values (momoa: line/column/offset on every AST
 *   node; jsonc-parser: offset/length from parseTree), but no pointer -> position map:
 *   we would walk their tree to build it, and convert jsonc-parser's offsets to
 *   line:column ourselves (the `at` below).
 * - Neither reports a duplicate key (`The field "a" appears twice`): both keep the two
 *   members (jsonc-parser's parse() keeps the last value), so it would be a walk of
 *   ours over their tree.
 * - Their errors are codes or generic words (jsonc-parser: CommaExpected,
 *   PropertyNameExpected, InvalidSymbol…; momoa: "Unexpected token RBrace found.",
 *   "Unexpected character 'q' found.", thrown at the first error with no partial tree).
 *   Our messages name what they know from context: the field whose value lacks a comma
 *   after it, the unquoted word (`write "title" instead of title`), the zero that
 *   starts a number. Each would need the text re-scanned around their offset.
 * - The slips that have codes of their own (JsonErrorCode: curly quotes, a line break
 *   or a straight quote inside a text, a UTF-16 file, a cut-off file, nesting deeper
 *   than MAX_DEPTH) are told apart by looking around where reading stopped: the same
 *   re-scanning again.
 * - Several positions differ from ours, which point where the fix goes:
 *   - a trailing comma: both point at the `}` or `]`, we at the comma;
 *   - a bad escape (\q): jsonc-parser points at the start of the string, momoa at
 *     the q; we at the backslash;
 *   - a leading zero (01): both stop at the 1 with "comma expected" / "unexpected
 *     number"; we point at the 0 and say why;
 *   - an unterminated string: momoa reads on across lines (its JSON mode accepts raw
 *     line breaks and control characters inside strings, which RFC 8259 forbids) and
 *     fails at the end of the file; jsonc-parser and we point at the opening quote.
 * So a wrapper around either would be about as long as this parser and still need its
 * own scanning for messages and positions. If that changes, jsonc-parser is the closer
 * fit: it keeps going after an error and gives offset and length for every node.
 */

export interface Position {
  line: number;
  column: number;
}

export interface Located {
  /** Where the value starts. */
  value: Position;
  /** Where the property name starts (object members only). */
  key?: Position;
}

export interface ParsedJson {
  value: unknown;
  /** JSON pointer -> positions. "" is the root. */
  positions: Map<string, Located>;
}

/**
 * The kinds of syntax error, one code each in the catalogue of problems
 * (scripts/problems/errors.ts). "json-syntax" is every other slip.
 */
export type JsonErrorCode =
  | "json-syntax"
  | "json-curly-quotes"
  | "json-line-break-in-text"
  | "json-unescaped-quote"
  | "json-utf16"
  | "json-cut-off"
  | "json-too-deep";

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    public readonly position: Position,
    public readonly hint?: string,
    public readonly code: JsonErrorCode = "json-syntax",
  ) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

/**
 * How many levels of { } and [ ] a file may nest. Content needs few (this site's deepest
 * file has 7: a collection, its records, a record's lists of objects); 64 leaves room for
 * any real content. The parser refuses deeper files, so that it and every later stage
 * (schema validation, resolution, rendering walk values recursively) stay far from the
 * call stack's limit: nesting in the low thousands overflows it.
 */
export const MAX_DEPTH = 64;

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Describe a character for an error message. */
function describe(ch: string | undefined): string {
  if (ch === undefined) return "the end of the file";
  if (ch === "\n" || ch === "\r") return "the end of the line";
  if (ch === " " || ch === "\t") return "a space";
  return `\`${ch}\``;
}

/** Curly (typographic) quotes, which word processors type in place of " and '. */
const CURLY = "\u201c\u201d\u2018\u2019";
const isCurly = (ch: string | undefined) => ch !== undefined && CURLY.includes(ch);
const CURLY_HINT =
  'Type a straight " instead. Curly quotes are fine inside a text, not around it; word processors make quotes curly as you type, so edit content files in a code editor such as VS Code.';

export function parseJson(text: string): ParsedJson {
  const positions = new Map<string, Located>();
  // Line starts, for turning offsets into line:column.
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const at = (offset: number): Position => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };

  // A UTF-16 file read as UTF-8 (as content files are read): every ASCII character comes
  // with a NUL beside it, and a byte order mark becomes two U+FFFD. JSON never holds a NUL.
  if (text.slice(0, 4).includes("\0")) {
    const bom = text.startsWith("\ufffd\ufffd");
    // Little-endian puts the NUL after its character, at an odd offset (the mark takes two).
    const order = text.indexOf("\0") % 2 === 1 ? "LE" : "BE";
    throw new JsonSyntaxError(
      `This file is saved in the UTF-16 encoding${bom ? "" : " (without a byte order mark)"}; content files must be saved as UTF-8.`,
      { line: 1, column: 1 },
      `Save it again as UTF-8: in VS Code, click "UTF-16 ${order}" in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".`,
      "json-utf16",
    );
  }

  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  /** Offsets of the { and [ that are open where the reader is. */
  const open: number[] = [];
  const fail: (message: string, offset?: number, hint?: string, code?: JsonErrorCode) => never = (message, offset = i, hint, code = "json-syntax") => {
    // Whatever was expected, a file that ends while brackets are open was cut off.
    if (code === "json-syntax" && i >= text.length && open.length > 0) cutOff();
    throw new JsonSyntaxError(message, at(offset), hint, code);
  };
  /** The file ends while brackets are open; `text` is where the text the file ends in starts, if it ends in one. */
  const cutOff: (inText?: number) => never = (inText) => {
    const innermost = open.at(-1)!;
    const { line, column } = at(innermost);
    const end = at(text.length);
    const others = open.length - 1;
    const closers = open
      .map((o) => (text[o] === "{" ? "}" : "]"))
      .reverse()
      .join("");
    const ends = inText === undefined ? "" : `, inside the text that starts at line ${at(inText).line}, column ${at(inText).column}`;
    const closing = inText === undefined ? closers : `"${closers}`;
    throw new JsonSyntaxError(
      `The \`${text[innermost]}\` opened at line ${line}, column ${column} is never closed${others > 0 ? ` (nor ${others === 1 ? "the bracket" : `the ${others} brackets`} around it)` : ""}: the file ends at line ${end.line}, column ${end.column}${ends}.`,
      end,
      `The file looks cut off: restore its end (an earlier copy or version control has it), or close what is open by adding ${closing.length === 1 ? `\`${closing}\` at the end` : `${closing.split("").map((c) => `\`${c}\``).join(", ")} at the end, in that order`}.`,
      "json-cut-off",
    );
  };

  /** Where the line that holds `offset` ends (the offset of its \n or \r, or of the end of the file). */
  const lineEnd = (offset: number) => {
    let k = offset;
    while (k < text.length && text[k] !== "\n" && text[k] !== "\r") k++;
    return k;
  };
  /** The first " at or after `from` and before `to` that is not escaped, or -1. */
  const nextQuote = (from: number, to = text.length) => {
    for (let k = from; k < to; k++) {
      if (text[k] === "\\") k++;
      else if (text[k] === '"') return k;
    }
    return -1;
  };
  /** Whether a text (or field name) could end at the quote at `q`: what follows on its line is what may follow one. */
  const couldEnd = (q: number, role: "key" | "value") => {
    const rest = text.slice(q + 1, lineEnd(q + 1));
    return role === "key" ? /^[ \t]*:/.test(rest) : /^[ \t]*([,}\]]|$)/.test(rest);
  };
  const what = (role: "key" | "value") => (role === "key" ? "field name" : "text");

  /** A text or field name that starts with a curly quote at `k`. */
  const curlyOpening: (k: number, role: "key" | "value") => never = (k, role) => {
    const end = lineEnd(k);
    let close = -1;
    for (let j = k + 1; j < end; j++)
      if ((isCurly(text[j]) || text[j] === '"') && /^[ \t]*([,:}\]]|$)/.test(text.slice(j + 1, end))) {
        close = j;
        break;
      }
    const { line, column } = at(k);
    return fail(
      close >= 0 && text[close] !== '"'
        ? `Curly quotes are used around this ${what(role)}: ${text[k]} at line ${line}, column ${column} and ${text[close]} at column ${at(close).column}. JSON needs straight double quotes (").`
        : `This ${what(role)} starts with a curly quote, ${text[k]} (line ${line}, column ${column}). JSON needs a straight double quote (").`,
      k,
      CURLY_HINT,
      "json-curly-quotes",
    );
  };
  /** A text or field name opened with " that was meant to end at the curly quote at `k`. */
  const curlyClosing: (k: number, role: "key" | "value") => never = (k, role) => {
    const { line, column } = at(k);
    return fail(
      `This ${what(role)} ends with a curly quote, ${text[k]} (line ${line}, column ${column}). JSON needs a straight double quote (").`,
      k,
      CURLY_HINT,
      "json-curly-quotes",
    );
  };

  /** A text (or field name) that starts with the quote at `start` and runs into the line break at `i`. */
  const unterminated: (start: number, role: "key" | "value") => never = (start, role) => {
    // It goes on at the next line and ends there as a text ends: a line break inside a text.
    const close = nextQuote(i);
    if (close >= 0 && couldEnd(close, role)) {
      const from = at(start);
      const to = at(close);
      fail(
        `This ${what(role)} runs over a line break: it starts at line ${from.line} and goes on to line ${to.line}. A JSON text must be on one line.`,
        start,
        "Join the lines into one, or write \\n where the text should break (\\n\\n for a new paragraph).",
        "json-line-break-in-text",
      );
    }
    // It was meant to end at a curly quote: after it comes only what may follow a text.
    for (let k = i - 1; k > start; k--)
      if (isCurly(text[k]) && (role === "key" ? /^[ \t]*:/ : /^[ \t,}\]]*$/).test(text.slice(k + 1, i))) curlyClosing(k, role);
    // Nothing but spaces follows: the file was cut off inside the text.
    if (open.length > 0 && text.slice(i).trim() === "") cutOff(start);
    return fail('This text is missing its closing double quote (").', start, 'Add a " at the end of the text.');
  };

  /**
   * The quote at `q` has just ended the text (or field name) that starts at `start`, and a
   * word follows it on the same line, which cannot follow a text: explain why if we can.
   */
  const endedEarly = (start: number, q: number, role: "key" | "value") => {
    const after = /^[ \t]*/.exec(text.slice(q + 1))![0].length + q + 1;
    const c = text[after];
    if (c === undefined || /[\s,:{}[\]"/]/.test(c)) return;
    const inside = text.slice(start + 1, q);
    // "a": "x”, "b": … — the text was meant to end at the curly quote; this " opens the next field.
    const curly = /[\u201c\u201d\u2018\u2019][ \t]*[,:][ \t]*$/.exec(inside);
    if (curly) curlyClosing(start + 1 + curly.index, role);
    // ["x, "y"] — the text lacks its closing quote; this " opens the next item.
    if (/,[ \t]*$/.test(inside)) fail('This text is missing its closing double quote (").', start, 'Add a " at the end of the text.');
    // "The "best" plan" — a later " on the line ends the text as a text ends: the quote is inside it.
    const end = lineEnd(q);
    for (let k = nextQuote(q + 1, end); k >= 0; k = nextQuote(k + 1, end)) {
      if (!couldEnd(k, role)) continue;
      const word = /^[^\s"]+/.exec(text.slice(after))![0];
      const raw = text.slice(start + 1, k);
      const fixed = raw.replace(/(\\.)|"/g, (m, escaped: string | undefined) => escaped ?? '\\"');
      fail(
        `This ${what(role)} has a double quote (") inside it, before \`${word}\`, and JSON takes that quote for the end of the ${what(role)}.`,
        q,
        fixed.length <= 60
          ? `Write each quote inside a text as \\": "${fixed}". Or use curly quotes (“ ”) inside the text.`
          : 'Write each quote inside a text as \\". Or use curly quotes (“ ”) inside the text.',
        "json-unescaped-quote",
      );
    }
  };

  const skip = () => {
    for (;;) {
      const c = text[i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
      else if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*"))
        fail("JSON does not allow comments.", i, "Delete the comment, or move the note into a field such as \"description\".");
      else return;
    }
  };

  const parseString = (role: "key" | "value"): string => {
    const start = i;
    if (isCurly(text[i])) curlyOpening(i, role);
    if (text[i] === "'")
      fail("Text must be in double quotes (\"), not single quotes (').", i, "Replace the single quotes with double quotes.");
    i++; // opening quote
    let out = "";
    for (;;) {
      const c = text[i];
      if (c === undefined || c === "\n" || c === "\r") unterminated(start, role);
      if (c === '"') {
        endedEarly(start, i, role);
        i++;
        return out;
      }
      if (c === "\\") {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          fail(`\`\\${e ?? ""}\` is not a valid escape in JSON text.`, i, "Write a backslash as \\\\ and a quote as \\\".");
        }
        continue;
      }
      if (c.charCodeAt(0) < 0x20) fail("Text may not contain a tab or other control character; write \\t or \\n instead.", i);
      out += c;
      i++;
    }
  };

  /** Enter the { or [ at i. */
  const enter = () => {
    open.push(i);
    if (open.length > MAX_DEPTH)
      fail(
        `This \`${text[i]}\` opens level ${open.length} of brackets: a content file may nest { } and [ ] at most ${MAX_DEPTH} levels deep.`,
        i,
        "Content needs far fewer levels: look for brackets that were pasted or repeated by mistake.",
        "json-too-deep",
      );
    i++;
  };
  const leave = () => {
    open.pop();
    i++;
  };

  const parseValue = (pointer: string, key?: Position): unknown => {
    skip();
    const start = i;
    positions.set(pointer, key ? { value: at(start), key } : { value: at(start) });
    const c = text[i];
    if (c === "{") {
      enter();
      const obj: Record<string, unknown> = {};
      skip();
      if (text[i] === "}") {
        leave();
        return obj;
      }
      for (;;) {
        skip();
        const keyStart = i;
        if (text[i] === "}")
          fail("There is a comma after the last field.", lastComma, "Remove the comma before the `}`.");
        if (text[i] !== '"' && text[i] !== "'") {
          if (isCurly(text[i])) curlyOpening(i, "key");
          if (text[i] !== undefined && /[A-Za-z_$]/.test(text[i]!)) {
            const word = /^[A-Za-z_$][\w$-]*/.exec(text.slice(i))![0];
            fail(`Field names need double quotes: write "${word}" instead of ${word}.`, i);
          }
          fail(`Expected a field name in double quotes but found ${describe(text[i])}.`, i);
        }
        const name = parseString("key");
        if (Object.prototype.hasOwnProperty.call(obj, name))
          fail(`The field "${name}" appears twice in this object.`, keyStart, "Keep one of them and delete the other.");
        skip();
        if (text[i] !== ":") fail(`Expected a colon (:) after "${name}" but found ${describe(text[i])}.`, i);
        i++;
        const childPointer = `${pointer}/${escapePointerToken(name)}`;
        obj[name] = parseValue(childPointer, at(keyStart));
        skip();
        if (text[i] === ",") {
          lastComma = i;
          i++;
          continue;
        }
        if (text[i] === "}") {
          leave();
          return obj;
        }
        if (text[i] === '"')
          fail(`A comma is missing after the value of "${name}".`, i, "Put a comma (,) between two fields.");
        fail(`Expected a comma (,) or the end of the object (}) after "${name}" but found ${describe(text[i])}.`, i);
      }
    }
    if (c === "[") {
      enter();
      const arr: unknown[] = [];
      skip();
      if (text[i] === "]") {
        leave();
        return arr;
      }
      for (;;) {
        skip();
        if (text[i] === "]") fail("There is a comma after the last item of the list.", lastComma, "Remove the comma before the `]`.");
        arr.push(parseValue(`${pointer}/${arr.length}`));
        skip();
        if (text[i] === ",") {
          lastComma = i;
          i++;
          continue;
        }
        if (text[i] === "]") {
          leave();
          return arr;
        }
        if (text[i] === '"' || text[i] === "{" || text[i] === "[")
          fail("A comma is missing between two items of the list.", i, "Put a comma (,) between the items.");
        fail(`Expected a comma (,) or the end of the list (]) but found ${describe(text[i])}.`, i);
      }
    }
    if (c === '"' || c === "'" || isCurly(c)) return parseString("value");
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
      if (!m) fail(`${describe(c)} does not start a valid number.`, i);
      if (/^-?0\d/.test(text.slice(i))) fail("Numbers may not start with a zero (write 7, not 07); put codes such as phone numbers in double quotes.", i);
      i += m![0].length;
      return Number(m![0]);
    }
    for (const [word, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    if (c === undefined) fail("The file ends where a value was expected: a `}` or `]` may be missing.", i);
    if (c === "}" || c === "]") fail(`Expected a value but found ${describe(c)}.`, i);
    const word = /^[^\s,:{}[\]"]+/.exec(text.slice(i))?.[0] ?? c;
    return fail(
      `${word.length > 1 ? `\`${word}\`` : describe(c)} is not a JSON value.`,
      i,
      "Text needs double quotes; numbers, true, false and null do not.",
    );
  };

  let lastComma = 0;
  skip();
  if (i >= text.length) fail("The file is empty; it should hold one JSON object.", i);
  const value = parseValue("");
  skip();
  if (i < text.length) fail(`Unexpected ${describe(text[i])} after the end of the JSON value.`, i, "A comma may be missing, or there is extra text at the end.");
  return { value, positions };
}

/** The best known position for a pointer: the value itself, or its nearest parent. */
export function locate(positions: Map<string, Located>, pointer: string, preferKey = false): Position {
  let p = pointer;
  for (;;) {
    const found = positions.get(p);
    if (found) return preferKey && found.key ? found.key : found.value;
    if (p === "") return { line: 1, column: 1 };
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
