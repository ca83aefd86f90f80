/**
 * The Studio's screenshots for CONTENT.md: starts the Studio (npm run studio) on a
 * scratch copy of content/ and schemas/ in a temp folder, made a git repository with one
 * commit so that the Changes panel has something to show, and takes PNGs with Chromium
 * (playwright-core) into docs/studio/:
 *   main.png          the home page open, 1440 × 900
 *   add-section.png   the "Add a section" catalogue
 *   image-picker.png  an image field's "Choose image" dialog
 *   problem.png       a field showing a problem (the page's title emptied)
 *   changes.png       the Changes panel with a saved edit, field by field
 *   phone.png         the Studio at 390 px wide
 * A PNG over 300 KB is encoded again with sharp (a palette, compression level 9).
 * The scratch copy is removed afterwards; the project's files are never touched.
 * Run: npx tsx scripts/studio-shots.ts
 */
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { chromiumPath, CHROMIUM_ARGS } from "./lib/browser.ts";
import { ROOT } from "./lib/paths.ts";
import { scratchProject, startStudioProcess } from "./bench/studio.ts";

const OUT = path.join(ROOT, "docs", "studio");
const MAX_BYTES = 300 * 1024;

const root = await scratchProject("studio-shots-");
const git = (...args: string[]) =>
  execFileSync(
    "git",
    [
      "-c",
      "user.name=Studio shots",
      "-c",
      "user.email=shots@example.invalid",
      "-c",
      "commit.gpgsign=false",
      ...args,
    ],
    { cwd: root, stdio: "ignore" },
  );
git("init", "-q");
git("add", "-A");
git("commit", "-q", "-m", "Scratch copy for the screenshots");

const studio = await startStudioProcess(root);
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: CHROMIUM_ARGS,
});
await fs.mkdir(OUT, { recursive: true });

async function open(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(studio.url);
  await page
    .frameLocator('iframe[title="Preview"]')
    .locator("h1")
    .first()
    .waitFor({ timeout: 60_000 });
  await page.waitForTimeout(800); // the preview's images and fonts
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  const file = path.join(OUT, name);
  await page.screenshot({ path: file });
  let bytes = (await fs.stat(file)).size;
  if (bytes > MAX_BYTES) {
    const smaller = await sharp(file)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    await fs.writeFile(file, smaller);
    bytes = smaller.length;
  }
  console.log(`${path.relative(ROOT, file)}  ${Math.round(bytes / 1024)} KB`);
}

try {
  const page = await open(1440, 900);
  await shot(page, "main.png");

  // The catalogue of sections.
  const add = page.getByRole("button", { name: "Add section" });
  await add.scrollIntoViewIfNeeded();
  await add.click();
  await page.getByRole("dialog", { name: "Add a section" }).waitFor();
  await page.waitForTimeout(300);
  await shot(page, "add-section.png");
  await page.keyboard.press("Escape");

  // An image field's picker.
  const choose = page.getByRole("button", { name: /Choose image/ }).first();
  await choose.scrollIntoViewIfNeeded();
  await choose.click();
  await page.waitForTimeout(600); // thumbnails
  await shot(page, "image-picker.png");
  await page.keyboard.press("Escape");

  // A field with a problem: the page's title emptied.
  const title = page.locator("#root_title");
  await title.scrollIntoViewIfNeeded();
  const original = await title.inputValue();
  await title.fill(""); // an error: no new render, the alert shows
  await page.locator(".st-alert").first().waitFor();
  await page.evaluate(() =>
    document.querySelector(".st-editor")?.scrollTo(0, 0),
  );
  await page.waitForTimeout(300);
  await shot(page, "problem.png");

  // A saved edit, and the Changes panel with its diff. Undo back to the file as opened,
  // then an edit of the site's settings, saved.
  await page.getByRole("button", { name: "Undo" }).click();
  await page.locator(".st-files section").filter({ has: page.getByRole("heading", { name: "Settings" }) }).getByRole("button").first().click();
  await page.locator("#st-editor-title").filter({ hasNotText: "Urbi Building OS: the operating system" }).waitFor();
  const field = page.locator('.st-editor input[type="text"]:not([readonly])').first();
  await field.waitFor();
  await field.fill(`${await field.inputValue()} Inc.`);
  await page.waitForTimeout(1500); // the draft checked
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const saved = await page
    .getByText(/^Saved /)
    .waitFor({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!saved) {
    // The Studio refused the save: change a file on disk instead, so that the panel has a diff to show.
    console.log(`studio-shots: the Studio did not save (${await page.locator(".st-status").textContent()}); changing content/pages/index.json on disk for the Changes panel`);
    const home = path.join(root, "content", "pages", "index.json");
    const text = await fs.readFile(home, "utf8");
    await fs.writeFile(home, text.replace("Run every building from one intelligent platform", "Run all your buildings from one intelligent platform"));
  }
  await page.getByRole("button", { name: "Changes" }).click();
  await page.getByRole("button", { name: /^Show the changes to / }).last().click();
  await page.locator(".st-diff").waitFor();
  await page.waitForTimeout(300);
  await shot(page, "changes.png");
  await page.close();

  const phone = await open(390, 844);
  await shot(phone, "phone.png");
  await phone.close();
} finally {
  await browser.close();
  await studio.stop();
  await fs.rm(root, { recursive: true, force: true });
}
