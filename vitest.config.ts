import { defineConfig } from "vitest/config";

// CI_REPORT_DIR (set by .ci/run) adds a JSON report so CI can total unit and browser tests.
const reportDir = process.env["CI_REPORT_DIR"];

// tests/generator: the generator on its own, against the fixture site (tests/fixtures/site);
// tests/unit: the Building OS site (tests/README.md).
const ALL = ["tests/generator/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"];
// Files that replace a module with vi.mock need a module registry of their own.
const MOCKS_MODULES = ["tests/unit/late-failure.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Clean-up hooks remove many temporary project copies; on a loaded 2-core machine that passed vitest's 10 s default.
    hookTimeout: 60_000,
    // Vitest's default on 2 cores is one worker (cores - 1), and several files mostly
    // wait for child processes (killed-build, dev-server, the strict build): 3 keeps
    // both cores busy.
    maxWorkers: 3,
    reporters: reportDir ? ["default", ["json", { outputFile: `${reportDir}/vitest.json` }]] : ["default"],
    projects: [
      // A worker runs its files one after another in one module registry rather than loading
      // the generator again for each file (import time 87 s → 19 s over the suite, ~6.4
      // instead of ~7.9 min on 2 cores). Files restore what they change (process.env, spies).
      { extends: true, test: { name: "unit", include: ALL, exclude: MOCKS_MODULES, isolate: false } },
      { extends: true, test: { name: "isolated", include: MOCKS_MODULES } },
    ],
  },
});
