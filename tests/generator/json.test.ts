import { describe, expect, it } from "vitest";
import { JsonSyntaxError, locate, MAX_DEPTH, parseJson } from "../../scripts/lib/json.ts";

function syntaxError(text: string): { code: string; message: string; line: number; column: number; hint?: string } {
  try {
    parseJson(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { code: err.code, message: err.message, ...err.position, ...(err.hint ? { hint: err.hint } : {}) };
    throw err;
  }
  throw new Error("expected a syntax error");
}

describe("parseJson", () => {
  it("parses the same values as JSON.parse", () => {
    const text = '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"], "b": {"c/d": {}}, "e": []}';
    expect(parseJson(text).value).toEqual(JSON.parse(text));
  });

  it("records where every value and key starts", () => {
    const text = '{\n  "title": "Hi",\n  "list": [\n    {"x": 1}\n  ],\n  "a/b": 2\n}';
    const { positions } = parseJson(text);
    expect(positions.get("/title")).toEqual({ value: { line: 2, column: 12 }, key: { line: 2, column: 3 } });
    expect(positions.get("/list/0/x")?.value).toEqual({ line: 4, column: 11 });
    expect(positions.get("/a~1b")?.value).toEqual({ line: 6, column: 10 });
    expect(locate(positions, "/list/0/missing")).toEqual({ line: 4, column: 5 });
    expect(locate(positions, "/title", true)).toEqual({ line: 2, column: 3 });
  });

  it("skips a byte order mark", () => {
    expect(parseJson('\ufeff{"a": 1}').value).toEqual({ a: 1 });
  });

  it.each([
    ['{\n  "a": 1,\n}', "There is a comma after the last field.", 2, 9],
    ['[1, 2,]', "There is a comma after the last item of the list.", 1, 6],
    ['{\n  "a": "unterminated\n}', 'This text is missing its closing double quote (").', 2, 8],
    ["{'a': 1}", "Text must be in double quotes (\"), not single quotes (').", 1, 2],
    ['{\n  title: "x"\n}', 'Field names need double quotes: write "title" instead of title.', 2, 3],
    ['{"a": 1 "b": 2}', 'A comma is missing after the value of "a".', 1, 9],
    ['["a" "b"]', "A comma is missing between two items of the list.", 1, 6],
    ['{"a": 1, "a": 2}', 'The field "a" appears twice in this object.', 1, 10],
    ['{"a": yes}', "`yes` is not a JSON value.", 1, 7],
    ['{"a": 1 ]', "Expected a comma (,) or the end of the object (}) after \"a\" but found `]`.", 1, 9],
    ['{"a": }', "Expected a value but found `}`.", 1, 7],
    ['["x, "y"]', 'This text is missing its closing double quote (").', 1, 2],
    ["", "The file is empty; it should hold one JSON object.", 1, 1],
    ['{"a": 1}\n// note', "JSON does not allow comments.", 2, 1],
    ['{"a": 1}}', "Unexpected `}` after the end of the JSON value.", 1, 9],
    ['{"a": "x\\q"}', "`\\q` is not a valid escape in JSON text.", 1, 9],
    ['{"a": 01}', "Numbers may not start with a zero (write 7, not 07); put codes such as phone numbers in double quotes.", 1, 7],
  ])("explains %j", (text, message, line, column) => {
    expect(syntaxError(text)).toMatchObject({ code: "json-syntax", message, line, column });
  });
});

const CURLY_HINT =
  'Type a straight " instead. Curly quotes are fine inside a text, not around it; word processors make quotes curly as you type, so edit content files in a code editor such as VS Code.';

describe("slips with a code of their own", () => {
  it.each([
    [
      "a text in curly quotes",
      '{\n  "title": “Pricing”,\n  "a": 1\n}',
      2,
      12,
      'Curly quotes are used around this text: “ at line 2, column 12 and ” at column 20. JSON needs straight double quotes (").',
    ],
    [
      "a text in curly quotes with an apostrophe inside",
      '{"title": “It’s here”}',
      1,
      11,
      'Curly quotes are used around this text: “ at line 1, column 11 and ” at column 21. JSON needs straight double quotes (").',
    ],
    [
      "a field name in curly quotes",
      '{\n  “title”: "Pricing"\n}',
      2,
      3,
      'Curly quotes are used around this field name: “ at line 2, column 3 and ” at column 9. JSON needs straight double quotes (").',
    ],
    ["a text in single curly quotes", "{\"a\": ‘x’}", 1, 7, 'Curly quotes are used around this text: ‘ at line 1, column 7 and ’ at column 9. JSON needs straight double quotes (").'],
    ["a text that only starts with a curly quote", '{"a": “x"}', 1, 7, 'This text starts with a curly quote, “ (line 1, column 7). JSON needs a straight double quote (").'],
    ["a text that ends with a curly quote, at the end of its line", '{\n  "title": "Pricing”,\n  "a": 1\n}', 2, 20, 'This text ends with a curly quote, ” (line 2, column 20). JSON needs a straight double quote (").'],
    ["a text that ends with a curly quote, with another field after it", '{"a": "x”, "b": "y"}', 1, 9, 'This text ends with a curly quote, ” (line 1, column 9). JSON needs a straight double quote (").'],
    ["a field name that ends with a curly quote", '{\n  "title”: "x"\n}', 2, 9, 'This field name ends with a curly quote, ” (line 2, column 9). JSON needs a straight double quote (").'],
  ])("json-curly-quotes: %s", (_, text, line, column, message) => {
    expect(syntaxError(text)).toEqual({ code: "json-curly-quotes", message, line, column, hint: CURLY_HINT });
  });

  it("accepts curly quotes inside a text", () => {
    expect(parseJson('{"quote": "He said “hello”, and it’s ‘fine’."}').value).toEqual({ quote: "He said “hello”, and it’s ‘fine’." });
  });

  it("json-line-break-in-text: a text that goes on at the next line, at its opening quote", () => {
    expect(syntaxError('{\n  "body": "First line\nsecond line",\n  "x": 1\n}')).toEqual({
      code: "json-line-break-in-text",
      message: "This text runs over a line break: it starts at line 2 and goes on to line 3. A JSON text must be on one line.",
      hint: "Join the lines into one, or write \\n where the text should break (\\n\\n for a new paragraph).",
      line: 2,
      column: 11,
    });
    // Over several lines, with Windows line ends, and the last item of a list.
    expect(syntaxError('[\r\n  "one\r\ntwo\r\nthree"\r\n]')).toMatchObject({ code: "json-line-break-in-text", line: 2, column: 3 });
    expect(syntaxError('{"a": "x\ny"}').message).toContain("starts at line 1 and goes on to line 2");
  });

  it("json-line-break-in-text: not when the next line starts another field (the closing quote is missing)", () => {
    expect(syntaxError('{\n  "title": "Broken page,\n  "description": "A page"\n}')).toMatchObject({
      code: "json-syntax",
      message: 'This text is missing its closing double quote (").',
      line: 2,
      column: 12,
    });
  });

  it("json-unescaped-quote: a straight quote inside a text, at that quote", () => {
    expect(syntaxError('{\n  "title": "The "best" plan",\n  "x": 1\n}')).toEqual({
      code: "json-unescaped-quote",
      message: 'This text has a double quote (") inside it, before `best`, and JSON takes that quote for the end of the text.',
      hint: 'Write each quote inside a text as \\": "The \\"best\\" plan". Or use curly quotes (“ ”) inside the text.',
      line: 2,
      column: 17,
    });
    expect(syntaxError('["a 27" screen"]')).toMatchObject({ code: "json-unescaped-quote", line: 1, column: 7, message: expect.stringContaining("before `screen`") });
    expect(syntaxError('{"x": "He said “hi”, then "bye"!"}')).toMatchObject({ code: "json-unescaped-quote", line: 1, column: 27 });
    // An escaped quote is kept as it is in the suggestion.
    expect(syntaxError('{"x": "a \\"b\\" and "c""}').hint).toBe('Write each quote inside a text as \\": "a \\"b\\" and \\"c\\"". Or use curly quotes (“ ”) inside the text.');
  });

  it("json-unescaped-quote: not without a sensible end later on the line", () => {
    expect(syntaxError('{"a": "x"y, "b": 1}')).toMatchObject({ code: "json-syntax", line: 1, column: 10 });
  });

  it.each([
    ["UTF-16 LE with a byte order mark", Buffer.from('\ufeff{"a": 1}', "utf16le"), "This file is saved in the UTF-16 encoding; content files must be saved as UTF-8.", "LE"],
    ["UTF-16 LE without one", Buffer.from('{"a": 1}', "utf16le"), "This file is saved in the UTF-16 encoding (without a byte order mark); content files must be saved as UTF-8.", "LE"],
    ["UTF-16 BE with a byte order mark", Buffer.from('\ufeff{"a": 1}', "utf16le").swap16(), "This file is saved in the UTF-16 encoding; content files must be saved as UTF-8.", "BE"],
    ["UTF-16 BE without one", Buffer.from('\n{"a": 1}', "utf16le").swap16(), "This file is saved in the UTF-16 encoding (without a byte order mark); content files must be saved as UTF-8.", "BE"],
  ])("json-utf16: %s, read as UTF-8", (_, bytes, message, order) => {
    expect(syntaxError(bytes.toString("utf8"))).toEqual({
      code: "json-utf16",
      message,
      hint: `Save it again as UTF-8: in VS Code, click "UTF-16 ${order}" in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".`,
      line: 1,
      column: 1,
    });
  });

  it("json-cut-off: names the bracket never closed and where the file ends, at the end", () => {
    expect(syntaxError('{\n  "a": {\n    "b": [1, 2')).toEqual({
      code: "json-cut-off",
      message: "The `[` opened at line 3, column 10 is never closed (nor the 2 brackets around it): the file ends at line 3, column 15.",
      hint: "The file looks cut off: restore its end (an earlier copy or version control has it), or close what is open by adding `]`, `}`, `}` at the end, in that order.",
      line: 3,
      column: 15,
    });
    expect(syntaxError('{"a": {"b": 1}\n')).toEqual({
      code: "json-cut-off",
      message: "The `{` opened at line 1, column 1 is never closed: the file ends at line 2, column 1.",
      hint: "The file looks cut off: restore its end (an earlier copy or version control has it), or close what is open by adding `}` at the end.",
      line: 2,
      column: 1,
    });
    expect(syntaxError('{"a": "abc')).toMatchObject({
      code: "json-cut-off",
      message: "The `{` opened at line 1, column 1 is never closed: the file ends at line 1, column 11, inside the text that starts at line 1, column 7.",
      hint: expect.stringContaining('adding `"`, `}` at the end, in that order'),
    });
    expect(syntaxError('{ "title": ')).toMatchObject({ code: "json-cut-off", line: 1, column: 12 });
    expect(syntaxError('[1, {"a": ')).toMatchObject({ code: "json-cut-off", message: expect.stringContaining("The `{` opened at line 1, column 5 is never closed (nor the bracket around it)") });
  });

  it(`json-too-deep: refuses more than ${MAX_DEPTH} levels, at the first bracket too many`, () => {
    expect(MAX_DEPTH).toBe(64);
    const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(parseJson(nested(MAX_DEPTH)).value).toBeInstanceOf(Array);
    const deep = { code: "json-too-deep", line: 1, column: MAX_DEPTH + 1 };
    expect(syntaxError(nested(MAX_DEPTH + 1))).toEqual({
      ...deep,
      message: "This `[` opens level 65 of brackets: a content file may nest { } and [ ] at most 64 levels deep.",
      hint: "Content needs far fewer levels: look for brackets that were pasted or repeated by mistake.",
    });
    // Deep enough to overflow the call stack of a recursive reader: a message, not a RangeError.
    expect(syntaxError(nested(3000))).toMatchObject(deep);
    expect(syntaxError('{"a":'.repeat(100_000))).toMatchObject({ code: "json-too-deep", line: 1, column: 5 * MAX_DEPTH + 1 });
  });
});
