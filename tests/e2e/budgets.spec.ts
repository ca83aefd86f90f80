/**
 * The performance budgets (scripts/lib/budgets.ts) over the build that the browser
 * tests run against: one test per page, failing with the page and the budget it
 * broke. The bytes table is printed once (also: npm run budgets).
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { bytesTable, measureDist, overBudget, type PageBytes } from "../../scripts/lib/budgets.ts";

const pages: PageBytes[] = measureDist(path.resolve("dist"));

test.afterAll(() => console.log(`\n${bytesTable(pages)}\n`));

for (const page of pages) {
  test(`${page.route} is within its budgets`, () => {
    expect(page.js, "the page loads its island code").toBeGreaterThan(0);
    expect(overBudget(page)).toEqual([]);
  });
}
