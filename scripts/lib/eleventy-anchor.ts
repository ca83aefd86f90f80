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
import { cutEntryPage, pageProblem, routeParts, type Dialect, type LayoutEnds } from "./anchor-layout.ts";
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

/** Liquid: verbatim text inside {% raw %}, fields as {{ field }} or {{ field | escape }}, the address with {{ page.fileSlug }}. */
const LIQUID: Dialect = {
  raw,
  content: "{{ content }}",
  field: (key, escaped) => (escaped ? `{{ ${key} | escape }}` : `{{ ${key} }}`),
  name: "{{ page.fileSlug }}",
};

/**
 * A Liquid layout from our built page of `entry`: everything verbatim but its Markdown
 * body ({{ content }}), its front matter's text fields of 10 or more characters
 * ({{ field }}) and its address (the route, {{ page.fileSlug }} for :name).
 */
export function layoutFromEntryPage(html: string, entry: Pick<SyntheticEntry, "name" | "fields" | "body">, kind: Pick<EntryKind, "route" | "name">): string {
  return cutEntryPage(html, entry, kind, LIQUID).layout;
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
  const { layout, head, tail } = cutEntryPage(entryPageHtml, first, source.kind, LIQUID);
  writeFileSync(path.join(input, "_includes", "entry.liquid"), layout);
  const data = plain ? { layout: "entry.liquid" } : { layout: "entry.liquid", permalink: `${prefix}{{ page.fileSlug }}${suffix.replace(/\/?$/, "/")}` };
  writeFileSync(path.join(dir, `${path.basename(dir)}.11tydata.json`), JSON.stringify(data) + "\n");
  for (const e of syntheticEntries(source, n)) writeFileSync(path.join(dir, `${e.name}.md`), e.text);
  return { input, output, sample: path.join(output, ...entryPath(source.kind, first.name).split("/").filter(Boolean), "index.html"), layoutEnds: { head, tail } };
}

/** Why Eleventy's page of the first entry is not a whole page in our layout (it starts and ends as ours does), or undefined when it is. */
export function eleventyPageProblem(eleventyHtml: string, ends: LayoutEnds): string | undefined {
  return pageProblem("Eleventy", eleventyHtml, ends);
}
