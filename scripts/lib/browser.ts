/**
 * Which Chromium to drive: $CHROMIUM_PATH, else the system's, else Playwright's own bundled
 * browser on a developer machine.
 *
 * Tests and screenshots prefer Debian's `chromium-headless-shell` (the same engine built
 * without the desktop browser around it, as Playwright's own headless runs use): the browser
 * suites ran in about half the time with it (tests/e2e/pages.spec.ts: 1.5 against 3.0 min on
 * the 2-core machine). Lighthouse wants the full browser (`{ full: true }`).
 */
import { existsSync } from "node:fs";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath(options: { full?: boolean } = {}): string | undefined {
  const fromEnv = process.env["CHROMIUM_PATH"];
  if (fromEnv) return fromEnv;
  for (const candidate of options.full ? FULL : [HEADLESS_SHELL, ...FULL]) if (existsSync(candidate)) return candidate;
  return undefined; // Playwright's bundled browser
}
