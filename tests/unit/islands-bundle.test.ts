/**
 * The islands' bundles of this site's templates: each plain DOM island and the dialog loader is one
 * file with nothing to import (a page loads one file per island it uses), and the islands hydrated
 * with Preact share their chunks, so that a page without them never loads Preact.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIslands, enhancerPath, islandNames, LAZY_LOADER } from "../../scripts/pipeline/stages/render/islands.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const templates = path.join(ROOT, "templates");

describe("the islands' bundles", async () => {
  const names = await islandNames(templates);
  const enhanced = names.filter((n) => enhancerPath(templates, n));
  const hydrated = names.filter((n) => !enhancerPath(templates, n));
  const { bundle } = await buildIslands(templates);
  const code = (url: string) => Buffer.from(bundle.files.get(url.slice(1))!).toString("utf8");

  it("has plain DOM islands and hydrated ones to test with", () => {
    expect(enhanced).toEqual(expect.arrayContaining(["SiteHeader", "Carousel", "HeroSlideshow", "PricingTable"]));
    expect(hydrated).toEqual(expect.arrayContaining(["DemoDialog", "LoginTabs"]));
  });

  it("makes each plain DOM island, and the dialog loader, one file that imports nothing", () => {
    const loader = bundle.entries.get(LAZY_LOADER)!;
    expect(code(loader.url)).toContain("data-open");
    for (const name of [...enhanced, LAZY_LOADER]) {
      const entry = bundle.entries.get(name)!;
      expect(entry.imports, name).toEqual([]);
      expect(entry.hydrate, name).toBe(false);
      expect(code(entry.url), name).not.toMatch(/from\s*"\.\/|import\s*"\.\//);
    }
    for (const name of enhanced) expect(code(bundle.entries.get(name)!.url)).toContain(`"${name}"`);
    expect(new Set([...enhanced, LAZY_LOADER].map((n) => bundle.entries.get(n)!.url)).size).toBe(enhanced.length + 1);
  });

  it("keeps each hydrated island an entry of its own, with its chunks", () => {
    const urls = hydrated.map((n) => bundle.entries.get(n)!.url);
    expect(new Set(urls).size).toBe(hydrated.length);
    for (const n of hydrated) {
      expect(bundle.entries.get(n)!.hydrate).toBe(true);
      for (const chunk of bundle.entries.get(n)!.imports) expect(bundle.files.has(chunk.slice(1))).toBe(true);
    }
  });
});
