/**
 * The documents link to what exists: every relative link in README.md, CONTENT.md, DEPLOY.md,
 * tests/README.md and docs/ names a file that is there, and a link to a heading ("#budgets")
 * names a heading that file has (GitHub's anchors: lower case, punctuation dropped, spaces as "-").
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";

const DOCS = ["README.md", "CONTENT.md", "DEPLOY.md", "tests/README.md", ...readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** GitHub's anchor of a heading: "How the build works" -> "how-the-build-works"; repeated ones get -1, -2. */
export function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .trim()
      .toLowerCase()
      .replace(/`/g, "")
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The relative links of a document, outside code (fenced blocks and `spans`). */
function links(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

describe("the documents", () => {
  it("README.md stays short: the two commands first, the rest in docs/", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm test");
  });

  it.each(DOCS)("%s links only to files and headings that exist", (doc) => {
    const text = readFileSync(path.join(ROOT, doc), "utf8");
    const broken: string[] = [];
    for (const link of links(text)) {
      const [target, anchor] = link.split("#") as [string, string | undefined];
      const file = target ? path.join(ROOT, path.dirname(doc), decodeURIComponent(target)) : path.join(ROOT, doc);
      if (!existsSync(file)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor && file.endsWith(".md") && !anchors(readFileSync(file, "utf8")).has(anchor)) broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
