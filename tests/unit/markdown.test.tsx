import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { parseMarkdown } from "../../scripts/pipeline/stages/resolve/markdown.ts";
import { Inline, Markdown } from "../../templates/ui/Markdown.tsx";
import type { BlockMarkdown, InlineMarkdown } from "../../scripts/runtime/model.ts";
import { Ctx } from "../../scripts/runtime/context.ts";
import type { RenderContext } from "../../templates/context.ts";
import type { ReactNode } from "react";

const ctx = { site: { labels: { newTab: "(opens in a new tab)" } } } as unknown as RenderContext;
const withSite = (node: ReactNode) => <Ctx.Provider value={ctx}>{node}</Ctx.Provider>;

describe("parseMarkdown", () => {
  it("keeps inline text as phrasing nodes and collects links", () => {
    const r = parseMarkdown("Less **admin**, more [community](/customers).", "inline");
    expect(r.problems).toEqual([]);
    expect(r.links).toEqual(["/customers"]);
    expect(r.value).toEqual({
      markdown: "inline",
      children: [
        { type: "text", value: "Less " },
        { type: "strong", children: [{ type: "text", value: "admin" }] },
        { type: "text", value: ", more " },
        { type: "link", url: "/customers", children: [{ type: "text", value: "community" }] },
        { type: "text", value: "." },
      ],
    });
  });

  it("rejects several paragraphs in an inline field", () => {
    const r = parseMarkdown("One.\n\nTwo.", "inline");
    expect(r.problems.map((p) => p.message)).toEqual([
      "This field takes a single line of text; headings, lists and several paragraphs are not allowed here.",
    ]);
  });

  it("never lets raw HTML through", () => {
    const r = parseMarkdown('Hello <script>alert(1)</script> world\n\n<div onclick="x">hi</div>', "block");
    expect(r.problems.map((p) => [p.message, p.line])).toEqual([
      ['HTML is not allowed in text fields (found "<script>").', 1],
      ['HTML is not allowed in text fields (found "</script>").', 1],
      ['HTML is not allowed in text fields (found "<div onclick=\\"x\\">hi</div>").', 3],
    ]);
    expect(JSON.stringify(r.value)).not.toContain("<");
  });

  it("rejects images and reference links", () => {
    expect(parseMarkdown("![a](/x.png)", "block").problems[0]?.message).toBe("Images cannot be placed inside text.");
    expect(parseMarkdown("[a][b]\n\n[b]: /x", "block").problems[0]?.message).toBe("Reference-style links ([text][ref]) are not supported.");
  });
});

describe("Markdown renderer", () => {
  const block = (text: string) => parseMarkdown(text, "block").value as BlockMarkdown;
  const inline = (text: string) => parseMarkdown(text, "inline").value as InlineMarkdown;

  it("renders paragraphs, lists and emphasis", () => {
    expect(renderToStaticMarkup(<Markdown md={block("A *b*.\n\n- one\n- two\n\n1. x")} />)).toBe(
      '<div class="prose"><p>A <em>b</em>.</p><ul><li>one</li><li>two</li></ul><ol><li>x</li></ol></div>',
    );
  });

  it("opens external links in a new tab, safely", () => {
    expect(renderToStaticMarkup(withSite(<Inline md={inline("[Help](https://help.example.com) and [prices](/pricing)")} />))).toBe(
      '<a href="https://help.example.com" target="_blank" rel="noopener noreferrer">Help<span class="sr-only"> (opens in a new tab)</span></a> and <a href="/pricing">prices</a>',
    );
  });

  it("demotes content headings below the section heading", () => {
    expect(renderToStaticMarkup(<Markdown md={block("# Big")} className="x" />)).toBe('<div class="x"><h3>Big</h3></div>');
  });
});
