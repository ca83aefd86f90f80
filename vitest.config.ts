import { defineConfig } from "vitest/config";

// CI_REPORT_DIR (set by .ci/run) adds a JSON report so CI can total unit and browser tests.
const reportDir = process.env["CI_REPORT_DIR"];

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
    reporters: reportDir ? ["default", ["json", { outputFile: `${reportDir}/vitest.json` }]] : ["default"],
  },
});
