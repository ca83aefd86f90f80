/**
 * Issue 15: without script, every control that opens a dialog is a link to its fallback.
 * (With script, each is a button that Enter and Space open, on every page: pages.spec.ts.)
 */
import { expect, test } from "@playwright/test";

test("without script, every dialog opener is a link to its fallback", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ["/", "/pricing", "/login"]) {
    await page.goto(path);
    await expect(page.locator("[data-open]:visible"), path).toHaveCount(0);
    const fallbacks = page.locator("a.nojs-only:visible");
    expect(await fallbacks.count(), path).toBeGreaterThan(0);
    for (const href of await fallbacks.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) expect(href, path).toMatch(/^(https:\/\/|mailto:)/);
  }
  await context.close();
});
