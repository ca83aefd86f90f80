/**
 * Issue 15: every control that opens a dialog is a button, the way assistive
 * technology sees it (role "button", aria-haspopup="dialog"), on every built page;
 * Enter and Space both open it and closing the dialog gives focus back to it.
 * Without script, the same control is a link to its fallback.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { stubCalendar } from "./support/dialogs.ts";

const site = JSON.parse(readFileSync("content/site.json", "utf8")) as { dialogs: { demo: { title: string }; assessment: { title: string } } };
const routes = (JSON.parse(readFileSync("dist/routes.json", "utf8")) as { path: string; status: number }[]).filter((r) => r.status === 200);

/** The dialog a trigger opens, by its accessible name. */
async function dialogFor(page: Page, trigger: Locator): Promise<Locator> {
  const kind = await trigger.getAttribute("data-open");
  const name = kind === "assessment" ? site.dialogs.assessment.title : ((await trigger.getAttribute("data-dialog-title")) ?? site.dialogs.demo.title);
  return page.getByRole("dialog", { name, exact: true });
}

async function openWith(page: Page, trigger: Locator, key: "Enter" | "Space"): Promise<void> {
  await trigger.focus();
  await page.keyboard.press(key);
  const dialog = await dialogFor(page, trigger);
  await expect(dialog, `${key} opens the dialog`).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger, "focus returns to the button").toBeFocused();
}

for (const route of routes) {
  test(`${route.path}: every dialog opener is a button that Enter and Space open`, async ({ page }) => {
    await stubCalendar(page);
    await page.goto(route.path);
    const scope = page.locator("main, header.site-header");
    const openers = scope.locator("[data-open]:visible");
    const count = await openers.count();
    // Every page has at least the header's Request Demo.
    expect(count).toBeGreaterThan(0);
    const tried = new Set<string>();
    for (let i = 0; i < count; i++) {
      const el = openers.nth(i);
      const info = await el.evaluate((node) => ({ tag: node.tagName, haspopup: node.getAttribute("aria-haspopup"), label: (node.textContent ?? "").trim(), kind: node.getAttribute("data-open") }));
      expect(info.tag, `${info.label} is a <button>`).toBe("BUTTON");
      expect(info.haspopup, `${info.label} says it opens a dialog`).toBe("dialog");
      // The same role and name is what a screen reader finds.
      await expect(scope.getByRole("button", { name: info.label, exact: true }).first()).toBeVisible();
      // Keyboard: each distinct kind and label once per page (the header's only on the home page).
      const key = `${info.kind} ${info.label}`;
      const inHeader = await el.evaluate((node) => Boolean(node.closest("header.site-header")));
      if (tried.has(key) || (inHeader && route.path !== "/")) continue;
      tried.add(key);
      await openWith(page, el, "Enter");
      await openWith(page, el, "Space");
    }
  });
}

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
