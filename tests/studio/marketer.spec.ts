/**
 * A marketer's everyday tasks that the other files do not cover, done by role and label
 * alone as someone who never reads JSON would: add a testimonial and show it on a page, add
 * a page and link it from the footer, edit a guide, review the changes field by field and
 * discard one. Each ends with the files as a developer would have written them.
 */
import { expect, openFile, openStudio, preview, status, test } from "./support/studio.ts";

test("a new testimonial, listed on the customers page, shows there", async ({ page, studio }) => {
  test.slow(); // saves and builds: as long as the machine needs
  await openStudio(page, studio);
  await openFile(page, "Testimonials");
  // The testimonials' form is there (not the home page's still) before its list gets an item.
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible({ timeout: 0 });
  await expect(page.getByRole("group", { name: /^Testimonial 3/ })).toBeVisible();
  await page.getByRole("button", { name: "Add item" }).last().click();
  const added = page.getByRole("group", { name: /^Testimonial 4/ });
  await added.getByRole("textbox", { name: "Id" }).fill("leasing-manager");
  await added.getByRole("textbox", { name: "Title" }).fill("Leasing Manager");
  await added.getByRole("textbox", { name: "Content" }).fill("Tours, applications and questions now come to one place, and nothing waits for a callback.");
  await added.getByRole("spinbutton", { name: "Rating" }).fill("5");
  await added.getByRole("textbox", { name: "Portfolio" }).fill("Residential rental buildings");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toContainText("Saved “Testimonials”.", { timeout: 0 });
  expect(JSON.parse(studio.read("content/collections/testimonials.json")).items.at(-1)).toEqual({
    id: "leasing-manager",
    title: "Leasing Manager",
    content: "Tours, applications and questions now come to one place, and nothing waits for a callback.",
    rating: 5,
    portfolio: "Residential rental buildings",
  });

  // On the customers page, the testimonials section lists it: chosen by its name, in a list numbered from 1.
  await openFile(page, /^Customers/);
  await expect(page.getByRole("heading", { level: 1, name: "Customers and success stories" })).toBeVisible({ timeout: 0 });
  const section = page.getByRole("group", { name: "Testimonials", exact: true });
  const items = section.getByRole("group", { name: "Items", exact: true });
  await items.getByRole("button", { name: "Add item" }).click();
  const item = items.getByRole("combobox", { name: "Item 4", exact: true });
  await expect(item).toBeVisible();
  await item.selectOption({ label: "Leasing Manager (leasing-manager)" });
  await expect(preview(page).getByText("Tours, applications and questions now come to one place")).toBeVisible({ timeout: 0 });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toContainText("Saved “Customers and success stories”.", { timeout: 0 });
  const build = await studio.build();
  expect(build.code, build.output).toBe(0);
});

test("a new page gets its address from its title, and a footer link to it builds", async ({ page, studio }) => {
  test.slow(); // saves and builds: as long as the machine needs
  await openStudio(page, studio);
  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog", { name: "New page" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("Spring Webinar & Q&A");
  await expect(dialog.getByRole("textbox", { name: "Address" })).toHaveValue("/spring-webinar-and-q-and-a");
  await dialog.getByRole("textbox", { name: "Address" }).fill("/spring-webinar");
  await dialog.getByRole("textbox", { name: "Title" }).fill("Spring Webinar");
  await expect(dialog.getByRole("textbox", { name: "Address" })).toHaveValue("/spring-webinar");
  await dialog.getByRole("button", { name: "Create page" }).click();
  await expect(page.getByRole("main").getByText("content/pages/spring-webinar.json")).toBeVisible({ timeout: 0 });

  await page.getByRole("button", { name: "Site settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible({ timeout: 0 });
  const company = page.getByRole("group", { name: "Footer", exact: true }).getByRole("group", { name: /^Group \d+: Company/ });
  const links = company.getByRole("group", { name: "Links", exact: true });
  await expect(links.getByRole("group", { name: /^Link 1: / })).toBeVisible(); // the form is there before its links are counted
  const count = await links.getByRole("group", { name: /^Link \d/ }).count();
  await links.getByRole("button", { name: "Add item" }).last().click();
  const link = links.getByRole("group", { name: new RegExp(`^Link ${count + 1}`) });
  await link.getByRole("textbox", { name: "Title" }).fill("Spring webinar");
  await link.getByRole("combobox", { name: "Link" }).fill("/spring-webinar");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toContainText("Saved “Site settings”.", { timeout: 0 });
  await expect(preview(page).getByRole("contentinfo").getByRole("link", { name: "Spring webinar" })).toBeVisible({ timeout: 0 });
  const build = await studio.build();
  expect(build.code, build.output).toBe(0);
});

test("a guide's text is edited and saved as one changed line; Changes shows each field's before and now, and discards", async ({ page, studio }) => {
  test.slow(); // saves and builds: as long as the machine needs
  await openStudio(page, studio);
  await openFile(page, /^Getting Started with Property Management/);
  await expect(page.getByRole("heading", { level: 1, name: "Getting Started with Property Management" })).toBeVisible({ timeout: 0 });
  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Book a demo to see it live.");
  await page.keyboard.press("Control+s");
  await expect(status(page)).toContainText("Saved “Getting Started with Property Management”.", { timeout: 0 });
  const diff = (await studio.git("diff", "-U0", "--", "content/guides/getting-started.md")).split("\n").filter((l) => /^[-+](?![-+]{2} )/.test(l));
  expect(diff.filter((l) => l.startsWith("-"))).toEqual([]);
  expect(diff.filter((l) => l.trim() !== "+")).toEqual(["+Book a demo to see it live."]);

  // A heading changed on the home page too; Changes lists both, and shows the heading's before and now in words.
  await openFile(page, /^Urbi Building OS: the operating system for modern buildings/);
  await expect(page.getByRole("heading", { level: 1, name: "Urbi Building OS: the operating system for modern buildings" })).toBeVisible({ timeout: 0 });
  await page.locator("#root_sections_0_heading").fill("Every building, one platform");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(status(page)).toContainText("Saved “Urbi Building OS: the operating system for modern buildings”.", { timeout: 0 });
  await page.getByRole("button", { name: "Changes" }).click();
  const pane = page.getByRole("complementary", { name: "Changes not yet published" });
  await pane.getByRole("button", { name: /^Show the changes to Urbi Building OS/ }).click();
  const row = pane.getByRole("row").filter({ hasText: "Heading" }).first();
  await expect(row).toContainText("Run Every Building from One Intelligent Platform");
  await expect(row).toContainText("Every building, one platform");

  // Discarding the home page's change brings its file back as it was published, and leaves the guide's.
  await pane.getByRole("button", { name: /^Discard the changes to Urbi Building OS/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
  await expect.poll(() => studio.git("status", "--porcelain", "--", "content"), { timeout: 0 }).toBe(" M content/guides/getting-started.md\n");
  await expect(pane.getByRole("button", { name: /^Show the changes to Urbi Building OS/ })).toHaveCount(0);
});
