/** A full build of the project at argv[2] (content and schemas there, templates from this repository), for tests that kill it. */
import { projectPaths } from "../../../scripts/lib/paths.ts";
import { runPipeline } from "../../../scripts/pipeline/index.ts";

const result = await runPipeline(projectPaths(process.argv[2]!), { mode: "build" });
process.exit(result.ok ? 0 : 1);
