/**
 * The Markdown parser's fast path (scripts/pipeline/stages/resolve/markdown-fast.ts): whenever it
 * gives a result, that result must be exactly remark's (markdown.ts parseWithRemark), in both
 * modes: on every text of this repository's content and its guides, on texts made to reach
 * each construct and each reason to leave a text to remark, and on random Markdown built
 * from the pieces CommonMark gives meaning to. It must also take the site's own texts (it is
 * what makes large builds fast), and leave to remark every text that has a problem to report.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { frontMatterBody } from "../../scripts/lib/front-matter.ts";
import { parseMarkdownUncached, parseWithRemark } from "../../scripts/pipeline/stages/resolve/markdown.ts";
import { parseFast } from "../../scripts/pipeline/stages/resolve/markdown-fast.ts";

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => strings(x, out));
  return out;
}

const contentDir = path.join(ROOT, "content");
const files = readdirSync(contentDir, { recursive: true }) as string[];
const jsonTexts = files.filter((f) => f.endsWith(".json")).flatMap((f) => strings(JSON.parse(readFileSync(path.join(contentDir, f), "utf8"))));
const guideBodies = files.filter((f) => f.endsWith(".md")).map((f) => frontMatterBody(readFileSync(path.join(contentDir, f), "utf8")));

/** Texts that reach each construct, each way of writing it, and each reason to leave a text to remark. */
const constructs = [
  "# One", "## Two\n\n### Three", "## Two\n\n#### Four", "Setext\n===", "Setext two\nlines\n---", "## Closed ##", "#NoSpace",
  "- a\n- b", "- a\n\n- b", "* a\n* b\n\n1. c\n2. d", "3. three\n4. four", "0. zero", "1) paren", "- a\n  - nested\n    - deeper", "- [link](/x)\n- `code`",
  "> quote\n> more", "> quote\nlazy line", "> - list in quote\n> - second", "```\ncode\n```", "```js\nlet a = 1;\n\n```", "    indented\n    code\n\n", "~~~\nunclosed",
  "***", "---", "___", "a\n***\nb", "*em* _em_ **strong** __strong__ ***both***", "a * b * c", "snake_case_word", "**unclosed", "*a **b** c*",
  "`code`", "``code with ` tick``", "` padded `", "`multi\nline` then [link](/x)", "a  \nhard break", "a\\\nbackslash break", "a \nsoft", "line\n   indented next",
  "[link](/path)", "[link](/path \"title\")", "[link](/path 'title')", "[t](</with space>)", "[t](/caf\u00e9)", "[t](/a%20b)", "[t](/a?b=1&c=2#frag)", "[t](mailto:a@b.c)",
  "<https://example.com>", "<a@b.co>", "[**bold** link](/x)", "[a](/x) and [b](/y)\nnext [c](/z)", "[a](/x \"multi\nline title\")\n[b](/y)", "[broken", "[a]", "[a][b]",
  "[a]: /ref\n\n[a]", "[a][]\n\n[a]: /x", "![img](/x.png)", "<b>html</b>", "<div>\nblock\n</div>", "<!-- comment -->", "a <span>x</span> b",
  "&amp; &copy; &#169; &#xA9; &nbsp;", "&bogus;", "\\*not em\\*", "\\[not link\\]", "a\r\nb", "tab\there", "\tindented by tab", "\u0000nul",
  "", " ", "\n\n", "plain", "Émile’s café — “quoted” …", "日本語", "😀", "15+ buildings", "+50 residents", "40+ hours saved per month",
  "Para one.\n\nPara two with [a link](/features/kore).\n\n- item [l](/a)\n  continued [m](/b)\n\n> quoted [q](/c)",
];

/** Random lines: up to three block markers, then up to eight inline pieces, chosen to collide. */
const marker = fc.constantFrom("# ", "## ", "### ", "#### ", "- ", "* ", "+ ", "1. ", "2) ", "10. ", "> ", "> - ", "- > ", "    ", "   ", "  ", " ", "", "", "", "```", "~~~", "---", "***", "===", "<div>", "[x]: /ref");
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("word", "two words", "Building OS", "15+", "a", ".", ",", " ", "  ", "\t", "\u00a0", "é", "—", "😀", "x") },
  { weight: 5, arbitrary: fc.constantFrom("*", "**", "_", "__", "`", "``", "\\", "\\*", "[", "]", "(", ")", "!", "<", ">", "&", "&amp;", "&copy;", "&#42;", "#", "~", "|", "\"", "'", "%", "=", "-", "+", "1.", ":", "/", "@") },
  { weight: 3, arbitrary: fc.constantFrom("[a](/x)", "[b c](/guides/start \"Title\")", "[d](<x y>)", "[e](/caf\u00e9)", "<https://e.com/p>", "<m@e.co>", "![i](/p.png)", "`code`", "*em*", "**strong**", "<b>", "[r][x]", "[x]", "[t](/x 't')", "[t](/x (t))", "[t](  /x  )", "[t](/a\\)b)", "[t](/a&amp;b)", "[t](/a%20)", "[`c`](/x)", "[*e*](/y)", "[a](/x)[b](/y)", "[](/x)") },
);
const chaotic = fc
  .array(fc.tuple(fc.array(marker, { maxLength: 3 }), fc.array(piece, { maxLength: 8 })).map(([m, p]) => m.join("") + p.join("")), { maxLength: 8 })
  .map((lines) => lines.join("\n"));

