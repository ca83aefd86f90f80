/**
 * Forms a marketer reads (issue 35): what a button does is chosen by name, switching it keeps
 * the button's words, and only the chosen kind's field is shown.
 */
import { expect, openFile, openStudio, preview, status, test } from "./support/studio.ts";

test("a button's kind is chosen by name, and switching keeps its label", async ({ page, studio }) => {
  await openStudio(page, studio);
  const hero = page.getByRole("group", { name: /^Hero\*?$/ });
  const first = hero.getByRole("group", { name: /^Action 1: Schedule a Demo\*?$/ });
  const kind = first.getByRole("combobox", { name: "What it is" });
  await expect(kind).toHaveValue("opens");
  await expect(kind.locator("option:checked")).toHaveText("Opens a dialog (demo or assessment)");
  // Only the chosen kind's field: no "To" or "Menu" on a button that opens a dialog, and no chooser without a name.
  await expect(first.getByRole("combobox", { name: /^To\b/ })).toHaveCount(0);
  await expect(first.getByRole("combobox", { name: /^Menu\b/ })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: /^Kind$/ })).toHaveCount(0);

  await kind.selectOption({ label: "Goes to a page or web address" });
  await expect(first.getByRole("textbox", { name: "Label", exact: true })).toHaveValue("Schedule a Demo");
  await expect(first.getByRole("combobox", { name: /^Opens\b/ })).toHaveCount(0);
  const link = first.getByRole("textbox", { name: /^Link/ }).or(first.getByRole("combobox", { name: /^Link/ })).first();
  await link.fill("/pricing");
  await link.press("Tab");
  await expect(preview(page).getByRole("link", { name: "Schedule a Demo", exact: true }).first()).toHaveAttribute("href", /\/pricing/, { timeout: 0 });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toHaveText("Saved “Urbi Building OS: the operating system for modern buildings”.");
  const saved = JSON.parse(studio.read("content/pages/index.json")) as { sections: { actions: Record<string, unknown>[] }[] };
  expect(saved.sections[0]!.actions[0]).toEqual({ label: "Schedule a Demo", href: "/pricing" });
});

test("a page moved by Rename can be moved back, with its links, leaving the content as it was", async ({ page, studio }) => {
  await openStudio(page, studio);
  await openFile(page, /^Careers at Urbi/);
  await page.getByRole("button", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename page" });
  await dialog.getByRole("textbox").fill("/about/jobs");
  await dialog.getByRole("checkbox", { name: /^Update every link/ }).check();
  await dialog.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(status(page)).toHaveText("Moved to /about/jobs.");
  expect((await studio.git("status", "--porcelain", "-uall", "--", "content")).trim()).not.toBe("");
  await page.getByRole("button", { name: "Undo the move to /about/jobs" }).click();
  await expect(status(page)).toHaveText("Moved back to /about/careers, with its links.");
  await expect(page.getByRole("main").getByText("content/pages/about/careers.json")).toBeVisible();
  expect((await studio.git("status", "--porcelain", "-uall", "--", "content")).trim()).toBe("");
});
