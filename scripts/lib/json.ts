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

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    public readonly position: Position,
    public readonly hint?: string,
  ) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

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

  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail: (message: string, offset?: number, hint?: string) => never = (message, offset = i, hint) => {
    throw new JsonSyntaxError(message, at(offset), hint);
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

  const parseString = (): string => {
    const start = i;
    if (text[i] === "'")
      fail("Text must be in double quotes (\"), not single quotes (').", i, "Replace the single quotes with double quotes.");
    i++; // opening quote
    let out = "";
    for (;;) {
      const c = text[i];
      if (c === undefined || c === "\n" || c === "\r")
        fail("This text is missing its closing double quote (\").", start, "Add a \" at the end of the text.");
      if (c === '"') {
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

  const parseValue = (pointer: string, key?: Position): unknown => {
    skip();
    const start = i;
    positions.set(pointer, key ? { value: at(start), key } : { value: at(start) });
    const c = text[i];
    if (c === "{") {
      i++;
      const obj: Record<string, unknown> = {};
      skip();
      if (text[i] === "}") {
        i++;
        return obj;
      }
      for (;;) {
        skip();
        const keyStart = i;
        if (text[i] === "}")
          fail("There is a comma after the last field.", lastComma, "Remove the comma before the `}`.");
        if (text[i] !== '"' && text[i] !== "'") {
          if (text[i] !== undefined && /[A-Za-z_$]/.test(text[i]!)) {
            const word = /^[A-Za-z_$][\w$-]*/.exec(text.slice(i))![0];
            fail(`Field names need double quotes: write "${word}" instead of ${word}.`, i);
          }
          fail(`Expected a field name in double quotes but found ${describe(text[i])}.`, i);
        }
        const name = parseString();
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
          i++;
          return obj;
        }
        if (text[i] === '"')
          fail(`A comma is missing after the value of "${name}".`, i, "Put a comma (,) between two fields.");
        fail(`Expected a comma (,) or the end of the object (}) after "${name}" but found ${describe(text[i])}.`, i);
      }
    }
    if (c === "[") {
      i++;
      const arr: unknown[] = [];
      skip();
      if (text[i] === "]") {
        i++;
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
          i++;
          return arr;
        }
        if (text[i] === '"' || text[i] === "{" || text[i] === "[")
          fail("A comma is missing between two items of the list.", i, "Put a comma (,) between the items.");
        fail(`Expected a comma (,) or the end of the list (]) but found ${describe(text[i])}.`, i);
      }
    }
    if (c === '"' || c === "'") return parseString();
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
    fail(
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
