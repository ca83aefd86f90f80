/**
 * The section catalogue (SECTIONS.md, npm run docs) covers every section type and
 * collection, with its fields and the pages that use it; the error reference
 * (ERRORS.md) covers every code of the catalogue of problems.
 */
import { spawnSync } from "node:child_process";
import { promises as fs } from "node:fs";
import { describe, expect, it } from "vitest";
import { exampleOf, generateCatalogue, generateErrorReference } from "../../scripts/docs.ts";
import { catalogueEntry, CODES } from "../../scripts/problems/errors.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { loadSchemas } from "../../scripts/pipeline/stages/validate/schemas.ts";
import path from "node:path";

describe("section catalogue", async () => {
  const [md, schemas] = await Promise.all([generateCatalogue(), loadSchemas(path.join(ROOT, "schemas"))]);

  it("has a chapter for every section type and every collection", () => {
    for (const type of schemas.sectionTypes.keys()) expect(md).toContain(`\n### ${type}\n`);
    for (const name of schemas.collections.keys()) expect(md).toContain(`\n### ${name}\n`);
  });

  it("lists fields with their kind, whether required, an example and the pages that use the section", () => {
    const pricing = md.slice(md.indexOf("\n### pricingTable\n"), md.indexOf("\n### productGrid\n"));
    expect(pricing).toContain("Used on: `/pricing`.");
    expect(pricing).toContain("| `defaultType` | one of: `residential`, `commercial` |  | `\"commercial\"` |");
    expect(pricing).toContain("| `plans` | list | yes |");
    expect(pricing).toContain("| `buildingTypes.residential.sizes.small` | text | yes | `\"Under 99 units\"` |");
    expect(md).toContain("| `items[].prices.residential.small` | whole number | yes | `49` |");
  });
});

describe("error reference (ERRORS.md)", () => {
  const md = generateErrorReference();

  it("has a chapter for every code, with its title, meaning, an example with line and column, and what to do", () => {
    for (const code of CODES) {
      const chapter = md.slice(md.indexOf(`\n### ${code}\n`), md.indexOf("\n### ", md.indexOf(`\n### ${code}\n`) + 1) >>> 0);
      const e = catalogueEntry(code);
      expect(chapter, code).toContain(`**${e.title}** (${e.severity})`);
      expect(chapter, code).toContain(e.means);
      expect(chapter, code).toMatch(new RegExp(`\`\`\`text\\n${e.severity}\\[${code}\\]: .+:\\d+:\\d+`));
      expect(chapter, code).toContain(`**What to do:** ${e.fix}`);
      expect(md, code).toContain(`| [\`${code}\`](#${code}) |`);
    }
  });

  it("shows each example as the build prints it", () => {
    expect(exampleOf("unknown-section-type")).toBe(
      'error[unknown-section-type]: content/pages/index.json:23:15 /sections/1/type\n  Unknown section type "hreo".\n  hint: Did you mean "hero"?',
    );
  });

  it("lists only codes some stage reports, and every stage reports through the catalogue", async () => {
    const dir = path.join(ROOT, "scripts/pipeline");
    const files = (await fs.readdir(dir, { recursive: true })).map(String).filter((f) => /\.tsx?$/.test(f) && f !== path.join("support", "errors.ts"));
    const sources = (await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), "utf8")))).join("\n");
    // seo.ts names the two duplicate codes as `duplicate-${field}`.
    const used = (code: string) => sources.includes(`problem("${code}"`) || (/^duplicate-(title|description)$/.test(code) && sources.includes("problem(`duplicate-${field}`"));
    expect(CODES.filter((code) => !used(code))).toEqual([]);
    // Wording lives in the catalogue: no stage builds an issue with a message of its own.
    expect(sources).not.toMatch(/severity: "(error|warning)"(?! \|)/);
  });
});

describe("npm run explain", () => {
  const explain = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "scripts/explain.ts", ...args], { cwd: ROOT, encoding: "utf8" });

  it("says what a code means, with its example and what to do, as printed in brackets or not", () => {
    for (const asked of ["broken-link", "error[broken-link]"]) {
      const run = explain(asked);
      expect(run.status).toBe(0);
      const e = catalogueEntry("broken-link");
      expect(run.stdout).toContain(`broken-link: ${e.title} (error)`);
      expect(run.stdout).toContain(e.means);
      expect(run.stdout).toContain(`What to do: ${e.fix}`);
      expect(run.stdout).toContain("error[broken-link]: ");
    }
  });

  it("answers a code that does not exist with the nearest one, and lists them all when asked for none", () => {
    const wrong = explain("brokn-link");
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe('There is no code "brokn-link". Did you mean "broken-link"? `npx json-site explain` lists them all.');
    const all = explain();
    expect(all.status).toBe(0);
    for (const code of CODES) expect(all.stdout).toContain(code);
  });
});

