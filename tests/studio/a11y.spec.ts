/** The Studio's screens pass axe (WCAG 2.1 A and AA), and the keyboard reaches its main controls. */
import { axeViolations } from "../e2e/axe.ts";
import { expect, openStudio, status, test } from "./support/studio.ts";

// Studio bug: each action's "anyOf" <select> (#root_sections_0_actions_0__anyof_select, …) has no accessible name (axe select-name), form.tsx/rjsf's MultiSchemaField.
test("axe finds nothing on the main screen, the Add-section dialog, the Problems panel and the New page dialog", async ({ page, sharedStudio }) => {
  await openStudio(page, sharedStudio);
  await expect(page.getByRole("button", { name: /^Problems \d+$/ })).toBeVisible();
  expect(await axeViolations(page), "main screen").toEqual([]);

  await page.getByRole("button", { name: "Add section" }).click();
  const catalogue = page.getByRole("dialog", { name: "Add a section" });
  await expect(catalogue).toBeVisible();
  await expect(catalogue.getByRole("button", { name: /Hero/ }).first()).toBeVisible();
  expect(await axeViolations(page), "Add-section dialog").toEqual([]);
  await catalogue.getByRole("button", { name: "Cancel" }).click();
  await expect(catalogue).toBeHidden();

  await page.getByRole("button", { name: /^Problems/ }).click();
  await expect(page.getByRole("complementary", { name: "Problems in the site" })).toBeVisible();
  expect(await axeViolations(page), "Problems panel").toEqual([]);
  await page.getByRole("complementary", { name: "Problems in the site" }).getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "New page" }).click();
  await expect(page.getByRole("dialog", { name: "New page" })).toBeVisible();
  expect(await axeViolations(page), "New page dialog").toEqual([]);
});

test("Tab reaches the first page button, Save and the preview's width toggle", async ({ page, sharedStudio }) => {
  // Hundreds of key presses: on a busy machine this takes long, and only the result counts.
  test.setTimeout(300_000);
  await openStudio(page, sharedStudio);
  const targets = {
    firstPage: page.getByRole("navigation", { name: "Content" }).getByRole("button").first(),
    save: page.getByRole("button", { name: "Save", exact: true }),
    phone: page.getByRole("button", { name: "Phone" }),
  };
  const ids = await Promise.all(Object.values(targets).map((l, i) => l.evaluate((el, i) => (el.setAttribute("data-tab-target", String(i)), String(i)), i)));
  // Every element Tab lands on is noted by the page itself; the test looks every 25 presses (one round trip a press, not two).
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { tabReached: string[] }).tabReached = []);
    document.addEventListener("focusin", (e) => {
      const at = (e.target as Element | null)?.getAttribute?.("data-tab-target");
      if (at) seen.push(at);
    });
  });
  const reached = () => page.evaluate(() => [...new Set((window as unknown as { tabReached: string[] }).tabReached)].sort());
  await page.locator("body").focus();
  for (let n = 0; n < 3000 && (n % 25 || (await reached()).length < ids.length); n++) await page.keyboard.press("Tab");
  expect(await reached()).toEqual(ids);
});

test("the first Tab stop skips to the form, whose first field is the next", async ({ page, sharedStudio }) => {
  await openStudio(page, sharedStudio);
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the form" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  // The next stop is in the form's bar or the form, not the top bar or the page list.
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("on a phone, Save and what it did stay in view, the preview is one tap away, and buttons are 44 px tall", async ({ page, sharedStudio }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openStudio(page, sharedStudio);
  const save = page.getByRole("button", { name: "Save", exact: true });
  // Far down the form: the bar with Save is still on screen.
  await page.getByRole("main").getByRole("textbox").last().scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  await expect(status(page)).toBeInViewport();
  for (const button of [save, page.getByRole("button", { name: "Undo" }), page.getByRole("button", { name: "New page" })]) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The bar that stays takes little of the screen (the title on one line, the buttons in one row), and nothing scrolls sideways.
  const bar = (await page.locator(".st-editor-bar").boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(844 / 6);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("main").getByRole("link", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toBeInViewport();
});
