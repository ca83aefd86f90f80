import { defineConfig } from "vitest/config";

// CI_REPORT_DIR (set by .ci/run) adds a JSON report so CI can total unit and browser tests.
const reportDir = process.env["CI_REPORT_DIR"];

export default defineConfig({
  test: {
    // tests/generator: the generator on its own, against the fixture site (tests/fixtures/site);
    // tests/unit: the Building OS site (tests/README.md).
    include: ["tests/generator/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    // Clean-up hooks remove many temporary project copies; on a loaded 2-core machine that passed vitest's 10 s default.
    hookTimeout: 60_000,
    // Vitest's default on 2 cores is one worker (cores - 1), and several files mostly
    // wait for child processes (killed-build, dev-server, the strict build): 3 keeps
    // both cores busy.
    maxWorkers: 3,
    reporters: reportDir ? ["default", ["json", { outputFile: `${reportDir}/vitest.json` }]] : ["default"],
  },
});
