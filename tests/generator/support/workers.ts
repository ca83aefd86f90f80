/** Test helper: a whole build in memory with SSG_WORKERS set to `workers` for its duration (restored after, whatever happens). */
import type { ProjectPaths } from "../../../scripts/lib/paths.ts";
import { runPipeline, type BuildResult } from "../../../scripts/pipeline/index.ts";

export async function buildWithWorkers(paths: ProjectPaths, workers: string): Promise<BuildResult> {
  const saved = process.env["SSG_WORKERS"];
  process.env["SSG_WORKERS"] = workers;
  try {
    return await runPipeline(paths, { mode: "build", write: false });
  } finally {
    if (saved === undefined) delete process.env["SSG_WORKERS"];
    else process.env["SSG_WORKERS"] = saved;
  }
}
