import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./scripts/lib/browser.ts";

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env["E2E_PORT"] ?? 4173);
// Leads submitted by browser tests go to a throw-away file, read by the tests and the test server alike.
process.env["LEADS_FILE"] ??= path.resolve(".reports/e2e-leads.jsonl");
// CI_REPORT_DIR (set by .ci/run) adds a JSON report so CI can total unit and browser tests.
const reportDir = process.env["CI_REPORT_DIR"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env["CI"]),
  retries: 0,
  workers: 4,
  timeout: 30_000,
  reporter: reportDir ? [["list"], ["json", { outputFile: `${reportDir}/playwright.json` }]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1440, height: 900 },
  },
  // The built dist/, served exactly as `npm start` serves it.
  webServer: {
    command: "npx tsx scripts/start.ts",
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env["CI"],
    timeout: 30_000,
  },
});
