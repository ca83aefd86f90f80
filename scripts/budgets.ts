/**
 * npm run budgets (after npm run build): prints the bytes table of every page in
 * dist/ and exits with 1, naming the page and the budget, when one is over
 * (scripts/lib/budgets.ts). npm test runs the same check as tests/e2e/budgets.spec.ts.
 * `--project <dir>` measures that site's dist/.
 */
import { bytesTable, measureDist, overBudget } from "./lib/budgets.ts";
import { projectArg, projectPaths } from "./lib/paths.ts";

const extra = await projectArg(process.argv.slice(2));
if (extra.length) {
  console.error(`Unknown option ${extra.join(" ")}. Usage: npm run budgets [-- --project <dir>]`);
  process.exit(2);
}
const pages = measureDist(projectPaths().dist);
console.log(bytesTable(pages));
const over = pages.flatMap(overBudget);
if (over.length > 0) {
  console.error(`\n${over.length} over budget:\n${over.map((m) => `  ${m}`).join("\n")}`);
  process.exit(1);
}
console.log(`\nAll ${pages.length} pages within budget (gzip, 1 KB = 1,000 bytes).`);