/** Random documents shaped like the site's: paragraphs, headings, lists (nested too), quotes, fences, breaks. */
const word = fc.constantFrom("word", "Building", "OS", "15+", "a", "the", "é", "—", "“q”", "x.", "y,", "(z)", "1.", "2)", "#1", "$5", "50%", "a/b", "it's", "&amp;", "&lt;", "\\*", "-", "+", "<", ">", "!");
const inline = fc.oneof(
  { weight: 8, arbitrary: word },
  { weight: 2, arbitrary: word.map((w) => `*${w}*`) },
  { weight: 2, arbitrary: word.map((w) => `**${w}**`) },
  { weight: 1, arbitrary: word.map((w) => `_${w}_`) },
  { weight: 2, arbitrary: word.map((w) => `\`${w}\``) },
  { weight: 2, arbitrary: fc.tuple(word, fc.constantFrom("/a", "/b/c", "/d#e", "https://e.com/x?y=1", "mailto:m@e.co", "/p (t)", "<x y>", "/q \"T\"", "")).map(([w, u]) => `[${w}](${u})`) },
  { weight: 1, arbitrary: fc.constantFrom("  \n", "\\\n", "\n", " \n ") },
);
const paragraph = fc.array(inline, { minLength: 1, maxLength: 12 }).map((p) => p.join(" "));
const block = fc.oneof(
  { weight: 5, arbitrary: paragraph },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("## ", "### ", "#### ", "# "), paragraph).map(([h, p]) => h + p.replace(/\n/g, " ")) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom("- ", "* ", "1. ", "3. ", "1) "), fc.array(paragraph, { minLength: 1, maxLength: 4 }), fc.constantFrom("", "\n"))
      .map(([m, items, gap]) => items.map((item, k) => (m === "3. " ? `${3 + k}. ` : m) + item.replace(/\n/g, "\n   ")).join("\n" + gap)),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("- ", "1. "), paragraph, fc.constantFrom("  - ", "   1. ", "  > ", "    ")).map(([m, p, n]) => `${m}${p}\n${n}${p}`) },
  { weight: 1, arbitrary: paragraph.map((p) => "> " + p.replace(/\n/g, "\n> ")) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("```", "~~~", "````"), paragraph).map(([f, p]) => `${f}\n${p}\n${f}`) },
  { weight: 1, arbitrary: fc.constantFrom("---", "***", "* * *", "Title\n===", "Sub\n---") },
);
const shaped = fc.tuple(fc.array(block, { maxLength: 6 }), fc.constantFrom("\n\n", "\n", "\n\n\n")).map(([b, gap]) => b.join(gap));

let taken = 0;
const agree = (text: string) => {
  for (const mode of ["inline", "block"] as const) {
    const fast = parseFast(text, mode);
    if (fast) taken++;
    if (fast) expect(fast, `${mode}: ${JSON.stringify(text)}`).toEqual(parseWithRemark(text, mode));
    expect(parseMarkdownUncached(text, mode), `${mode}: ${JSON.stringify(text)}`).toEqual(parseWithRemark(text, mode));
  }
};

describe("the Markdown parser's fast path", () => {
  it("gives remark's result for every text of the content and every guide", () => {
    for (const text of [...jsonTexts, ...guideBodies]) agree(text);
  });

  it("gives remark's result for texts that reach each construct", () => {
    for (const text of constructs) agree(text);
  });

  it("gives remark's result for random Markdown, and takes many of the texts shaped like the site's", () => {
    fc.assert(fc.property(chaotic, agree), { numRuns: 1000, seed: 31 });
    taken = 0;
    fc.assert(fc.property(shaped, agree), { numRuns: 1000, seed: 31 });
    // Each run parses both modes; most shaped texts are several blocks (never taken as one line).
    expect(taken).toBeGreaterThan(250);
    // 4,000 parses: about 15 s alone, more on a machine busy with other work; a time limit is no part of what this checks.
  }, 300_000);

  it("takes the site's guides and multi-line texts (the speed of large builds depends on it)", () => {
    const multiLine = [...jsonTexts.filter((t) => /[\n*_`[\]#]/.test(t)), ...guideBodies];
    const taken = multiLine.filter((t) => parseFast(t, "block") !== undefined);
    expect(guideBodies.every((t) => parseFast(t, "block") !== undefined)).toBe(true);
    expect(taken.length).toBeGreaterThan(multiLine.length * 0.9);
  });

  it("leaves to remark every text with a problem to report, and a link's line is the line it is on", () => {
    for (const text of ["<b>html</b>", "![i](/p.png)", "[a]: /ref\n\n[a]", "## Two\n\n#### Four", "[t](/caf\u00e9)", "a\r\nb"]) expect(parseFast(text, "block"), JSON.stringify(text)).toBeUndefined();
    expect(parseFast("# Block", "inline")).toBeUndefined();
    const result = parseFast("First line\nsecond [a](/a)\n\n- item\n- item [b](/b)\n\n> q\n> [c](/c)", "block")!;
    expect(result.links).toEqual(["/a", "/b", "/c"]);
    expect(result.linkLines).toEqual([2, 5, 8]);
  });
});
