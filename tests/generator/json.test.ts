import { describe, expect, it } from "vitest";
import { JsonSyntaxError, locate, parseJson } from "../../scripts/lib/json.ts";

function syntaxError(text: string): { message: string; line: number; column: number; hint?: string } {
  try {
    parseJson(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { message: err.message, ...err.position, ...(err.hint ? { hint: err.hint } : {}) };
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
    ['{"a": 1', "Expected a comma (,) or the end of the object (}) after \"a\" but found the end of the file.", 1, 8],
    ["", "The file is empty; it should hold one JSON object.", 1, 1],
    ['{"a": 1}\n// note', "JSON does not allow comments.", 2, 1],
    ['{"a": 1}}', "Unexpected `}` after the end of the JSON value.", 1, 9],
    ['{"a": "x\\q"}', "`\\q` is not a valid escape in JSON text.", 1, 9],
    ['{"a": 01}', "Numbers may not start with a zero (write 7, not 07); put codes such as phone numbers in double quotes.", 1, 7],
  ])("explains %j", (text, message, line, column) => {
    expect(syntaxError(text)).toMatchObject({ message, line, column });
  });
});
