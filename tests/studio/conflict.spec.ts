/**
 * The same file edited in two tabs. Edits to different fields, saved at the same moment, are
 * both kept, and each tab then shows the other's. The same field changed in both asks which to
 * keep, shows both versions, and loses nothing: closing the question keeps the edit in the form.
 */
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, openFile, openStudio, status, test, type RunningStudio } from "./support/studio.ts";

const PLANS = "content/collections/plans.json";

/** Two tabs of one Studio, each with the plans open. */
async function twoTabs(context: BrowserContext, studio: RunningStudio): Promise<[Page, Page]> {
  const tabs: [Page, Page] = [await context.newPage(), await context.newPage()];
  for (const page of tabs) {
    await openStudio(page, studio);
    await openFile(page, /^Plans/);
  }
  return tabs;
}

test("two tabs saving different fields at the same moment both keep their edit", async ({ context, studio }) => {
  const [a, b] = await twoTabs(context, studio);
  const name = (page: Page, n: number) => page.getByRole("textbox", { name: "Name", exact: true }).nth(n);
  await expect(name(a, 0)).toHaveValue("Access");
  await expect(name(b, 1)).toHaveValue("Flow");
  await name(a, 0).fill("Access, edited in tab A");
  await name(b, 1).fill("Flow, edited in tab B");
  await Promise.all([a, b].map((page) => page.getByRole("button", { name: "Save", exact: true }).click()));
  for (const page of [a, b]) await expect(status(page)).toContainText("Saved “Plans”.");
  const saved = studio.read(PLANS);
  expect(saved).toContain('"name": "Access, edited in tab A"');
  expect(saved).toContain('"name": "Flow, edited in tab B"');
  // The tab that saved second says it kept the other edit, and shows it.
  const second = (await status(a).textContent())!.includes("Also kept") ? a : b;
  await expect(status(second)).toContainText("Also kept the changes made elsewhere to Item");
  await expect(name(second, 0)).toHaveValue("Access, edited in tab A");
  await expect(name(second, 1)).toHaveValue("Flow, edited in tab B");
});

test("the same field changed in two tabs asks which to keep, showing both, and loses nothing", async ({ context, studio }) => {
  const [a, b] = await twoTabs(context, studio);
  const name = (page: Page) => page.getByRole("textbox", { name: "Name", exact: true }).first();
  // Tab B has its edit unsaved when tab A's save lands (a clean tab would just show A's version: see the last test).
  await name(b).fill("Access from tab B");
  await name(a).fill("Access from tab A");
  await a.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(a)).toHaveText("Saved “Plans”.");
  await expect(b.getByRole("main").getByRole("status").filter({ hasText: "since you opened it" })).toBeVisible({ timeout: 0 });
  await expect(name(b)).toHaveValue("Access from tab B");

  await b.getByRole("button", { name: "Save", exact: true }).click();
  const prompt = b.getByRole("alertdialog", { name: "Changed here and elsewhere" });
  await expect(prompt).toBeVisible();
  const field = prompt.getByRole("group", { name: "Item 1 › Name" });
  await expect(field.getByRole("radio", { name: /Your version\s*Access from tab B/ })).not.toBeChecked();
  await expect(field.getByRole("radio", { name: /The other version\s*Access from tab A/ })).not.toBeChecked();
  // Nothing is chosen for the editor, and nothing was written.
  await expect(prompt.getByRole("button", { name: "Save with these choices" })).toBeDisabled();
  expect(studio.read(PLANS)).toContain('"name": "Access from tab A"');

  // Closing the question keeps tab B's edit, unsaved.
  await b.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  await expect(name(b)).toHaveValue("Access from tab B");
  await expect(status(b)).toContainText("still here, unsaved");

  // Saving again asks again; keeping tab B's version writes it.
  await b.getByRole("button", { name: "Save", exact: true }).click();
  await prompt.getByRole("group", { name: "Item 1 › Name" }).getByRole("radio", { name: /Your version/ }).check();
  await prompt.getByRole("button", { name: "Save with these choices" }).click();
  await expect(prompt).toBeHidden();
  await expect(status(b)).toHaveText("Saved “Plans”.");
  expect(studio.read(PLANS)).toContain('"name": "Access from tab B"');
});

test("a file changed on disk while open: the form shows it, or keeps the unsaved edit and Save merges both", async ({ page, studio }) => {
  await openStudio(page, studio);
  await openFile(page, /^Plans/);
  const name = (n: number) => page.getByRole("textbox", { name: "Name", exact: true }).nth(n);
  await expect(name(0)).toHaveValue("Access");
  /** Writes the plans as a pull or an editor's safe save does: a new file renamed over the old. */
  const replace = (from: string, to: string) => {
    const file = path.join(studio.root, PLANS);
    writeFileSync(`${file}.incoming`, studio.read(PLANS).replace(from, to));
    renameSync(`${file}.incoming`, file);
  };

  // No unsaved change: the form and the preview's data show the new version, and say so.
  replace('"name": "Access"', '"name": "Access, pulled"');
  await expect(name(0)).toHaveValue("Access, pulled");
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "changed outside the Studio" })).toContainText(
    "“Plans” changed outside the Studio: the form shows its new version",
  );

  // An unsaved edit stays in the form; Save merges it with what changed on disk meanwhile.
  await name(1).fill("Flow, typed here");
  replace('"name": "Access, pulled"', '"name": "Access, pulled again"');
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "since you opened it" })).toContainText("Your changes are kept: Save merges them with the new version.");
  await expect(name(1)).toHaveValue("Flow, typed here");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toContainText("Saved “Plans”.");
  const saved = studio.read(PLANS);
  expect(saved).toContain('"name": "Access, pulled again"');
  expect(saved).toContain('"name": "Flow, typed here"');
  await expect(name(0)).toHaveValue("Access, pulled again");
});
