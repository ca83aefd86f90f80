import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.1 A and AA violations on the page, as "rule: selector" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools rather than added as a <script>: the site's
  // Content-Security-Policy (rightly) blocks inline scripts the page did not ship.
  // Once per document: a test that checks several states of one page reuses it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // resultTypes: every violation is still reported with all its nodes; passes and incomplete
    // results are cut to one node each, which spares axe a unique selector for every node that
    // passed (axe-core's documented way to speed up a run that reads only violations).
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(" ")}`));
  });
}
