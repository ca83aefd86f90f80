/**
 * A full build of the project at argv[2] (content and schemas there, templates from this
 * repository), for tests that kill it. With `--die-between-renames`, the process kills
 * itself (SIGKILL) at the worst moment of the swap: dist/ moved away, the new folder not
 * yet in its place (lib/swap.ts).
 */
import { projectPaths } from "../../../scripts/lib/paths.ts";
import { swapHooks } from "../../../scripts/lib/swap.ts";
import { runPipeline } from "../../../scripts/pipeline/index.ts";

if (process.argv.includes("--die-between-renames")) swapHooks.betweenRenames = () => void process.kill(process.pid, "SIGKILL");
const result = await runPipeline(projectPaths(process.argv[2]!), { mode: "build" });
process.exit(result.ok ? 0 : 1);
