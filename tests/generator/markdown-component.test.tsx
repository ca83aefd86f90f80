/** The public API's <Markdown> (scripts/runtime/Markdown.tsx): the build's Markdown tree as plain HTML. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { headingId, Markdown, plainText, type BlockMarkdown, type MdNode } from "../../scripts/api.ts";

const text = (value: string): MdNode => ({ type: "text", value });

describe("<Markdown>", () => {
  it("draws every kind of node with plain elements, headings with ids from their words", () => {
    const value: BlockMarkdown = {
      markdown: "block",
      children: [
        { type: "heading", depth: 2, children: [text("Opening "), { type: "emphasis", children: [text("hours")] }] },
        { type: "paragraph", children: [text("Fresh "), { type: "strong", children: [text("bread")] }, { type: "break" }, { type: "link", url: "/menu", title: "The menu", children: [text("see the menu")] }, text(" "), { type: "inlineCode", value: "a<b" }] },
        { type: "list", ordered: true, start: 3, children: [{ type: "listItem", children: [{ type: "paragraph", children: [text("Rye")] }] }] },
        { type: "list", ordered: false, children: [{ type: "listItem", children: [text("Sourdough")] }] },
        { type: "blockquote", children: [{ type: "paragraph", children: [text("Best in town")] }] },
        { type: "code", value: "<b>not bold</b>" },
        { type: "thematicBreak" },
      ],
    };
    expect(renderToStaticMarkup(<Markdown value={value} />)).toBe(
      '<h2 id="opening-hours">Opening <em>hours</em></h2>' +
        '<p>Fresh <strong>bread</strong><br/><a href="/menu" title="The menu">see the menu</a> <code>a&lt;b</code></p>' +
        '<ol start="3"><li><p>Rye</p></li></ol><ul><li>Sourdough</li></ul><blockquote><p>Best in town</p></blockquote>' +
        "<pre><code>&lt;b&gt;not bold&lt;/b&gt;</code></pre><hr/>",
    );
  });

  it("takes inline Markdown, a list of nodes, or nothing", () => {
    expect(renderToStaticMarkup(<Markdown value={{ markdown: "inline", children: [text("a "), { type: "strong", children: [text("b")] }] }} />)).toBe("a <strong>b</strong>");
    expect(renderToStaticMarkup(<Markdown value={[text("plain")]} />)).toBe("plain");
    expect(renderToStaticMarkup(<Markdown value={undefined} />)).toBe("");
  });

  it("names headings by their words only", () => {
    expect(headingId("Crème brûlée, 2 ways!")).toBe("creme-brulee-2-ways");
    expect(plainText([text("a "), { type: "link", url: "/", children: [text("b")] }])).toBe("a b");
  });
});
