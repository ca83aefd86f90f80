/**
 * <Markdown>: the build's Markdown (a field marked "x-markdown", a Markdown entry's body) as HTML.
 * The build has parsed it already (stages/resolve/markdown.ts) into a tree of MdNode; this draws
 * that tree with plain elements and no classes, so a site styles it from its own stylesheet
 * (a wrapper's class, or Tailwind's typography). Headings get ids from their words ("Opening
 * hours" -> "opening-hours"), which links to "#opening-hours" reach (the build checks them).
 * A site that wants other markup writes its own component over the same tree.
 */
import type { ReactNode } from "react";
import type { BlockMarkdown, InlineMarkdown, MdNode } from "./model.ts";

/** The words of a tree, without its marks: a heading's text, a link's label. */
export function plainText(nodes: readonly MdNode[]): string {
  return nodes.map((n) => ("value" in n ? n.value : "children" in n ? plainText(n.children) : "")).join("");
}

/** A heading's id: its words in lower case, joined by "-" ("Opening hours" -> "opening-hours"). */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function Markdown({ value }: { value: BlockMarkdown | InlineMarkdown | readonly MdNode[] | undefined }): ReactNode {
  const nodes = value === undefined ? [] : "children" in value ? value.children : value;
  return nodes.map((n, i) => <Node key={i} node={n} />);
}

function Node({ node: n }: { node: MdNode }): ReactNode {
  switch (n.type) {
    case "text":
      return n.value;
    case "inlineCode":
      return <code>{n.value}</code>;
    case "break":
      return <br />;
    case "strong":
      return (
        <strong>
          <Markdown value={n.children} />
        </strong>
      );
    case "emphasis":
      return (
        <em>
          <Markdown value={n.children} />
        </em>
      );
    case "link":
      return (
        <a href={n.url} {...(n.title ? { title: n.title } : {})}>
          <Markdown value={n.children} />
        </a>
      );
    case "paragraph":
      return (
        <p>
          <Markdown value={n.children} />
        </p>
      );
    case "heading": {
      const Tag = (["h1", "h2", "h3", "h4", "h5", "h6"] as const)[Math.min(6, Math.max(1, n.depth)) - 1]!;
      return (
        <Tag id={headingId(plainText(n.children))}>
          <Markdown value={n.children} />
        </Tag>
      );
    }
    case "list":
      return n.ordered ? (
        <ol {...(n.start !== undefined && n.start !== 1 ? { start: n.start } : {})}>
          <Markdown value={n.children} />
        </ol>
      ) : (
        <ul>
          <Markdown value={n.children} />
        </ul>
      );
    case "listItem":
      return (
        <li>
          <Markdown value={n.children} />
        </li>
      );
    case "blockquote":
      return (
        <blockquote>
          <Markdown value={n.children} />
        </blockquote>
      );
    case "code":
      return (
        <pre>
          <code>{n.value}</code>
        </pre>
      );
    case "thematicBreak":
      return <hr />;
  }
}
