/** The same file edited in two tabs: the second save is told the file changed on disk, and can load that version. */
import { expect, openFile, openStudio, status, test } from "./support/studio.ts";

const PLANS = "content/collections/plans.json";

test("a save over another tab's save asks, and 'Load the version on disk' shows the other tab's value", async ({ context, studio }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  for (const page of [a, b]) {
    await openStudio(page, studio);
    await openFile(page, /^Plans/);
  }
  const name = (page: typeof a) => page.getByRole("textbox", { name: "Name", exact: true }).first();
  await expect(name(a)).toHaveValue("Access");
  await expect(name(b)).toHaveValue("Access");

  await name(a).fill("Access from tab A");
  await a.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(a)).toHaveText(`Saved ${PLANS}.`);
  expect(studio.read(PLANS)).toContain('"name": "Access from tab A"');

  await name(b).fill("Access from tab B");
  await b.getByRole("button", { name: "Save", exact: true }).click();
  const prompt = b.getByRole("alertdialog", { name: "This file changed on disk" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expect(prompt.getByRole("button", { name: "Overwrite with mine" })).toBeVisible();
  // Tab B's edit was not written.
  expect(studio.read(PLANS)).toContain('"name": "Access from tab A"');
  await prompt.getByRole("button", { name: "Load the version on disk" }).click();
  await expect(prompt).toBeHidden();
  await expect(name(b)).toHaveValue("Access from tab A");
  expect(studio.read(PLANS)).not.toContain("tab B");
});
