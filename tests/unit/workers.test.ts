/**
 * Scale: the synthetic guides the bench builds (scripts/lib/synthetic-guides.ts) are
 * valid content, and a build that shares Markdown and rendering with worker threads
 * (scripts/pipeline/support/pool.ts) gives exactly the bytes of a single-threaded build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { layoutFromGuidePage } from "../../scripts/lib/eleventy-anchor.ts";
import { projectPaths } from "../../scripts/lib/paths.ts";
import { syntheticGuide, syntheticGuides, writeSyntheticProject } from "../../scripts/lib/synthetic-guides.ts";
import { runPipeline, type BuildResult } from "../../scripts/pipeline/index.ts";
import { poolSettings, share } from "../../scripts/pipeline/support/pool.ts";
import { countWords, WORDS_PER_MINUTE } from "../../scripts/pipeline/2-validate.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "bos-workers-"));
writeSyntheticProject(root, 120);
const paths = projectPaths(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const saved = process.env["BOS_WORKERS"];
afterEach(() => {
  if (saved === undefined) delete process.env["BOS_WORKERS"];
  else process.env["BOS_WORKERS"] = saved;
});

async function build(workers: string): Promise<BuildResult> {
  process.env["BOS_WORKERS"] = workers;
  return runPipeline(paths, { mode: "build", write: false });
}

const bytes = (v: string | Uint8Array) => Buffer.from(v);

describe("synthetic guides", () => {
  it("are deterministic, about the size of the SSG benchmark's pages, with a readTime that matches", () => {
    expect(syntheticGuide(7, 100).text).toBe(syntheticGuide(7, 100).text);
    for (const g of syntheticGuides(50)) {
      expect(g.readTime).toBe(Math.max(1, Math.round(countWords(g.body) / WORDS_PER_MINUTE)));
      expect(g.text.length).toBeGreaterThan(600);
      expect(g.text.length).toBeLessThan(1600);
    }
    // A ring of links: the last guide links to the first.
    expect(syntheticGuide(2, 3).body).toContain("(/resources/guides/bench-00001)");
  });

  it("build without errors or warnings beyond the site's own", async () => {
    const result = await build("0");
    expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(result.issues.filter((i) => i.file.startsWith("content/guides/bench-"))).toEqual([]);
    expect(result.routes.filter((r) => r.path.startsWith("/resources/guides/bench-"))).toHaveLength(120);
  });

  it("give an Eleventy layout with our page's chrome around the article", () => {
    const layout = layoutFromGuidePage('<html><head><title>X | Urbi</title><meta name="description" content="d"/></head><body><header>{{ h }}</header><article>a</article><footer>f</footer></body></html>');
    expect(layout).toContain("<title>{{ title }} | Urbi</title>");
    expect(layout).toContain('content="{% endraw %}{{ description }}{% raw %}"');
    expect(layout).toContain('{% raw %}"/></head><body><header>{{ h }}</header>{% endraw %}');
    expect(layout).toContain("{{ content }}");
    expect(layout.endsWith("{% raw %}</article><footer>f</footer></body></html>{% endraw %}")).toBe(true);
  });
});

describe("worker threads", () => {
  it("BOS_WORKERS: 0 for none, a number forces sharing, unset uses the cores beyond the first", () => {
    expect(poolSettings("0", 8)).toEqual({ workers: 0, forced: false });
    expect(poolSettings("2", 1)).toEqual({ workers: 2, forced: true });
    expect(poolSettings(undefined, 2)).toEqual({ workers: 1, forced: false });
    expect(poolSettings(undefined, 1)).toEqual({ workers: 0, forced: false });
    expect(() => poolSettings("two")).toThrow(/BOS_WORKERS/);
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
