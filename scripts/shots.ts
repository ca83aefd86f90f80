/**
 * npm run shots: full-page screenshots of every built page at 360, 390 and 1440 px
 * into .reports/shots/ (SHOTS_DIR moves it), for looking at what visitors see. Run
 * after npm run build; name routes to shoot only those (npm run shots -- /about).
 * `--project <dir>` shoots that site's dist/ (into <dir>/.reports/shots/).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumPath, CHROMIUM_ARGS } from "./lib/browser.ts";
import { projectArg, projectPaths } from "./lib/paths.ts";
import { startServer } from "./lib/server.ts";

const only = await projectArg(process.argv.slice(2));
const { root, dist } = projectPaths();
const routes = JSON.parse(await fs.readFile(path.join(dist, "routes.json"), "utf8")) as { path: string; alias: boolean }[];
const server = await startServer({ dist, port: 0 });
const port = (server.address() as { port: number }).port;
const out = path.resolve(root, process.env["SHOTS_DIR"] ?? ".reports/shots");
await fs.mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const width of [360, 390, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } });
  for (const r of routes.filter((r) => !r.alias && (only.length === 0 || only.includes(r.path)))) {
    await page.goto(`http://127.0.0.1:${port}${r.path === "/404" ? "/this-page-does-not-exist" : r.path}`, { waitUntil: "networkidle" });
    // Scroll through the page as a visitor would, so that lazy images load before the full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(400); // the header's transparent/solid transition
    const name = `${(r.path.slice(1) || "home").replace(/\//g, "_")}-${width}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.relative(process.cwd(), path.join(out, name)));
  }
  await page.close();
}
await browser.close();
server.close();
