/**
 * `npm test` runs this first (npm's pretest): it finds what the tests need on this machine,
 * or installs it, so that the README's second command works alone on a fresh machine.
 *
 * - A Chromium for the browser tests: $CHROMIUM_PATH, the system's (lib/browser.ts), or
 *   Playwright's own when it has been downloaded. As root on Debian or Ubuntu, Debian's
 *   `chromium-headless-shell` is installed when it is missing (`apt-get update` first): the
 *   browser tests take about half as long with it as with the full `chromium`, which is used
 *   when it is all there is, and installed when the headless shell cannot be; otherwise
 *   `npx playwright install chromium`, which needs the internet.
 * - Java for the Nu Html Checker (vnu-jar): `java` on the PATH, or as root on Debian,
 *   `default-jre-headless`.
 *
 * When neither is possible it stops with one sentence saying what to install.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chromiumPath, HEADLESS_SHELL } from "./lib/browser.ts";

const isRoot = process.getuid?.() === 0;
const debian = existsSync("/etc/debian_version") || /^ID(_LIKE)?=.*(debian|ubuntu)/m.test(existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8") : "");
const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

let aptUpdated = false;
function aptInstall(packages: string[]): boolean {
  if (!isRoot || !debian || !has("apt-get")) return false;
  console.log(`npm test: installing ${packages.join(", ")} with apt-get (Debian's packages)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) aptUpdated = spawnSync("apt-get", ["update"], { stdio: "inherit", env }).status === 0;
  return spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...packages], { stdio: "inherit", env }).status === 0;
}

async function playwrightChromium(): Promise<string | undefined> {
  try {
    const { chromium } = await import("@playwright/test");
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function fail(sentence: string): never {
  console.error(`npm test cannot start: ${sentence}`);
  process.exit(1);
}

async function main(): Promise<void> {
  if (!process.env["CHROMIUM_PATH"] && !existsSync(HEADLESS_SHELL)) aptInstall(["chromium-headless-shell", "fonts-dejavu-core"]);
  if (!chromiumPath() && !(await playwrightChromium())) {
    const installed = aptInstall(["chromium", "fonts-dejavu-core"]) && chromiumPath();
    if (!installed) {
      console.log("npm test: no Chromium found; trying Playwright's own (npx playwright install chromium)...");
      const pw = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "install", "chromium"], { stdio: "inherit" });
      if (pw.status !== 0 || !(await playwrightChromium()))
        fail("the browser tests need Chromium. Install Debian's package (sudo apt-get install chromium), set CHROMIUM_PATH to a Chromium or Chrome binary, or run `npx playwright install chromium` where the internet is reachable.");
    }
  }
  if (!has("java") && !(aptInstall(["default-jre-headless"]) && has("java")))
    fail("the HTML checker (vnu-jar) needs Java 11 or later. Install it (sudo apt-get install default-jre-headless, or any JDK) so that `java` is on the PATH.");
}

await main();
