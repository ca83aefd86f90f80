/**
 * The dev server's one-page rebuild (scripts/pipeline/quick.ts): after a save of one page or
 * entry, the page it makes (served from memory; dist/ is not touched) is byte for byte the page
 * a cold build writes; the whole build that follows leaves dist/ the cold build's, file for file;
 * every save it cannot rebuild on its own exactly is left to the whole build, with the reason.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectPaths, type ProjectPaths } from "../../scripts/lib/paths.ts";
import { firstMarkdownKind, writeSyntheticProject } from "../../scripts/lib/synthetic-entries.ts";
import { runPipeline, type WarmCache } from "../../scripts/pipeline/index.ts";
import { quickRebuild } from "../../scripts/pipeline/quick.ts";
import { fileTree } from "./support/fingerprint.ts";

const source = (await firstMarkdownKind(projectPaths()))!;
const root = mkdtempSync(path.join(os.tmpdir(), "bos-quick-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const paths: ProjectPaths = projectPaths(root);
const coldPaths: ProjectPaths = { ...paths, dist: path.join(root, "dist-cold") };
const warm: WarmCache = {};
const file = (p: string) => path.join(root, p);
const edit = (p: string, change: (text: string) => string) => {
  const before = readFileSync(file(p), "utf8");
  const after = change(before);
  expect(after, `the edit of ${p} changes it`).not.toBe(before);
  writeFileSync(file(p), after);
  return () => writeFileSync(file(p), before);
};
const mtime = (out: string) => statSync(path.join(paths.dist, out)).mtimeMs;

async function wholeBuild(): Promise<string[]> {
  const result = await runPipeline(paths, { mode: "build", warm });
  expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
  return result.written ?? [];
}

async function expectSameAsCold(): Promise<void> {
  const cold = await runPipeline(coldPaths, { mode: "build" });
  expect(cold.ok).toBe(true);
  const [a, b] = [fileTree(coldPaths.dist), fileTree(paths.dist)];
  expect([...b.keys()]).toEqual([...a.keys()]);
  for (const [f, bytes] of a) if (bytes !== "folder") expect(Buffer.compare(bytes, b.get(f) as Buffer), f).toBe(0);
}

beforeAll(async () => {
  writeSyntheticProject(root, projectPaths(), source, 12);
  process.env["SSG_CACHE_DIR"] = path.join(root, "cache");
  await wholeBuild();
}, 180_000);
afterAll(() => delete process.env["SSG_CACHE_DIR"]);

describe("the dev server's one-page rebuild", () => {
  it.each([
    ["a page's heading", "content/pages/pricing.json", "pricing/index.html", (t: string) => t.replace("Plans that Grow with Your Building", "Plans that grow with your building")],
    ["a page's title (its head and breadcrumbs)", "content/pages/about/careers.json", "about/careers/index.html", (t: string) => t.replace('"title": "Careers at Urbi"', '"title": "Work at Urbi"')],
    ["a guide's text", "content/guides/bench-00003.md", "resources/guides/bench-00003/index.html", (t: string) => t.replace(/\n\n(\w)/, (_, c: string) => `\n\nQuickly, ${c.toLowerCase()}`)],
    ["the home page's text", "content/pages/index.json", "index.html", (t: string) => t.replace(/"(Run every building[^"]*)"/, (_, s: string) => JSON.stringify(s.replace("Run", "run")))],
  ])("rebuilds %s alone as a cold build would, writing nothing into dist/; the whole build after it writes it", async (_what, saved, out, change) => {
    const undo = edit(saved, change);
    try {
      const before = fileTree(paths.dist);
      const quick = await quickRebuild(paths, warm, saved);
      expect(quick).toMatchObject({ ok: true });
      if (!("ok" in quick)) throw new Error("skipped");
      // dist/ only ever holds whole builds: the dev server serves the page from memory meanwhile.
      const after = fileTree(paths.dist);
      for (const [f, bytes] of before) if (bytes !== "folder") expect(Buffer.compare(bytes, after.get(f) as Buffer), f).toBe(0);
      const cold = await runPipeline(coldPaths, { mode: "build" });
      expect(cold.ok).toBe(true);
      expect(quick.pages.get(out)).toBe(readFileSync(path.join(coldPaths.dist, out), "utf8"));
      // The whole build that follows writes the page (and what else the save changed) into a new version of the site.
      expect(await wholeBuild()).toContain(out);
      await expectSameAsCold();
    } finally {
      undo();
      await wholeBuild();
    }
  }, 120_000);

  it.each([
    ["site.json", "content/site.json", (t: string) => t.replace('"Urbi"', '"Urbi!"'), /not a page or entry/],
    ["a file that does not read", "content/pages/pricing.json", (t: string) => t.replace('"title": "Pricing",', '"title": "Pricing"'), /does not read/],
    ["a page with an error", "content/pages/pricing.json", (t: string) => t.replace('"title": "Pricing"', '"title": ""'), /issues/],
    ["a broken link", "content/guides/bench-00004.md", (t: string) => t.replace(/\n\n(\w)/, "\n\nSee [this](/no-such-page). $1"), /links/],
    ["the title of a page with a share image", "content/pages/index.json", (t: string) => t.replace(/"title": "([^"]+)"/, (_, s: string) => `"title": "${s} now"`), /share image/],
    ["a link to an anchor the page does not have", "content/guides/bench-00005.md", (t: string) => t.replace(/\n\n(\w)/, "\n\nSee [the plans](/pricing#no-such-part). $1"), /anchor/],
  ])("leaves %s to the whole build, writing nothing", async (_what, saved, change, why) => {
    const undo = edit(saved, change);
    try {
      const before = fileTree(paths.dist);
      const quick = await quickRebuild(paths, warm, saved);
      expect(quick).toEqual({ skipped: expect.stringMatching(why) });
      const after = fileTree(paths.dist);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [f, bytes] of before) if (bytes !== "folder") expect(Buffer.compare(bytes, after.get(f) as Buffer), f).toBe(0);
    } finally {
      undo();
    }
  }, 60_000);
});
