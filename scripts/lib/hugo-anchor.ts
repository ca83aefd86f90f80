/**
 * The Hugo anchor of the bench's scale test: the same synthetic Markdown entries
 * (scripts/lib/synthetic-entries.ts) built by Hugo on this machine, in the layout the
 * Eleventy anchor uses (anchor-layout.ts: our page of the first entry, verbatim but its
 * body, text fields and address). Only a `hugo` already on the PATH is used (Debian's
 * package: `apt-get install hugo`); the bench never downloads one, and without it says so.
 *
 * Hugo's defaults otherwise (Goldmark), with only the entries' pages made: no home, section,
 * list, RSS, sitemap or 404 pages, which the other two builds do not make either.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cutEntryPage, pageProblem, routeParts, type Dialect, type LayoutEnds } from "./anchor-layout.ts";
import { entryPath, syntheticEntries, syntheticEntry, type EntrySource } from "./synthetic-entries.ts";

/** What the layout keeps of our page, for the bench's JSON summary. */
export const HUGO_LAYOUT = "the Eleventy anchor's layout (our first synthetic entry's page verbatim), its Markdown body, front matter text fields and address filled in by Go templates";

/** The hugo on the PATH and its version ("0.111.3"), or undefined when there is none. */
export function findHugo(): { command: string; version: string } | undefined {
  const r = spawnSync("hugo", ["version"], { encoding: "utf8" });
  if (r.status !== 0) return undefined;
  const version = /v(\d+\.\d+\.\d+)/.exec(r.stdout)?.[1];
  return version ? { command: "hugo", version } : undefined;
}

/**
 * Go templates: verbatim text with any "{{" written as a string, fields through Hugo's
 * case-insensitive .Params (html/template escapes them for where they stand), the name
 * from the entry's file.
 */
const GO: Dialect = {
  raw: (html) => html.replaceAll("{{", '{{ "{{" }}'),
  content: "{{ .Content }}",
  field: (key) => `{{ index .Params ${JSON.stringify(key.toLowerCase())} }}`,
  name: "{{ .File.ContentBaseName }}",
};

/**
 * A Hugo site with the n synthetic entries of the source's kind in content/<kind.dir>/,
 * published at the kind's route. `sample` is where Hugo writes the first entry's page.
 */
export function writeHugoProject(root: string, source: EntrySource, n: number, entryPageHtml: string): { root: string; output: string; sample: string; layoutEnds: LayoutEnds } {
  const output = path.join(root, "public");
  const [prefix, suffix] = routeParts(source.kind);
  const section = source.kind.dir.split("/")[0]!;
  const dir = path.join(root, "content", source.kind.dir);
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(root, "layouts", "_default"), { recursive: true });
  const first = syntheticEntry(source, 0, n);
  const { layout, head, tail } = cutEntryPage(entryPageHtml, first, source.kind, GO);
  writeFileSync(path.join(root, "layouts", "_default", "single.html"), layout);
  writeFileSync(
    path.join(root, "hugo.toml"),
    [
      `baseURL = "/"`,
      `disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]`,
      `[permalinks]`,
      `  ${JSON.stringify(section)} = ${JSON.stringify(`${prefix}:filename${suffix.replace(/\/?$/, "/")}`)}`,
      "",
    ].join("\n"),
  );
  for (const e of syntheticEntries(source, n)) writeFileSync(path.join(dir, `${e.name}.md`), e.text);
  return { root, output, sample: path.join(output, ...entryPath(source.kind, first.name).split("/").filter(Boolean), "index.html"), layoutEnds: { head, tail } };
}

/** Why Hugo's page of the first entry is not a whole page in our layout, or undefined when it is. */
export function hugoPageProblem(hugoHtml: string, ends: LayoutEnds): string | undefined {
  return pageProblem("Hugo", hugoHtml, ends);
}
