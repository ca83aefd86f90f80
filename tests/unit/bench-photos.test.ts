/**
 * The bench's photos section (scripts/bench/photos.ts) builds the site plus pages that
 * show generated photos: those pages must be valid content that shows every photo, with
 * no warning of their own (an unlinked page, an unused image), or the section would
 * measure a build that is not the one it describes. Nothing here is timed.
 */
import { afterAll, describe, expect, it } from "vitest";
import { differences, photoAsset, photoPageFiles, photoPagePath } from "../../scripts/bench/photos.ts";
import { htmlElements } from "../../scripts/lib/html-scan.ts";
import { makePhoto } from "../../scripts/lib/synthetic-photos.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { PLACEHOLDER_GROUP } from "../../scripts/pipeline/stages/validate/placeholders.ts";
import { projectsRemovedAfterAll } from "./project.ts";

const tempProject = projectsRemovedAfterAll(afterAll);

interface HeroPage {
  title: string;
  description: string;
  sections: { type: string; images: { src: string; decorative?: boolean }[]; actions: { href: string }[] }[];
}

describe("the photos section's content", () => {
  it("one page per photo, each showing its own photo, with its own title and description, linked in one ring", () => {
    const n = 5;
    const pages = Object.values(photoPageFiles(n)).map((t) => JSON.parse(t) as HeroPage);
    expect(pages).toHaveLength(n);
    expect(pages.map((p) => p.sections[0]!.images[0]!.src)).toEqual(Array.from({ length: n }, (_, i) => photoAsset(i)));
    expect(new Set(pages.map((p) => p.title)).size).toBe(n);
    expect(new Set(pages.map((p) => p.description)).size).toBe(n);
    // Following the buttons from the first page visits every page once and comes back.
    const seen: string[] = [];
    let at = photoPagePath(0);
    for (let i = 0; i < n; i++) {
      seen.push(at);
      at = pages[Number(/(\d+)$/.exec(at)![1]) - 1]!.sections[0]!.actions[0]!.href;
    }
    expect(at).toBe(photoPagePath(0));
    expect(new Set(seen).size).toBe(n);
  });

  it("builds with the site: no error, no warning of its own, and every page's hero has the AVIF copies of its photo", async () => {
    const n = 3;
    const files: Record<string, string | Buffer> = { ...photoPageFiles(n) };
    for (let i = 0; i < n; i++) files[`content/${photoAsset(i)}`] = await makePhoto(240, 160, { seed: i + 1 });
    const project = tempProject(files);
    const saved = process.env["SSG_CACHE"];
    process.env["SSG_CACHE"] = "0"; // encoded in memory: the shared build cache is left alone
    try {
      const result = await runPipeline(project, { mode: "build", write: false });
      expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
      // Photos this small are narrower than a full-screen hero (soft-photo); the bench's are not.
      const own = result.issues.filter((i) => i.severity === "warning" && i.group !== PLACEHOLDER_GROUP && i.code !== "soft-photo");
      expect(own).toEqual([]);
      expect(result.ok).toBe(true);
      for (let i = 0; i < n; i++) {
        const route = result.routes.find((r) => r.path === photoPagePath(i))!;
        const html = result.files.get(route.output)!.toString();
        const avif = htmlElements(html).find((e) => e.name === "source" && e.attrs.get("type") === "image/avif");
        expect(avif?.attrs.get("srcset")).toMatch(new RegExp(`/${photoAsset(i).replace(/\.jpg$/, "")}-\\d+-[a-z0-9]+\\.avif \\d+w`));
      }
    } finally {
      if (saved === undefined) delete process.env["SSG_CACHE"];
      else process.env["SSG_CACHE"] = saved;
    }
  }, 120_000);

  it("differences names the files missing on either side or with other bytes", () => {
    const a = new Map([["a.html", "1"], ["b.avif", "2"], ["c.css", "3"]]);
    const b = new Map([["a.html", "1"], ["b.avif", "9"], ["d.js", "4"]]);
    expect(differences(a, b)).toEqual(["b.avif", "c.css", "d.js"]);
    expect(differences(a, new Map(a))).toEqual([]);
  });
});
