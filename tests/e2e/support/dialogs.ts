/** Shared by browser tests that open the demo dialog: a stand-in calendar and a dialog check. */
import { expect, type Page } from "@playwright/test";

/** Answers the calendar frame's requests locally (no network in tests). */
export async function stubCalendar(page: Page): Promise<void> {
  await page.route(/^https:\/\/calendar\.example\.com\//, (r) => r.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><title>Calendar</title>" }));
}

/** A dialog with this name is open; Escape closes it. */
export async function expectDialog(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}
