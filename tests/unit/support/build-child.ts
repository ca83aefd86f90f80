/**
 * A full build of the project at argv[2] (content and schemas there, templates from this
 * repository), for tests that kill it; build-child.mjs starts it from the generator's bundle. With `--die-before-swap`, the process kills itself
 * (SIGKILL) holding the lock with its new version complete, just before dist is pointed at it
 * (lib/swap.ts). With `--incremental`, the build `npm run build` runs: from its stored memo
 * (pipeline/memo/stored-memo.ts), bringing the spare version up to date with only what
 * changed; with `--die-mid-update` as well, it kills itself once it has replaced its first file there.
 */
import { projectPaths } from "../../../scripts/lib/paths.ts";
import { swapHooks } from "../../../scripts/lib/swap.ts";
import { updateHooks } from "../../../scripts/pipeline/stages/write/write.ts";
import { runPipeline } from "../../../scripts/pipeline/index.ts";

if (process.argv.includes("--die-before-swap")) swapHooks.beforeSwap = () => void process.kill(process.pid, "SIGKILL");
if (process.argv.includes("--die-mid-update")) updateHooks.afterFirstChange = () => void process.kill(process.pid, "SIGKILL");
const incremental = process.argv.includes("--incremental") ? { incremental: "auto" as const } : {};
// No top-level await: build-child.mjs runs this from a CommonJS bundle.
void runPipeline(projectPaths(process.argv[2]!), { mode: "build", ...incremental }).then((result) => process.exit(result.ok ? 0 : 1));
