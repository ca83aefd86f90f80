/**
 * Renders a Markdown tree (made by the build from a Markdown field) as React
 * elements. Only the nodes of templates/model.ts exist; raw HTML never got this
 * far, and links were checked by the build.
 */
import type { ReactNode } from "react";
import type { BlockMarkdown, InlineMarkdown, MdNode } from "../model.ts";
import { useRender } from "../context.ts";
import { isExternal, NEW_TAB } from "./links.ts";

function NewTabNote() {
  return <span className="sr-only"> {useRender().site.labels.newTab}</span>;
}

function render(nodes: MdNode[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case "text":
        return n.value;
      case "inlineCode":
        return <code key={i}>{n.value}</code>;
      case "break":
        return <br key={i} />;
      case "strong":
        return <strong key={i}>{render(n.children)}</strong>;
      case "emphasis":
        return <em key={i}>{render(n.children)}</em>;
      case "link":
        return (
          <a key={i} href={n.url} title={n.title} {...(isExternal(n.url) ? NEW_TAB : {})}>
            {render(n.children)}
            {isExternal(n.url) ? <NewTabNote /> : null}
          </a>
        );
      case "paragraph":
        return <p key={i}>{render(n.children)}</p>;
      case "heading": {
        // Content headings sit inside a section whose own heading is an h2.
        const Tag = `h${Math.min(6, Math.max(3, n.depth + 1))}` as "h3";
        return <Tag key={i}>{render(n.children)}</Tag>;
      }
      case "list":
        return n.ordered ? (
          <ol key={i} start={n.start}>
            {render(n.children)}
          </ol>
        ) : (
          <ul key={i}>{render(n.children)}</ul>
        );
      case "listItem":
        // A tight list item holds one paragraph: render its text without the <p>.
        return <li key={i}>{n.children.length === 1 && n.children[0]!.type === "paragraph" ? render(n.children[0]!.children) : render(n.children)}</li>;
      case "blockquote":
        return <blockquote key={i}>{render(n.children)}</blockquote>;
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
export function Markdown({ md, className }: { md: BlockMarkdown; className?: string }) {
  return <div className={className ?? "prose"}>{render(md.children)}</div>;
}
