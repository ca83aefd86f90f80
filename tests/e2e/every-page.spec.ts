/**
 * Every built page, enumerated from the build's route manifest (dist/routes.json),
 * so pages added later are covered without touching this file.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { readVnuReport } from "./global-setup.ts";
import { gotoSettled } from "./support/settle.ts";

interface RouteEntry {
  path: string;
  output: string;
  status: number;
}

const routes = JSON.parse(readFileSync("dist/routes.json", "utf8")) as RouteEntry[];

for (const route of routes) {
  const url = route.status === 404 ? "/this-address-does-not-exist" : route.path;
  test(`${route.path}: status, one h1, title, description, lang, no console errors, no axe violations, valid HTML`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      // The not-found page's own 404 status is expected; nothing else may fail.
      const isOwnStatus = route.status === 404 && m.location().url.endsWith(url);
      if (m.type() === "error" && !isOwnStatus) errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("requestfailed", (r) => errors.push(`${r.url()} ${r.failure()?.errorText}`));

    const response = await gotoSettled(page, url);
    expect(response?.status()).toBe(route.status);
    await expect(page.locator("h1")).toHaveCount(1);
    expect((await page.title()).trim()).not.toBe("");
    expect(((await page.locator('meta[name="description"]').getAttribute("content")) ?? "").length).toBeGreaterThan(49);
    expect(await page.locator("html").getAttribute("lang")).toMatch(/^[a-z]{2}/);
    await expect(page.locator("main")).toHaveCount(1);
    await expect(page.locator("header").first()).toBeAttached();
    await expect(page.locator("footer")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    // The checker runs beside the first tests (global-setup.ts); waiting for it is not this page's time.
    test.setTimeout(test.info().timeout + 60_000);
    const vnu = await readVnuReport();
    const problems = vnu.messages
      .filter((m) => m.url.endsWith(`/dist/${route.output}`) && (m.type === "error" || m.type === "non-document-error"))
      .map((m) => `line ${m.lastLine}: ${m.message}`);
    expect(problems).toEqual([]);
  });
}

test("the route manifest lists the home and not-found pages", () => {
  expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/", "/404"]));
});
