/** The preview: a click selects the field that holds the clicked text; its markers never reach a build. */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, openFile, openStudio, preview, test } from "./support/studio.ts";

// Studio bug (suspected): a click on the hero's h1 in the preview leaves #root_sections_0_heading unfocused (App.tsx onPreviewSelect/focusField).
test("clicking a heading in the preview focuses its field in the form", async ({ page, sharedStudio }) => {
  await openStudio(page, sharedStudio);
  const frame = preview(page);
  const h1 = frame.getByRole("heading", { level: 1, name: "Run Every Building from One Intelligent Platform" });
  await expect(h1).toBeVisible({ timeout: 0 });
  await h1.click();
  await expect(page.locator("#root_sections_0_heading")).toBeFocused();
  await expect(page.getByRole("group", { name: /^Hero\*?$/ }).getByRole("textbox", { name: "Heading", exact: true })).toBeFocused();

  // A heading of a later section selects that section's field.
  const data = JSON.parse(sharedStudio.read("content/pages/index.json")) as { sections: { heading?: string; hidden?: boolean }[] };
  const at = data.sections.findIndex((s, i) => i > 0 && !s.hidden && typeof s.heading === "string");
  const h2 = frame.getByRole("heading", { level: 2, name: data.sections[at]!.heading!, exact: true }).first();
  await h2.scrollIntoViewIfNeeded();
  await h2.click();
  await expect(page.locator(`#root_sections_${at}_heading`)).toBeFocused();
  // Only the form's pane scrolled to the field: the Studio's top bar is where it was.
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
  await expect(page.getByRole("banner")).toBeInViewport({ ratio: 1 });
});

test("opening a collection shows a page that lists it, and a page that already does stays", async ({ page, sharedStudio }) => {
  await openStudio(page, sharedStudio);
  const frame = preview(page);
  await expect(frame.getByRole("heading", { level: 1, name: "Run Every Building from One Intelligent Platform" })).toBeVisible({ timeout: 0 });
  // The plans are shown on /pricing only: opening them takes the preview there.
  await openFile(page, /^Plans/);
  await expect(frame.getByRole("heading", { level: 1, name: "Plans that Grow with Your Building" })).toBeVisible({ timeout: 0 });
  // Testimonials are shown on three pages: opened while the customers page is shown, the preview stays there.
  await openFile(page, /^Customers/);
  const customers = frame.getByRole("heading", { level: 1, name: "Buildings That Run Better, and the People Who Run Them" });
  await expect(customers).toBeVisible({ timeout: 0 });
  // The render that follows the opening (every open file change sends the drafts again) is shown: then the frame is looked at.
  const next = page.evaluate(() => new Promise<void>((resolve) => document.addEventListener("studio-preview-shown", () => resolve(), { once: true })));
  await openFile(page, /^Testimonials/);
  await expect(page.getByRole("heading", { level: 1, name: /Testimonials/ })).toBeVisible();
  await next;
  await expect(customers).toBeVisible();
  expect(await page.frame({ url: /\/customers\?/ })?.evaluate(() => location.pathname)).toBe("/customers");
});

test("a render of the page shown before, arriving after another page was opened, is not taken for a link followed", async ({ page, sharedStudio }) => {
  await openStudio(page, sharedStudio);
  await expect(preview(page).getByRole("heading", { level: 1, name: "Run Every Building from One Intelligent Platform" })).toBeVisible({ timeout: 0 });
  await openFile(page, /^Careers at Urbi/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Careers at Urbi" })).toBeVisible();
  // Careers shown first, so that the frame is not loading when the report below is made from it.
  await expect(preview(page).getByRole("heading", { level: 1, name: "Help Us Build Better Buildings" })).toBeVisible({ timeout: 0 });
  // What a slow machine does: the frame reports the home page's render (a version the app asked for before) after Careers was opened.
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  const app = new URL(page.url()).origin;
  await frame.evaluate((origin) => parent.postMessage({ type: "studio-shown", address: "/", version: 1 }, origin), app);
  // The editor stays on Careers, and the preview goes to it.
  await expect(preview(page).getByRole("heading", { level: 1, name: "Help Us Build Better Buildings" })).toBeVisible({ timeout: 0 });
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Careers at Urbi" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Rename" })).toBeEnabled();
});

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

test("no preview marker reaches a build", async ({ page, sharedStudio }) => {
  // The preview has the markers (so the search below looks for the right thing)…
  await openStudio(page, sharedStudio);
  const port = await page.locator('meta[name="studio-preview-port"]').getAttribute("content");
  const html = await new Promise<string>((resolve, reject) =>
    http.get(`http://localhost:${port}/`, (res) => {
      let t = "";
      res.on("data", (c: Buffer) => (t += c.toString()));
      res.on("end", () => resolve(t));
    }).on("error", reject),
  );
  expect(html).toContain("studio-section");
  expect(html).toContain("data-studio");
  // …and the build has none.
  const build = await sharedStudio.build();
  expect(build.code, build.output).toBe(0);
  const dist = path.join(sharedStudio.root, "dist");
  const all = files(dist);
  expect(all.length).toBeGreaterThan(20);
  const marked = all.filter((f) => {
    const text = readFileSync(f).toString("latin1");
    return text.includes("studio-section") || text.includes("data-studio");
  });
  expect(marked.map((f) => path.relative(dist, f))).toEqual([]);
});

test("a link in the preview goes to its page; Alt+click on it selects its own field, in the footer when it is the footer's", async ({ page, studio }) => {
  await openStudio(page, studio);
  const frame = preview(page);
  // The first check done (the Problems count known), the preview shows the draft's render and stays.
  await expect(page.getByRole("button", { name: /^Problems \d+$/ })).toBeVisible({ timeout: 0 });
  await expect(frame.getByRole("heading", { level: 1, name: "Run Every Building from One Intelligent Platform" })).toBeVisible({ timeout: 0 });
  // A plain click follows the link: the preview shows that page and the Studio opens its file.
  // The page is rendered when asked for: as long as the test may run (timeout 0), a busy machine cannot fail it.
  const link = frame.getByRole("contentinfo").getByRole("link", { name: "Property Managers", exact: true });
  await link.scrollIntoViewIfNeeded({ timeout: 0 });
  await link.click();
  await expect(page.getByRole("main").getByText("content/pages/solutions/property-managers.json")).toBeVisible({ timeout: 0 });
  expect(new URL(await frame.locator(":root").evaluate(() => location.href)).pathname).toBe("/solutions/property-managers");
  // The Studio's render of the opened file replaces the page the link loaded (in place, or by a load that keeps the scroll):
  // the Alt+click is made on that render, not on a page being replaced.
  const rendered = () => frame.locator(":root").evaluate(() => location.pathname + (new URLSearchParams(location.search).has("v") ? " (render)" : "")).catch(() => "loading");
  await expect.poll(rendered, { timeout: 0 }).toBe("/solutions/property-managers (render)");

  // Alt+click selects the link's own field. The header's menu has a link with the same words: the footer's is selected.
  const again = frame.getByRole("contentinfo").getByRole("link", { name: "Property Managers", exact: true });
  await again.scrollIntoViewIfNeeded({ timeout: 0 });
  await again.click({ modifiers: ["Alt"] });
  await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible({ timeout: 0 });
  await expect(page.locator("#root_footer_groups_0_links_0_title")).toBeFocused();
});
