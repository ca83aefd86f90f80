/**
 * The layout the bench's anchors (Eleventy: eleventy-anchor.ts, Hugo: hugo-anchor.ts) build
 * the synthetic entries with, cut from the page our build wrote for the first of them: all
 * of it verbatim but the entry's Markdown body, its front matter's text fields and its
 * address, which become the other tool's placeholders (a Dialect). So every generator writes
 * pages of about the same size at the same addresses, and the comparison is of the same work.
 */
import type { EntryKind, SyntheticEntry } from "./synthetic-entries.ts";

/** How a template language writes the parts of the layout. */
export interface Dialect {
  /** Verbatim text of our page, protected from the template language. */
  raw(html: string): string;
  /** The entry's rendered Markdown. */
  content: string;
  /** A front matter field: `escaped` where our page shows it HTML-escaped. */
  field(key: string, escaped: boolean): string;
  /** The entry's name (its file name without .md), for :name in its address. */
  name: string;
}

/** Our page's verbatim text before the layout's first placeholder and after its last. */
export interface LayoutEnds {
  head: string;
  tail: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The kind's route split at :name: what comes before and after an entry's name in its address. */
export function routeParts(kind: Pick<EntryKind, "route" | "name">): [string, string] {
  const at = kind.route.indexOf(":name");
  if (at < 0) throw new Error(`The route of the Markdown kind "${kind.name}" (${kind.route}) has no :name.`);
  return [kind.route.slice(0, at), kind.route.slice(at + ":name".length)];
}

/**
 * The layout in `dialect` from our built page of `entry`, and the verbatim text of our page
 * before its first placeholder and after its last: everything verbatim but its Markdown body,
 * its front matter's text fields of 10 or more characters and its address.
 */
export function cutEntryPage(html: string, entry: Pick<SyntheticEntry, "name" | "fields" | "body">, kind: Pick<EntryKind, "route" | "name">, dialect: Dialect): LayoutEnds & { layout: string } {
  // The body: from the tag opening its first paragraph to the one closing its last. Searched
  // backwards, so that an excerpt or a description earlier in the page is not taken for it.
  const paragraphs = entry.body.split("\n\n").filter((p) => !/^(#|\s*$)/.test(p));
  const first = escapeHtml(paragraphs[0]!.slice(0, 40));
  const last = escapeHtml(paragraphs.at(-1)!.slice(-40));
  const lastAt = html.lastIndexOf(last);
  const firstAt = lastAt < 0 ? -1 : html.lastIndexOf(first, lastAt);
  if (firstAt < 0) throw new Error(`Our page of ${entry.name} does not show its Markdown text as written: no layout can be cut from it.`);
  const bodyStart = html.lastIndexOf("<", firstAt);
  const bodyEnd = html.indexOf(">", lastAt + last.length) + 1;
  const headings = entry.body.split("\n\n").filter((p) => p.startsWith("#")).map((h) => escapeHtml(h.replace(/^#+\s*/, "")));
  if (bodyStart < 0 || bodyEnd <= 0 || headings.some((h) => !html.slice(bodyStart, bodyEnd).includes(h)))
    throw new Error(`Our page of ${entry.name} does not show its Markdown text in one piece: no layout can be cut from it.`);

  const [prefix, suffix] = routeParts(kind);
  const needles: [string, string][] = [[`${prefix}${entry.name}${suffix}`, `${prefix}${dialect.name}${suffix}`]];
  for (const [key, value] of Object.entries(entry.fields)) {
    if (typeof value !== "string" || value.length < 10 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) continue;
    needles.push([value, dialect.field(key, false)]);
    if (escapeHtml(value) !== value) needles.push([escapeHtml(value), dialect.field(key, true)]);
  }
  // Every place outside the body that shows one of them, left to right, longest first where two start together.
  const hits: { start: number; end: number; text: string }[] = [{ start: bodyStart, end: bodyEnd, text: dialect.content }];
  for (const [needle, text] of needles)
    for (let at = html.indexOf(needle); at >= 0; at = html.indexOf(needle, at + needle.length))
      if (at + needle.length <= bodyStart || at >= bodyEnd) hits.push({ start: at, end: at + needle.length, text });
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let pos = 0;
  for (const h of hits) {
    if (h.start < pos) continue; // inside one already taken
    out += dialect.raw(html.slice(pos, h.start)) + h.text;
    pos = h.end;
  }
  return { layout: out + dialect.raw(html.slice(pos)), head: html.slice(0, hits[0]!.start), tail: html.slice(pos) };
}

/** Why `tool`'s page of the first entry is not a whole page in our layout (it starts and ends as ours does), or undefined when it is. */
export function pageProblem(tool: string, toolHtml: string, ends: LayoutEnds): string | undefined {
  const [head, tail] = [ends.head.slice(0, 200), ends.tail.trimEnd().slice(-200)];
  if (!toolHtml.startsWith(head) || !toolHtml.trimEnd().endsWith(tail) || toolHtml.length < ends.head.length + ends.tail.length)
    return `${tool} wrote an entry without the page layout: the anchor would not measure the same work.`;
  return undefined;
}
