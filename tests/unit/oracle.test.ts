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
import { listingTemplates } from "./support/listing.ts";
import { startOracle } from "./support/oracle.ts";

const RUNS = Number(process.env["ORACLE_RUNS"] ?? 3);
const STEPS = Number(process.env["ORACLE_STEPS"] ?? 14);
const LIST_RUNS = Number(process.env["ORACLE_RUNS"] ?? 2);
const regressions = JSON.parse(readFileSync(new URL("./oracle-regressions.json", import.meta.url), "utf8")) as { why: string; edits: Edit[] }[];

const caches = mkdtempSync(path.join(os.tmpdir(), "oracle-caches-"));
afterAll(() => rmSync(caches, { recursive: true, force: true }));
/** A build with an empty build cache is compared at the end of the first run of each test (it makes the font, images and bundles anew). */
const freshDone = new Set<string>();

/**
 * With SSG_WORKERS set: the builds that start a pool (all but the dev server's builder) share
 * pages with a worker thread however small the site, so that a worker's renders, the lists sent
 * to it when a page first reads one (render/pool.ts), are held against the builder's.
 */
async function withWorkers<T>(workers: string, run: () => Promise<T>): Promise<T> {
  const before = process.env["SSG_WORKERS"];
  process.env["SSG_WORKERS"] = workers;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env["SSG_WORKERS"];
    else process.env["SSG_WORKERS"] = before;
  }
}

async function runEdits(edits: Edit[], test: string, listing = false): Promise<void> {
  const oracle = await startOracle(caches, listing ? { files: listingTemplates(), templates: true } : {});
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

  it("with templates that list guides and records (useEntries): a record of each collection edited, a guide added, retitled, renamed and removed, pages rendered by a worker thread too", () =>
    withWorkers("1", () => runEdits(
      [
        ...[0, 1, 2, 3, 4].map((file): Edit => ({ op: "text", area: "collection", file, leaf: 3, word: "lobby" })),
        { op: "add", area: "guide", from: 0, name: "alpha" },
        { op: "text", area: "guide", file: 0, leaf: 0, word: "lobby" },
        { op: "rename", at: 0, name: "beta" },
        { op: "remove", at: 0 },
      ],
      "listing",
      true,
    )), 600_000);

  it(`with templates that list guides and records (useEntries), after each of ${LIST_RUNS} random sequences of up to ${STEPS} edits`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: STEPS }), (edits) => runEdits(edits, "listing", true)),
      { numRuns: LIST_RUNS, endOnFailure: process.env["ORACLE_SHRINK"] !== "1" },
    );
  }, 3_600_000);
});
