/**
 * Section 2, stages: in-process timings of each pipeline stage. runPipeline({ mode: "build",
 * write: false }) once as a warm-up (module loading, JIT, esbuild service start), then RUNS
 * times; each run's per-stage timings as runPipeline reports them plus its total wall time,
 * and the median of each.
 */
import { median } from "../lib/sizes.ts";
import { runPipeline } from "../pipeline/index.ts";
import { paths, round, RUNS } from "./shared.ts";

export async function stageTimings(): Promise<{ runs: Record<string, number>[]; median: Record<string, number> }> {
  const once = async () => {
    const started = performance.now();
    const result = await runPipeline(paths, { mode: "build", write: false });
    if (!result.ok) throw new Error(`In-process build failed: ${result.issues.map((i) => i.message).join("; ")}`);
    return { ...result.timings, total: round(performance.now() - started) };
  };
  await once(); // warm-up: module loading, JIT, esbuild service start
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const stages = [...new Set(runs.flatMap((r) => Object.keys(r)))];
  const med = Object.fromEntries(stages.map((s) => [s, round(median(runs.map((r) => r[s] ?? 0)))]));
  return { runs, median: med };
}
