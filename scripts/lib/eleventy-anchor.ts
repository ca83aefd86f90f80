/**
 * The Eleventy anchor of the bench's scale test: the same synthetic Markdown entries
 * (scripts/lib/synthetic-entries.ts) built by Eleventy on this machine, so "faster than
 * Eleventy" is measured here rather than read off another machine's numbers.
 *
 * Eleventy is installed on demand, pinned, into .reports/anchors/ (git-ignored),
 * never into the project's dependencies. Its layout is cut from the page our build wrote
 * for the first synthetic entry: all of it verbatim (inside {% raw %}), but the entry's
 * Markdown body, which becomes {{ content }}, its front matter's text fields, which become
 * {{ field }} wherever the page shows them (the <title> keeps the site's own suffix
 * around the title, as the built page has it), and its address, which becomes the kind's
 * route with {{ page.fileSlug }} for :name. So both generators write pages of about the
 * same size at the same addresses (the kind's route). Eleventy's defaults otherwise
 * (markdown-it; Liquid pre-processing of Markdown), as in the published benchmark.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./paths.ts";
import { entryPath, syntheticEntries, syntheticEntry, type EntryKind, type EntrySource, type SyntheticEntry } from "./synthetic-entries.ts";

export const ELEVENTY_VERSION = "3.1.8";
export const ANCHOR_DIR = path.join(ROOT, ".reports", "anchors", `eleventy-${ELEVENTY_VERSION}`);

/** What the layout keeps of our page, for the bench's JSON summary. */
export const ELEVENTY_LAYOUT = "our first synthetic entry's page verbatim; its Markdown body, front matter text fields and address filled in by Liquid";

/** Path of Eleventy's command-line entry, installing it first if needed (npm install --prefix). */
export function ensureEleventy(): string {
  const cmd = path.join(ANCHOR_DIR, "node_modules", "@11ty", "eleventy", "cmd.cjs");
  if (existsSync(cmd)) return cmd;
  mkdirSync(ANCHOR_DIR, { recursive: true });
  writeFileSync(path.join(ANCHOR_DIR, "package.json"), JSON.stringify({ name: "bench-anchor-eleventy", private: true }) + "\n");
  const r = spawnSync("npm", ["install", "--prefix", ANCHOR_DIR, "--no-audit", "--no-fund", "--save-exact", `@11ty/eleventy@${ELEVENTY_VERSION}`], {
    stdio: "inherit",
  });
  if (r.status !== 0 || !existsSync(cmd)) throw new Error(`npm install @11ty/eleventy@${ELEVENTY_VERSION} failed`);
  return cmd;
}

const raw = (html: string) => (html ? `{% raw %}${html}{% endraw %}` : "");
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The kind's route split at :name: what comes before and after an entry's name in its address. */
function routeParts(kind: Pick<EntryKind, "route" | "name">): [string, string] {
  const at = kind.route.indexOf(":name");
  if (at < 0) throw new Error(`The route of the Markdown kind "${kind.name}" (${kind.route}) has no :name.`);
  return [kind.route.slice(0, at), kind.route.slice(at + ":name".length)];
}

/**
 * A Liquid layout from our built page of `entry`: everything verbatim but its Markdown
 * body ({{ content }}), its front matter's text fields of 10 or more characters
 * ({{ field }}) and its address (the route, {{ page.fileSlug }} for :name).
 */
export function layoutFromEntryPage(html: string, entry: Pick<SyntheticEntry, "name" | "fields" | "body">, kind: Pick<EntryKind, "route" | "name">): string {
  return cutEntryPage(html, entry, kind).layout;
}

