/**
 * npm run build: content -> dist/. Exits 1, naming every mistake, when content is wrong.
 *
 * It also warns while an external address in content/site.json (the live lead
 * webhook, the demo calendar) is still a placeholder such as example.com.
 * `npm run build -- --strict` makes those warnings errors: exit 1, dist/ untouched
 * (checked before the pipeline writes anything). Use it for the published site.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Issue } from "./pipeline/issues.ts";

// React's production build renders the same HTML two to three times faster; it must
// be chosen before React is first imported, hence the imports below come after.
process.env["NODE_ENV"] ??= "production";
const { placeholderWarnings } = await import("./lib/leads.ts");
const { projectPaths, rel } = await import("./lib/paths.ts");
const { printIssues } = await import("./lib/report.ts");
const { runPipeline } = await import("./pipeline/index.ts");
const { sortIssues } = await import("./pipeline/issues.ts");

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--strict");
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(" ")}. Usage: npm run build [-- --strict]`);
  process.exit(2);
}
const strict = args.includes("--strict");

const started = performance.now();
const paths = projectPaths();
const siteFile = path.join(paths.content, "site.json");
const placeholders: Issue[] = placeholderWarnings(rel(paths.root, siteFile), await readFile(siteFile, "utf8").catch(() => ""));

if (strict && placeholders.length) {
  // Report every other content mistake too, but write nothing.
  const checked = await runPipeline(paths, { mode: "check" });
  printIssues(sortIssues([...checked.issues, ...placeholders.map((i) => ({ ...i, severity: "error" as const }))]));
  process.exit(1);
}

const result = await runPipeline(paths, { mode: "build" });
printIssues(sortIssues([...result.issues, ...placeholders]));
if (!result.ok) process.exit(1);
const pages = result.routes.length;
console.log(`Built ${pages} page${pages === 1 ? "" : "s"} (${result.files.size} files) into dist/ in ${Math.round(performance.now() - started)} ms.`);
const warnings = result.issues.filter((i) => i.severity === "warning").length + placeholders.length;
if (warnings) console.log(`${warnings} warning${warnings === 1 ? "" : "s"} (above). \`npm run build -- --strict\` turns placeholder addresses into errors.`);
