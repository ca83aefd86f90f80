/** Images and pages: an uploaded PNG used as an image; a new page linked from the header. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, openFile, openStudio, status, test } from "./support/studio.ts";

// Studio bug: any edit of a page's field empties the page's "sections" list in the draft (see edit-save.spec.ts), so choosing the hero's image cannot be saved.
test("an uploaded PNG gets a lower-case-dashed name in content/assets and the saved page refers to it", async ({ page, studio }) => {
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 80, b: 140 } } }).png().toBuffer();
  await openStudio(page, studio);
  const hero = page.getByRole("group", { name: /^Hero\*?$/ });
  await hero.getByRole("button", { name: "Choose image" }).first().click();
  const picker = page.getByRole("dialog", { name: /^Choose an image/ });
  await expect(picker).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await picker.getByRole("button", { name: "Upload image" }).click();
  await (await chooser).setFiles({ name: "My Roof Photo (2).PNG", mimeType: "image/png", buffer: png });
  await expect(picker).toBeHidden();
  await expect(hero.getByRole("textbox", { name: /^Image\*?$/ }).first()).toHaveValue("assets/my-roof-photo-2.png");
  // The hero's image is marked as decoration: the editor is taken to that switch, and told why.
  await expect(hero.getByRole("switch", { name: /^Decorative/ }).first()).toBeFocused();
  await expect(hero.getByRole("status").first()).toContainText("It is marked as decoration");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toHaveText("Saved “Urbi Building OS: the operating system for modern buildings”.");
  const saved = JSON.parse(studio.read("content/pages/index.json")) as { sections: { images: { src: string }[] }[] };
  expect(saved.sections[0]!.images[0]!.src).toBe("assets/my-roof-photo-2.png");
  expect(studio.bytes("content/assets/my-roof-photo-2.png").equals(png)).toBe(true);
});

test("a new page at /about/press, linked from the header, builds with the header linking it", async ({ page, studio }) => {
  await openStudio(page, studio);
  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog", { name: "New page" });
  await dialog.getByRole("textbox", { name: "Address" }).fill("/about/press");
  await dialog.getByRole("textbox", { name: "Title" }).fill("Press and media");
  await dialog.getByRole("button", { name: "Create page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Press and media" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Content" }).getByRole("button", { name: "Press and media /about/press" })).toBeVisible();
  expect(existsSync(path.join(studio.root, "content/pages/about/press.json"))).toBe(true);

  await openFile(page, "Site settings");
  // The header's "About" menu gets a link to the new page, picked in the link combobox.
  const about = page.getByRole("group", { name: /^Nav \d+: About\*?$/ });
  await expect(about.getByRole("textbox", { name: "Title", exact: true }).first()).toHaveValue("About");
  const links = about.getByRole("group", { name: /^Links$/ });
  await links.getByRole("button", { name: "Add item" }).last().click();
  const added = links.getByRole("group", { name: /^Link \d+/ }).last();
  await added.getByRole("textbox", { name: "Title", exact: true }).fill("Press");
  const link = added.getByRole("combobox", { name: /^Link\*?$/ });
  await link.fill("/about/pr");
  await page.getByRole("option", { name: "/about/press" }).click();
  await expect(link).toHaveValue("/about/press");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toHaveText("Saved “Site settings”.");

  const build = await studio.build();
  expect(build.code, build.output).toBe(0);
  const html = readFileSync(path.join(studio.root, "dist/index.html"), "utf8");
  const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
  expect(header).toMatch(/href="\/about\/press"/);
  expect(existsSync(path.join(studio.root, "dist/about/press/index.html")) || existsSync(path.join(studio.root, "dist/about/press.html"))).toBe(true);
});

test("a replaced image takes the editor to its alternative text, written for the image before", async ({ page, sharedStudio }) => {
  await openStudio(page, sharedStudio);
  const image = page.getByRole("group", { name: /^Image: assets\/hero-lobby\.svg/ }).or(page.locator("[data-field='root_sections_3_image']")).first();
  await image.getByRole("button", { name: "Choose image" }).click();
  const picker = page.getByRole("dialog", { name: /^Choose an image/ });
  await picker.getByRole("button", { name: /hero-school/ }).first().click();
  await expect(picker).toBeHidden();
  const alt = page.locator("#root_sections_3_image_alt");
  await expect(alt).toBeFocused();
  await expect(alt).toHaveAccessibleName(/^Alternative text/);
  await expect(image.getByRole("status").first()).toContainText("Check its alternative text, which was written for the image before");
});
