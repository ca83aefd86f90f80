import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./scripts/lib/browser.ts";

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env["E2E_PORT"] ?? 4173);
// Leads submitted by browser tests go to a throw-away file, read by the tests and the test server alike.
process.env["LEADS_FILE"] ??= path.resolve(".reports/e2e-leads.jsonl");
// CI_REPORT_DIR (set by .ci/run) adds a JSON report so CI can total unit and browser tests.
const reportDir = process.env["CI_REPORT_DIR"];
// `--project studio` alone needs neither the built site nor its server: the Studio's
// tests start Studios of their own (tests/studio/support/studio.ts).
const asked = process.argv.flatMap((a, i, all) => (a === "--project" ? [all[i + 1] ?? ""] : a.startsWith("--project=") ? [a.slice("--project=".length)] : []));
const studioOnly = asked.length > 0 && asked.every((p) => p === "studio");

export default defineConfig({
  projects: [
    // The built site (dist/), served by webServer below.
    { name: "site", testDir: "tests/e2e" },
    // The Studio (npm run studio) on scratch copies of content/: each test's Studio
    // renders previews and builds in its own process, so two at a time on a small machine.
    { name: "studio", testDir: "tests/studio", workers: 2, timeout: 60_000 },
  ],
  fullyParallel: true,
  forbidOnly: Boolean(process.env["CI"]),
  retries: 0,
  // Two at a time on the 2-core machines: with four, each Chromium waited for the others and tests
  // ran into their time limits under load (a full run took 24 min and 7 timed out); with three
  // (and the headless shell, scripts/lib/browser.ts) the suite took 9.4 min, with two 8.1.
  workers: 2,
  timeout: 30_000,
  reporter: reportDir ? [["list"], ["json", { outputFile: `${reportDir}/playwright.json` }]] : [["list"]],
  ...(studioOnly ? {} : { globalSetup: "./tests/e2e/global-setup.ts" }),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1440, height: 900 },
  },
  // The built dist/, served exactly as `npm start` serves it.
  webServer: studioOnly ? undefined : {
    command: "npx tsx scripts/start.ts",
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env["CI"],
    timeout: 30_000,
  },
});
