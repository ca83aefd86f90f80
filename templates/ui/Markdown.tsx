/**
 * Renders a Markdown tree (made by the build from a Markdown field) as React
 * elements. Only the nodes of scripts/runtime/model.ts exist; raw HTML never got this
 * far, and links were checked by the build.
 */
import { Fragment, type ReactNode } from "react";
import type { BlockMarkdown, InlineMarkdown, MdNode } from "json-site/api";
import { useRender } from "../context.ts";
import { keepCompounds } from "./compounds.tsx";
import { isExternal, NEW_TAB } from "./links.ts";

function NewTabNote() {
  return <span className="sr-only"> {useRender().site.labels.newTab}</span>;
}

/** The plain text of Markdown nodes (a heading's words, for its anchor). */
export function plainText(nodes: MdNode[]): string {
  return nodes.map((n) => ("value" in n ? n.value : "children" in n ? plainText(n.children) : "")).join("");
}

/** A heading's anchor name: "Set up your building" -> "set-up-your-building". */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Headings: inside a section, whose own heading is an h2, Markdown headings start at
 * h3; in an article (a guide, whose title is the h1) ## is an h2 and every heading
 * gets an id from its text, for the table of contents.
 */
type Headings = "section" | "article";

function render(nodes: MdNode[], headings: Headings = "section"): ReactNode[] {
  const r = (children: MdNode[]) => render(children, headings);
  return nodes.map((n, i) => {
    switch (n.type) {
      case "text":
        return <Fragment key={i}>{keepCompounds(n.value)}</Fragment>;
      case "inlineCode":
        return <code key={i}>{n.value}</code>;
      case "break":
        return <br key={i} />;
      case "strong":
        return <strong key={i}>{r(n.children)}</strong>;
      case "emphasis":
        return <em key={i}>{r(n.children)}</em>;
      case "link":
        return (
          <a key={i} href={n.url} title={n.title} {...(isExternal(n.url) ? NEW_TAB : {})}>
            {r(n.children)}
            {isExternal(n.url) ? <NewTabNote /> : null}
          </a>
        );
      case "paragraph":
        return <p key={i}>{r(n.children)}</p>;
      case "heading": {
        if (headings === "article") {
          const Tag = `h${Math.min(6, Math.max(2, n.depth))}` as "h2";
          return (
            <Tag key={i} id={slug(plainText(n.children))}>
              {r(n.children)}
            </Tag>
          );
        }
        const Tag = `h${Math.min(6, Math.max(3, n.depth + 1))}` as "h3";
        return <Tag key={i}>{r(n.children)}</Tag>;
      }
      case "list":
        return n.ordered ? (
          <ol key={i} start={n.start}>
            {r(n.children)}
          </ol>
        ) : (
          <ul key={i}>{r(n.children)}</ul>
        );
      case "listItem":
        // A tight list item holds one paragraph: render its text without the <p>.
        return <li key={i}>{n.children.length === 1 && n.children[0]!.type === "paragraph" ? r(n.children[0]!.children) : r(n.children)}</li>;
      case "blockquote":
        return <blockquote key={i}>{r(n.children)}</blockquote>;
      case "code":
        return (
          <pre key={i}>
            <code>{n.value}</code>
          </pre>
        );
      case "thematicBreak":
        return <hr key={i} />;
    }
  });
}

/** Inline Markdown: phrasing content only, to put inside a heading or paragraph of the template. */
export function Inline({ md }: { md: InlineMarkdown }) {
  return <>{render(md.children)}</>;
}

/** Block Markdown: paragraphs and lists, inside a wrapper that styles them. */
export function Markdown({ md, className, headings }: { md: BlockMarkdown; className?: string; headings?: Headings }) {
  return <div className={className ?? "prose"}>{render(md.children, headings)}</div>;
}
