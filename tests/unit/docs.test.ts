/** The section catalogue (SECTIONS.md, npm run docs) covers every section type and collection, with its fields and the pages that use it. */
import { describe, expect, it } from "vitest";
import { generateCatalogue } from "../../scripts/docs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { loadSchemas } from "../../scripts/pipeline/schemas.ts";
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
