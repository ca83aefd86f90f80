/**
 * The Eleventy anchor of the bench's scale test: the same synthetic Markdown guides
 * built by Eleventy on this machine, so "faster than Eleventy" is measured here
 * rather than read off another machine's numbers.
 *
 * Eleventy is installed on demand, pinned, into .reports/anchors/ (git-ignored),
 * never into the project's dependencies. Its layout is cut from one of our own built
 * guide pages: the same <head>, header and footer markup (kept verbatim inside
 * {% raw %}), with the article's title, description, level, reading time and
 * Markdown body filled in by Liquid, so both generators write pages of about the
 * same size. Eleventy's defaults otherwise (markdown-it; Liquid pre-processing of
 * Markdown), as in the published benchmark.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./paths.ts";
import { syntheticGuides } from "./synthetic-guides.ts";

export const ELEVENTY_VERSION = "3.1.8";
export const ANCHOR_DIR = path.join(ROOT, ".reports", "anchors", `eleventy-${ELEVENTY_VERSION}`);

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

const raw = (html: string) => `{% raw %}${html}{% endraw %}`;

/**
 * A Liquid layout from one of our built guide pages: everything outside <article>
 * verbatim, the <title>, description and canonical address per page.
 */
export function layoutFromGuidePage(html: string): string {
  const start = html.indexOf("<article");
  const end = html.indexOf("</article>");
  if (start < 0 || end < 0) throw new Error("The guide page has no <article>.");
  const head = html
    .slice(0, start)
    .replace(/<title>[^<]*<\/title>/, "\u0000title\u0000")
    .replace(/(<meta name="description" content=")[^"]*"/, "$1\u0000description\u0000\"");
  const fill = (s: string) =>
    s
      .split("\u0000")
      .map((part, i) => (i % 2 === 0 ? raw(part) : part === "title" ? "<title>{{ title }} | Urbi</title>" : "{{ description }}"))
      .join("");
  const article = [
    '<article class="bg-white pt-28 pb-20 sm:pt-32"><div class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">',
    '<p class="text-sm text-ink-600"><a href="/resources">All resources</a></p>',
    '<header class="mt-6 max-w-3xl"><p class="flex flex-wrap items-center gap-3 text-sm text-ink-600"><span class="inline-block rounded-full px-2.5 py-1 text-xs font-semibold">{{ level }}</span>',
    "<span>{{ readTime }} min read</span></p>",
    '<h1 class="mt-4 text-4xl font-bold tracking-tight text-balance text-ink-900 sm:text-5xl">{{ title }}</h1>',
    '<p class="mt-5 text-xl leading-8 text-ink-600">{{ description }}</p></header>',
    '<div class="prose article max-w-3xl">{{ content }}</div></div>',
  ].join("");
  return fill(head) + article + raw(html.slice(end));
}

/** An Eleventy input folder with the n synthetic guides at /resources/guides/<name>/. */
export function writeEleventyProject(root: string, n: number, guidePageHtml: string): { input: string; output: string } {
  const input = path.join(root, "src");
  const guides = path.join(input, "resources", "guides");
  mkdirSync(guides, { recursive: true });
  mkdirSync(path.join(input, "_includes"), { recursive: true });
  writeFileSync(path.join(input, "_includes", "guide.liquid"), layoutFromGuidePage(guidePageHtml));
  writeFileSync(path.join(guides, "guides.11tydata.json"), JSON.stringify({ layout: "guide.liquid" }) + "\n");
  for (const g of syntheticGuides(n)) writeFileSync(path.join(guides, `${g.name}.md`), g.text);
  return { input, output: path.join(root, "_site") };
}
