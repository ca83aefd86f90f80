/** npm run build: content -> dist/. Exits 1, naming every mistake, when content is wrong. */
import { projectPaths } from "./lib/paths.ts";
import { printIssues } from "./lib/report.ts";
import { runPipeline } from "./pipeline/index.ts";

const started = performance.now();
const result = await runPipeline(projectPaths(), { mode: "build" });
printIssues(result.issues);
if (!result.ok) process.exit(1);
const pages = result.routes.length;
console.log(`Built ${pages} page${pages === 1 ? "" : "s"} (${result.files.size} files) into dist/ in ${Math.round(performance.now() - started)} ms.`);
