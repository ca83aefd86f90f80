/**
 * The same input always gives the same bytes: two builds of the fixture site, and a
 * build on the main thread alone (SSG_WORKERS=0) against one that shares Markdown
 * parsing and rendering with a worker thread (SSG_WORKERS=1 forces sharing at any size;
 * scripts/pipeline/pool.ts).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../scripts/pipeline/index.ts";
import { fixturesRemovedAfterAll } from "./fixture.ts";
import { buildWithWorkers } from "./support/workers.ts";
import { outputBytes } from "../../scripts/pipeline/stages/write/write.ts";

const project = fixturesRemovedAfterAll(afterAll);
// One copy for every build: the sitemap's dates come from the files' modification times.
const p = project();

async function build(workers: string): Promise<BuildResult> {
  const result = await buildWithWorkers(p, workers);
  expect(result.issues).toEqual([]);
  return result;
}

/** Files that differ between two builds, by name (and those only one of them has). */
function differences(a: BuildResult, b: BuildResult): string[] {
  const names = [...new Set([...a.files.keys(), ...b.files.keys()])].sort();
  return names.filter((name) => {
    const x = a.files.get(name);
    const y = b.files.get(name);
    return x === undefined || y === undefined || !outputBytes(x).equals(outputBytes(y));
  });
}

describe("determinism", () => {
  it("two builds of the same content give identical bytes, file for file", async () => {
    const a = await build("0");
    const b = await build("0");
    expect(a.files.size).toBe(22);
    expect(differences(a, b)).toEqual([]);
  });

  it("a build that shares its work with a worker thread writes exactly what a single-threaded one does", async () => {
    const single = await build("0");
    const shared = await build("1");
    expect([...shared.files.keys()]).toEqual([...single.files.keys()]);
    expect(differences(single, shared)).toEqual([]);
    expect(shared.routes.map((r) => r.path)).toEqual(single.routes.map((r) => r.path));
  }, 60_000);
});
