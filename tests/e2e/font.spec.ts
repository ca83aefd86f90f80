/**
 * The brand font (scripts/pipeline/stages/media/font.ts) in the browser: every page preloads the one
 * WOFF2 its @font-face names, the face loads under the Content-Security-Policy with
 * `font-display: swap`, text is set in it, and the home page does not shift while it
 * loads, on a phone and on a desktop.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { layoutShift } from "./support/layout-shift.ts";

const routes = JSON.parse(readFileSync("dist/routes.json", "utf8")) as { path: string; status: number }[];
const FONT = /^\/assets\/inter-[a-z0-9]{10}\.woff2$/;


test("every page preloads the brand font its stylesheet names, with crossorigin so the preload is used", async ({ request }) => {
  let font: string | undefined;
  for (const r of routes) {
    const html = await (await request.get(r.path)).text();
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin=""\/>/g)].map((m) => m[1]!);
    expect(preloads, r.path).toHaveLength(1);
    expect(preloads[0], r.path).toMatch(FONT);
    const faces = [...html.matchAll(/@font-face\{[^}]*\}/g)].map((m) => m[0]);
    const brand = faces.find((f) => /font-family:"?Inter"?;/.test(f));
    expect(brand, r.path).toContain(`url(${preloads[0]})`);
    expect(brand, r.path).toContain("font-display:swap");
    font ??= preloads[0];
    expect(preloads[0], "one font file for the whole site").toBe(font);
  }
  const res = await request.get(font!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("font/woff2");
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await res.body()).byteLength).toBeLessThanOrEqual(40_000);
});

test("the font loads once, with font-display swap, and the text is set in it", async ({ page }) => {
  const fontRequests: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => r.resourceType() === "font" && fontRequests.push(r.url()));
  page.on("console", (m) => (m.type() === "error" || /preload/i.test(m.text())) && problems.push(m.text()));
  await page.goto("/", { waitUntil: "load" });
  const state = await page.evaluate(async () => {
    await document.fonts.ready;
    const faces = [...document.fonts].map((f) => ({ family: f.family.replace(/"/g, ""), status: f.status, display: f.display, weight: f.weight }));
    return {
      status: document.fonts.status,
      check: document.fonts.check('16px "Inter"') && document.fonts.check('700 48px "Inter"'),
      faces,
      body: getComputedStyle(document.body).fontFamily,
      h1: getComputedStyle(document.querySelector("h1")!).fontFamily,
    };
  });
  expect(state.status).toBe("loaded");
  expect(state.check).toBe(true);
  expect(state.faces.find((f) => f.family === "Inter")).toEqual({ family: "Inter", status: "loaded", display: "swap", weight: "400 700" });
  expect(state.body).toMatch(/^Inter, "Inter Fallback", /);
  expect(state.h1).toMatch(/^Inter, /);
  // The preload and the @font-face are one request (a second would mean the preload went unused).
  expect(new Set(fontRequests).size).toBe(1);
  expect(fontRequests).toHaveLength(1);
  expect(problems).toEqual([]);
});

for (const width of [390, 1440]) {
  test(`the home page does not shift while it loads at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.goto("/", { waitUntil: "load" });
    // Zero as Lighthouse reports it (three decimals). When the machine is loaded the font can land
    // after the first paint, and the swap from the metric-matched fallback then moves a line by a
    // pixel: CI measured 0.00015 once. Anything real (an image without dimensions, a late banner)
    // scores far above 0.0005.
    expect(await layoutShift(page)).toBeLessThan(0.0005);
  });
}

test("with the font held back, the swap from the metric-matched fallback barely moves the home page", async ({ page }) => {
  // The fallback (Arial, Roboto or DejaVu Sans, whichever the machine has) paints first; Inter arrives 1.5 s later.
  await page.route(/\/assets\/inter-[a-z0-9]+\.woff2$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/", { waitUntil: "load" });
  // Average widths match, single words do not quite: far below the 0.1 that Core Web Vitals call good.
  expect(await layoutShift(page)).toBeLessThan(0.005);
});
