/**
 * The parser's shortcut for plain text (scripts/pipeline/stages/resolve/markdown.ts isPlainText):
 * for every text it takes, the result must be exactly what remark gives, in both modes. Checked
 * on every string of this repository's content and on texts made to look plain but not be.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { isPlainText, parseMarkdownUncached, parseWithRemark } from "../../scripts/pipeline/stages/resolve/markdown.ts";

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => strings(x, out));
  return out;
}

const content = (readdirSync(path.join(ROOT, "content"), { recursive: true }) as string[])
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => strings(JSON.parse(readFileSync(path.join(ROOT, "content", f), "utf8"))));

const tricky = [
  "1. First", "2) second", "10. Ten", "- item", "+ item", "= equals", "2024 was a year", "15+ buildings", "+50 residents",
  "A  double  space", "Tab\there", "Trailing ", " leading", "Line\nbreak", "nbsp\u00a0end\u00a0", "\u00a0start", "NUL\u0000char",
  "a & b", "AT&T", "x < y", "1 * 2", "snake_case", "[link]", "`code`", "!bang", "#tag", "~tilde~", "a|b", "back\\slash",
  "https://example.com/path?x=1", "www.example.com", "e-mail@example.com", "Émile’s café — “quoted” …", "日本語のテキスト", "emoji 😀 ok",
  "---", "***", "___", "    indented", "=== ", "Setext\n===", "", " ", "A", "-", "1.", "100% sure: yes; no.",
  "some *em* here", "some _em_ here", "&amp; x", "&copy; 2024", "a <b>x</b>", "a\\*b", "see [a](/b)", "an ![i](x.png)", "say `c`", "# Heading", "> quote",
];

describe("plain text in Markdown fields", () => {
  it("gives what the parser gives, for every text of the content and the tricky ones, in both modes", () => {
    let plain = 0;
    for (const text of [...content, ...tricky]) {
      if (isPlainText(text)) plain++;
      for (const mode of ["inline", "block"] as const) expect(parseMarkdownUncached(text, mode), `${mode}: ${JSON.stringify(text)}`).toEqual(parseWithRemark(text, mode));
    }
    // Most of the content's one-line texts take the shortcut: it is not dead code.
    expect(plain).toBeGreaterThan(content.length / 2);
  });

  it("gives what the parser gives for any text the shortcut takes (random texts)", () => {
    const alphabet = fc.constantFrom(..."aZ09 .,;:'\"?%$@/=+-–—’“”…{}^é\u00a0".split(""));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (text) => {
        if (!isPlainText(text)) return;
        for (const mode of ["inline", "block"] as const) expect(parseMarkdownUncached(text, mode)).toEqual(parseWithRemark(text, mode));
      }),
      { numRuns: 3000, seed: 22 },
    );
  });
});
