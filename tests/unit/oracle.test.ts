/**
 * The differential oracle (support/oracle.ts): random sequences of editors' edits (support/edits.ts),
 * and after each one every fast path — `npm run build` with its stored memo, the dev server's
 * builder and its one-page rebuild, the Studio's preview of the draft — writes or shows
 * exactly what a build from scratch writes. A build with an empty build cache ends each run.
 *
 * The regression list (oracle-regressions.json) holds the shrunk sequences that once failed,
 * and runs first. ORACLE_RUNS and ORACLE_STEPS make the random part longer:
 * `ORACLE_RUNS=40 ORACLE_STEPS=40 npx vitest run tests/unit/oracle.test.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, it } from "vitest";
import { editArb, type Edit } from "./support/edits.ts";
import { startOracle } from "./support/oracle.ts";

const RUNS = Number(process.env["ORACLE_RUNS"] ?? 3);
const STEPS = Number(process.env["ORACLE_STEPS"] ?? 14);
const regressions = JSON.parse(readFileSync(new URL("./oracle-regressions.json", import.meta.url), "utf8")) as { why: string; edits: Edit[] }[];

const caches = mkdtempSync(path.join(os.tmpdir(), "oracle-caches-"));
afterAll(() => rmSync(caches, { recursive: true, force: true }));
/** A build with an empty build cache is compared at the end of the first run of each test (it makes the font, images and bundles anew). */
const freshDone = new Set<string>();

async function runEdits(edits: Edit[], test: string): Promise<void> {
  const oracle = await startOracle(caches);
  try {
    for (const edit of edits) await oracle.step(edit);
    if (!freshDone.has(test)) {
      freshDone.add(test);
      await oracle.fresh();
    }
  } finally {
    oracle.close();
  }
}

describe("every fast path writes what a build from scratch writes", () => {
  for (const { why, edits } of regressions) it(`regression: ${why}`, () => runEdits(edits, why), 600_000);

  it(`after each of ${RUNS} random sequences of up to ${STEPS} edits`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: STEPS }), (edits) => runEdits(edits, "random")),
      // Shrinking runs every build again for each candidate: on request only (the failure names its edits either way).
      { numRuns: RUNS, endOnFailure: process.env["ORACLE_SHRINK"] !== "1" },
    );
  }, 3_600_000);
});
