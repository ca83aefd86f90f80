/**
 * Synthetic guides for the bench's scale test (scripts/bench.ts, section 5): N valid
 * Markdown guides of the size the well-known SSG Markdown benchmark uses
 * (github.com/zachleat/bench-framework-markdown: a title and three lorem-ipsum
 * paragraphs, ~120 words, ~0.8 KB), plus what our guide schema requires: a
 * description, a level, two ## sections (the table of contents) and a readTime that
 * matches the word count. Each guide links to the next one and the last to the first,
 * so every guide is linked (no "unused page" warnings) and the link check has work.
 * Deterministic: the same n gives the same files. writeSyntheticProject is the only
 * part that touches the disk.
 */
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./paths.ts";
import { countWords, WORDS_PER_MINUTE } from "../pipeline/2-validate.ts";

const WORDS = (
  "lorem ipsum dolor sit amet consectetur adipisicing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua " +
  "enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in " +
  "reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui " +
  "officia deserunt mollit anim id est laborum"
).split(" ");

const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;

/** The file name (without .md) of synthetic guide i (0-based). */
export const syntheticGuideName = (i: number) => `bench-${String(i + 1).padStart(5, "0")}`;

/** A small seeded generator (mulberry32): the same seed gives the same text. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function words(rnd: () => number, count: number): string[] {
  return Array.from({ length: count }, () => WORDS[Math.floor(rnd() * WORDS.length)]!);
}

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function sentence(rnd: () => number): string {
  return capital(words(rnd, 6 + Math.floor(rnd() * 10)).join(" ")) + ".";
}

function paragraph(rnd: () => number): string {
  return Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => sentence(rnd)).join(" ");
}

export interface SyntheticGuide {
  /** File name without .md. */
  name: string;
  /** The whole .md file: front matter and Markdown. */
  text: string;
  /** Fields as written in the front matter. */
  title: string;
  description: string;
  level: (typeof LEVELS)[number];
  readTime: number;
  body: string;
}

/** Guide i of a collection of n (0 <= i < n). */
export function syntheticGuide(i: number, n: number): SyntheticGuide {
  const rnd = random(i + 1);
  const name = syntheticGuideName(i);
  const title = `${capital(words(rnd, 4).join(" "))} ${i + 1}`;
  // 50 to 170 characters (schema): a sentence of 9 to 13 words, trimmed to fit.
  let description = capital(words(rnd, 9 + Math.floor(rnd() * 5)).join(" "));
  while (description.length < 60) description += " " + words(rnd, 1)[0];
  description = description.slice(0, 160).trimEnd() + ".";
  const next = syntheticGuideName((i + 1) % n);
  const [h1, h2] = [capital(words(rnd, 3).join(" ")), capital(words(rnd, 3).join(" "))];
  const body = [
    paragraph(rnd),
    `## ${h1}`,
    `${paragraph(rnd)} Continue with the [next guide](/resources/guides/${next}).`,
    `## ${h2} (part two)`,
    paragraph(rnd),
  ].join("\n\n");
  const readTime = Math.max(1, Math.round(countWords(body) / WORDS_PER_MINUTE));
  const level = LEVELS[i % LEVELS.length]!;
  const text = `---\ntitle: ${title}\ndescription: ${description}\nlevel: ${level}\nreadTime: ${readTime}\n---\n\n${body}\n`;
  return { name, text, title, description, level, readTime, body };
}

/** n guides: bench-00001 … */
export function* syntheticGuides(n: number): Generator<SyntheticGuide> {
  for (let i = 0; i < n; i++) yield syntheticGuide(i, n);
}

/**
 * A project folder for BOS_PROJECT_ROOT: a copy of this project's content/ and
 * schemas/ (templates always come from this repository) plus n synthetic guides.
 */
export function writeSyntheticProject(root: string, n: number): void {
  cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
  cpSync(path.join(ROOT, "schemas"), path.join(root, "schemas"), { recursive: true });
  const dir = path.join(root, "content", "guides");
  mkdirSync(dir, { recursive: true });
  for (const g of syntheticGuides(n)) writeFileSync(path.join(dir, `${g.name}.md`), g.text);
}