/** The layout (layoutFromEntryPage), and the verbatim text of our page before its first placeholder and after its last. */
export function cutEntryPage(html: string, entry: Pick<SyntheticEntry, "name" | "fields" | "body">, kind: Pick<EntryKind, "route" | "name">): { layout: string; head: string; tail: string } {
  // The body: from the tag opening its first paragraph to the one closing its last. Searched
  // backwards, so that an excerpt or a description earlier in the page is not taken for it.
  const paragraphs = entry.body.split("\n\n").filter((p) => !/^(#|\s*$)/.test(p));
  const first = escapeHtml(paragraphs[0]!.slice(0, 40));
  const last = escapeHtml(paragraphs.at(-1)!.slice(-40));
  const lastAt = html.lastIndexOf(last);
  const firstAt = lastAt < 0 ? -1 : html.lastIndexOf(first, lastAt);
  if (firstAt < 0) throw new Error(`Our page of ${entry.name} does not show its Markdown text as written: no Eleventy layout can be cut from it.`);
  const bodyStart = html.lastIndexOf("<", firstAt);
  const bodyEnd = html.indexOf(">", lastAt + last.length) + 1;
  const headings = entry.body.split("\n\n").filter((p) => p.startsWith("#")).map((h) => escapeHtml(h.replace(/^#+\s*/, "")));
  if (bodyStart < 0 || bodyEnd <= 0 || headings.some((h) => !html.slice(bodyStart, bodyEnd).includes(h)))
    throw new Error(`Our page of ${entry.name} does not show its Markdown text in one piece: no Eleventy layout can be cut from it.`);

  const [prefix, suffix] = routeParts(kind);
  const needles: [string, string][] = [[entryPath(kind, entry.name), `${prefix}{{ page.fileSlug }}${suffix}`]];
  for (const [key, value] of Object.entries(entry.fields)) {
    if (typeof value !== "string" || value.length < 10 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) continue;
    needles.push([value, `{{ ${key} }}`]);
    if (escapeHtml(value) !== value) needles.push([escapeHtml(value), `{{ ${key} | escape }}`]);
  }
  // Every place outside the body that shows one of them, left to right, longest first where two start together.
  const hits: { start: number; end: number; liquid: string }[] = [{ start: bodyStart, end: bodyEnd, liquid: "{{ content }}" }];
  for (const [needle, liquid] of needles)
    for (let at = html.indexOf(needle); at >= 0; at = html.indexOf(needle, at + needle.length))
      if (at + needle.length <= bodyStart || at >= bodyEnd) hits.push({ start: at, end: at + needle.length, liquid });
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let pos = 0;
  for (const h of hits) {
    if (h.start < pos) continue; // inside one already taken
    out += raw(html.slice(pos, h.start)) + h.liquid;
    pos = h.end;
  }
  return { layout: out + raw(html.slice(pos)), head: html.slice(0, hits[0]!.start), tail: html.slice(pos) };
}

/**
 * An Eleventy input folder with the n synthetic entries of the source's kind, written at
 * its route: in the folder the route names (Eleventy's own addresses) when :name ends
 * it, else with a permalink. `sample` is where Eleventy writes the first entry's page.
 */
export function writeEleventyProject(root: string, source: EntrySource, n: number, entryPageHtml: string): { input: string; output: string; sample: string; layoutEnds: LayoutEnds } {
  const input = path.join(root, "src");
  const output = path.join(root, "_site");
  const [prefix, suffix] = routeParts(source.kind);
  const folder = prefix.split("/").filter(Boolean);
  const plain = suffix === "" && folder.length > 0 && prefix.endsWith("/");
  const dir = path.join(input, ...(plain ? folder : [source.kind.dir]));
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(input, "_includes"), { recursive: true });
  const first = syntheticEntry(source, 0, n);
  const { layout, head, tail } = cutEntryPage(entryPageHtml, first, source.kind);
  writeFileSync(path.join(input, "_includes", "entry.liquid"), layout);
  const data = plain ? { layout: "entry.liquid" } : { layout: "entry.liquid", permalink: `${prefix}{{ page.fileSlug }}${suffix.replace(/\/?$/, "/")}` };
  writeFileSync(path.join(dir, `${path.basename(dir)}.11tydata.json`), JSON.stringify(data) + "\n");
  for (const e of syntheticEntries(source, n)) writeFileSync(path.join(dir, `${e.name}.md`), e.text);
  return { input, output, sample: path.join(output, ...entryPath(source.kind, first.name).split("/").filter(Boolean), "index.html"), layoutEnds: { head, tail } };
}

/** Our page's verbatim text before the layout's first placeholder and after its last. */
export interface LayoutEnds {
  head: string;
  tail: string;
}

/** Why Eleventy's page of the first entry is not a whole page in our layout (it starts and ends as ours does), or undefined when it is. */
export function eleventyPageProblem(eleventyHtml: string, ends: LayoutEnds): string | undefined {
  const [head, tail] = [ends.head.slice(0, 200), ends.tail.trimEnd().slice(-200)];
  if (!eleventyHtml.startsWith(head) || !eleventyHtml.trimEnd().endsWith(tail) || eleventyHtml.length < ends.head.length + ends.tail.length)
    return "Eleventy wrote an entry without the page layout: the anchor would not measure the same work.";
  return undefined;
}
