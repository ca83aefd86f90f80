import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";

const CALENDAR = /^https:\/\/calendar\.example\.com\//;

/** The calendar is an outside service: answer it with a small page so tests stay offline. */
async function stubCalendar(page: Page) {
  await page.route(CALENDAR, (route) =>
    route.fulfill({ contentType: "text/html", body: '<!DOCTYPE html><html lang="en"><title>Calendar</title><button>Pick 10:00</button></html>' }),
  );
}

test.beforeEach(async ({ page }) => {
  await stubCalendar(page);
});

test("loads nothing of the dialog before it is asked for", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto("/", { waitUntil: "networkidle" });
  expect(requests.filter((u) => /DemoDialog-/.test(u))).toEqual([]);
  expect(await page.locator("iframe").count()).toBe(0);
  await page.getByRole("banner").getByRole("button", { name: "Request Demo" }).click();
  await expect(page.getByRole("dialog", { name: "Schedule a Demo" })).toBeVisible();
  expect(requests.filter((u) => /DemoDialog-/.test(u))).toHaveLength(1);
});

test("opens from the header with the duration, the calendar and a new-tab link", async ({ page }) => {
  await page.goto("/");
  const trigger = page.getByRole("banner").getByRole("button", { name: "Request Demo" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Schedule a Demo" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("20 minutes");
  const frame = dialog.locator("iframe");
  await expect(frame).toHaveAttribute("title", "Demo booking calendar");
  await expect(frame).toHaveAttribute("height", "600");
  await expect(frame).toHaveAttribute("src", CALENDAR);
  expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
  const newTab = dialog.getByRole("link", { name: /Open the calendar in a new tab/ });
  await expect(newTab).toHaveAttribute("href", CALENDAR);
  await expect(newTab).toHaveAttribute("target", "_blank");
  await expect(newTab).toHaveAttribute("rel", "noopener noreferrer");
  expect(await axeViolations(page)).toEqual([]);
});

test("is a modal dialog: focus inside, Tab wraps, Escape closes and focus returns", async ({ page }) => {
  await page.goto("/");
  const trigger = page.locator("main").getByRole("button", { name: "Schedule a Demo", exact: true }).first();
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Schedule a Demo" });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("button", { name: "Close" });
  await expect(close).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("link", { name: /Open the calendar/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
});

test("takes its title from the button, and keeps the loaded calendar when reopened", async ({ page }) => {
  await page.goto("/");
  // The HERO AI carousel's button names its own dialog title; the page's is "Schedule a Demo".
  const trigger = page.locator("main").getByRole("button", { name: "Schedule a HERO AI Demo" });
  await expect(trigger).toHaveAttribute("data-dialog-title", "Schedule a HERO AI Demo");
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Schedule a HERO AI Demo" });
  await expect(dialog).toBeVisible();
  await dialog.locator("iframe").evaluate((el) => ((el as HTMLIFrameElement & { marked?: boolean }).marked = true));
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("banner").getByRole("button", { name: "Request Demo" }).click();
  const again = page.getByRole("dialog", { name: "Schedule a Demo" });
  await expect(again).toBeVisible();
  expect(await again.locator("iframe").evaluate((el) => (el as HTMLIFrameElement & { marked?: boolean }).marked)).toBe(true);
  await page.mouse.click(5, 5);
  await expect(again).toBeHidden();
});

test("without JavaScript, a demo button leads to the calendar itself", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await stubCalendar(page);
  await page.goto("/");
  await expect(page.locator("main").getByRole("button", { name: "Schedule a Demo", exact: true })).toHaveCount(0);
  await page.locator("main").getByRole("link", { name: "Schedule a Demo", exact: true }).first().click();
  await expect(page).toHaveURL(CALENDAR);
  await context.close();
});

test("opened from the mobile drawer, gives focus back to the menu button when closed", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator('ssg-island[data-island="SiteHeader"][data-hydrated]')).toHaveCount(1);
  const menu = page.getByRole("button", { name: "Open menu" });
  await menu.click();
  await page.getByRole("dialog", { name: "Urbi menu" }).getByRole("button", { name: "Request Demo" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule a Demo" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(menu).toBeFocused();
});
