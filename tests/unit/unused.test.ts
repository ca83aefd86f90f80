/**
 * Warnings, not errors, for content that reaches no visitor: a record no page uses,
 * an image nothing refers to, a page nothing links to. The build still succeeds.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import type { Issue } from "../../scripts/problems/issues.ts";
import { PLACEHOLDER_GROUP } from "../../scripts/pipeline/stages/validate/placeholders.ts";
import { tempProject } from "./project.ts";

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));
async function check(files: Record<string, string | null> = {}) {
  const project = tempProject(files);
  cleanups.push(project.cleanup);
  return runPipeline(project, { mode: "check" });
}
// The site's placeholder addresses are warnings too, of their own kind (placeholders.test.ts).
const warnings = (issues: Issue[]) => issues.filter((i) => i.severity === "warning" && i.group !== PLACEHOLDER_GROUP);

describe("unused content", () => {
  it("the site as it is has no unused records, images or pages", async () => {
    const result = await check();
    expect(result.ok).toBe(true);
    expect(warnings(result.issues)).toEqual([]);
  });

  it("a record no page lists, an image nothing shows and a page nothing links to are warnings at their place", async () => {
    const testimonials = readFileSync(path.join(ROOT, "content/collections/testimonials.json"), "utf8");
    const extra = testimonials.replace('  "items": [\n', '  "items": [\n    { "id": "spare-quote", "name": "Sam Lee", "title": "Resident", "company": "Maple Court", "content": "A quote that no page shows yet, kept for later.", "rating": 5 },\n');
    const result = await check({
      "content/collections/testimonials.json": extra,
      "content/assets/unused.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>',
      "content/pages/lonely.json": JSON.stringify({
        $schema: "../../schemas/page.schema.json",
        title: "Lonely page",
        description: "A page that exists but that no other page, header or footer links to yet.",
        sections: [{ type: "pageHeader", heading: "Lonely" }],
      }),
    });
    expect(result.ok).toBe(true);
    expect(warnings(result.issues).map((w) => `${w.file}:${w.line} ${w.message}`)).toEqual([
      "content/assets/unused.svg:1 The image assets/unused.svg is not used by any page.",
      "content/collections/testimonials.json:4 The record \"spare-quote\" is not used by any page.",
      "content/pages/lonely.json:1 No page links to /lonely, so visitors can only reach it by typing its address.",
    ]);
  });

  it("a page is reached through one of its aliases too", async () => {
    const result = await check({
      "content/pages/lonely.json": JSON.stringify({
        $schema: "../../schemas/page.schema.json",
        title: "Lonely page",
        description: "A page that exists and is linked only through its short alias address.",
        aliases: ["/alone"],
        sections: [{ type: "pageHeader", heading: "Lonely", text: "See [the other one](/alone)." }],
      }),
    });
    expect(warnings(result.issues)).toEqual([]);
  });
});
