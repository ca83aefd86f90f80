/**
 * Which Chromium to drive: $CHROMIUM_PATH, else the system's /usr/bin/chromium
 * (CI and these machines), else Playwright's own bundled browser on a developer machine.
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

export function chromiumPath(): string | undefined {
  const fromEnv = process.env["CHROMIUM_PATH"];
  if (fromEnv) return fromEnv;
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser"]) if (existsSync(candidate)) return candidate;
  return undefined; // Playwright's bundled browser
}
