/**
 * npm run check: validates content (schemas, references, routes, links) without
 * rendering, and fails when templates/content-types.ts or ERRORS.md is stale (a
 * developer's change to schemas/ or the error catalogue not followed by `npm run types`
 * / `npm run docs`). SECTIONS.md also lists the pages that use each section, so an
 * editor's new page changes it: check rewrites it then, never fails over it.
 */
import { existsSync, promises as fs } from "node:fs";
import { CATALOGUE_FILE, ERRORS_FILE, generateCatalogue, generateErrorReference } from "./docs.ts";
import { generateTypes, typesFile } from "./gen-types.ts";
import path from "node:path";
import { GENERATOR, projectArg, projectPaths } from "./lib/paths.ts";
import { printIssues, warningSummary } from "./problems/report.ts";
import { runPipeline } from "./pipeline/index.ts";
import { loadSchemas } from "./pipeline/stages/validate/schemas.ts";

const started = performance.now();
// The schemas are read once, for the content check, the types and the catalogue.
const extra = await projectArg(process.argv.slice(2));
if (extra.length) {
  console.error(`Unknown option ${extra.join(" ")}. Usage: npm run check [-- --project <dir>]`);
  process.exit(2);
}
const paths = projectPaths();
/** The generator's own repository, whose site keeps SECTIONS.md and whose ERRORS.md is checked; another site has neither. */
const own = paths.root === path.dirname(GENERATOR) && paths.templates === path.join(paths.root, "templates");
/** Generated types are checked where a project has them (npm run types writes them). */
const TYPES_FILE = typesFile(paths.templates);
const typed = existsSync(TYPES_FILE);
const schemas = loadSchemas(paths.schemas);
const [result, expected, actual, catalogue, catalogueOnDisk, errorsOnDisk] = await Promise.all([
  runPipeline(paths, { mode: "check", warm: { schemas } }),
  // Schemas with mistakes: the check reports them (the pipeline's load or validate stage); the types wait for a fix.
  typed ? schemas.then((s) => generateTypes(paths.schemas, s, paths.templates)).catch(() => undefined) : "",
  fs.readFile(TYPES_FILE, "utf8").catch(() => ""),
  // A page that is not JSON (reported by the content check) leaves the catalogue as it is.
  own ? schemas.then((s) => generateCatalogue(paths.root, s)).catch(() => undefined) : "",
  fs.readFile(CATALOGUE_FILE, "utf8").catch(() => ""),
  fs.readFile(ERRORS_FILE, "utf8").catch(() => ""),
]);
printIssues(result.issues);
let ok = result.ok;
if (typed && expected !== undefined && expected !== actual) {
  console.error(`templates/content-types.ts is out of date with schemas/. Run \`npm run types${own ? "" : ` -- --project ${path.relative(process.cwd(), paths.root) || "."}`}\` and commit the result.`);
  ok = false;
}
if (own && result.ok && catalogue !== undefined && catalogue !== catalogueOnDisk) {
  await fs.writeFile(CATALOGUE_FILE, catalogue);
  console.log("Updated SECTIONS.md, the catalogue of sections: the pages that use them changed.");
}
if (own && generateErrorReference() !== errorsOnDisk) {
  console.error("ERRORS.md is out of date with scripts/problems/errors.ts. Run `npm run docs` and commit the result.");
  ok = false;
}
if (!ok) process.exit(1);
console.log(`Content is valid: ${result.routes.length} routes checked in ${Math.round(performance.now() - started)} ms.`);
const summary = warningSummary(result.issues);
if (summary) console.log(summary);
