/**
 * Scale: the synthetic entries the bench builds (scripts/lib/synthetic-entries.ts) of the
 * site's first Markdown kind (here its guides) are valid content, and a build that shares
 * Markdown and rendering with worker threads (scripts/pipeline/stages/render/pool.ts) gives
 * exactly the bytes of a single-threaded build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { layoutFromEntryPage } from "../../scripts/lib/eleventy-anchor.ts";
import { projectPaths } from "../../scripts/lib/paths.ts";
import { firstMarkdownKind, syntheticEntries, syntheticEntry, writeSyntheticProject } from "../../scripts/lib/synthetic-entries.ts";
import type { BuildResult } from "../../scripts/pipeline/index.ts";
import { poolSettings, share } from "../../scripts/pipeline/stages/render/pool.ts";
import { countWords, WORDS_PER_MINUTE } from "../../scripts/lib/words.ts";
import { buildWithWorkers } from "../generator/support/workers.ts";
import { outputBytes, type OutputData } from "../../scripts/pipeline/stages/write/write.ts";

const source = (await firstMarkdownKind(projectPaths()))!;
const root = mkdtempSync(path.join(os.tmpdir(), "bos-workers-"));
writeSyntheticProject(root, projectPaths(), source, 120);
const paths = projectPaths(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const build = (workers: string): Promise<BuildResult> => buildWithWorkers(paths, workers);

const bytes = (v: OutputData) => outputBytes(v);

describe("synthetic entries", () => {
  it("are of the site's first Markdown kind, deterministic, about the size of the SSG benchmark's pages, with a readTime that matches", () => {
    expect(source.kind.name).toBe("guide");
    expect(syntheticEntry(source, 7, 100).text).toBe(syntheticEntry(source, 7, 100).text);
    for (const g of syntheticEntries(source, 50)) {
      expect(g.fields["readTime"]).toBe(Math.max(1, Math.round(countWords(g.body) / WORDS_PER_MINUTE)));
      expect(g.text.length).toBeGreaterThan(600);
      expect(g.text.length).toBeLessThan(1600);
    }
    // A ring of links: the last entry links to the first, at the kind's route.
    expect(syntheticEntry(source, 2, 3).body).toContain("(/resources/guides/bench-00001)");
  });

  it("build without errors or warnings beyond the site's own", async () => {
    const result = await build("0");
    expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(result.issues.filter((i) => i.file.startsWith("content/guides/bench-"))).toEqual([]);
    expect(result.routes.filter((r) => r.path.startsWith("/resources/guides/bench-"))).toHaveLength(120);
  });

  it("give an Eleventy layout that is our page of the entry, its body, text fields and address filled in by Liquid", () => {
    const entry = { name: "bench-00001", fields: { title: "Lorem ipsum dolor 1", description: "Sed do eiusmod tempor incididunt.", level: "Beginner" }, body: "First words here.\n\n## Part\n\nLast words there." };
    const page =
      '<html><head><title>Lorem ipsum dolor 1 | Site</title><meta name="description" content="Sed do eiusmod tempor incididunt."/><link rel="canonical" href="https://x.test/resources/guides/bench-00001"/></head>' +
      '<body><header>{{ h }}</header><article><h1>Lorem ipsum dolor 1</h1><span>Beginner</span><div><p>First words here.</p><h2 id="part">Part</h2><p>Last words there.</p></div></article><footer>f</footer></body></html>';
    const layout = layoutFromEntryPage(page, entry, source.kind);
    expect(layout).toContain("<title>{% endraw %}{{ title }}{% raw %} | Site</title>");
    expect(layout).toContain('content="{% endraw %}{{ description }}{% raw %}"');
    expect(layout).toContain('href="https://x.test{% endraw %}/resources/guides/{{ page.fileSlug }}{% raw %}"');
    expect(layout).toContain('{% raw %}"/></head><body><header>{{ h }}</header><article><h1>{% endraw %}{{ title }}{% raw %}</h1><span>Beginner</span><div>{% endraw %}{{ content }}{% raw %}</div>');
    expect(layout.endsWith("{% raw %}</div></article><footer>f</footer></body></html>{% endraw %}")).toBe(true);
  });
});

describe("worker threads", () => {
  it("SSG_WORKERS: 0 for none, a number forces sharing, unset uses the cores beyond the first", () => {
    expect(poolSettings("0", 8)).toEqual({ workers: 0, forced: false });
    expect(poolSettings("2", 1)).toEqual({ workers: 2, forced: true });
    expect(poolSettings(undefined, 2)).toEqual({ workers: 1, forced: false });
    expect(poolSettings(undefined, 1)).toEqual({ workers: 0, forced: false });
    expect(() => poolSettings("two")).toThrow(/SSG_WORKERS/);
  });

  it("share() puts every result at its item's index, whoever computed it", async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    expect(await share(items, [], (c) => c.map((x) => x * 2), async () => [])).toEqual(items.map((x) => x * 2));
  });

  it("a build with workers writes the same files, byte for byte, as one without", async () => {
    const single = await build("0");
    const shared = await build("2");
    expect(single.ok && shared.ok).toBe(true);
    expect([...shared.files.keys()]).toEqual([...single.files.keys()]);
    for (const [file, content] of single.files) expect(bytes(shared.files.get(file)!).equals(bytes(content)), file).toBe(true);
    expect(shared.issues).toEqual(single.issues);
  }, 120_000);
});
