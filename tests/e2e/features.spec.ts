/**
 * The features pages: the overview's cards (from content/collections/features.json)
 * and their Read more links, the Coming Soon badges wherever the content puts them
 * (including the audit trail's two readings), the alternating feature blocks, and
 * the resident app page with its Download App menu by mouse, keyboard and without
 * JavaScript.
 *
 * Expectations are read from content, so a feature added or marked there is
 * tested without touching this file.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";

interface Item {
  title: string;
  description: string;
  comingSoon?: boolean;
  overviewAvailable?: boolean;
}
interface Category {
  id: string;
  title: string;
  comingSoon?: boolean;
  groups: { heading: string; items: Item[] }[];
}
interface Link {
  title: string;
  href: string;
}

const categories = (JSON.parse(readFileSync("content/collections/features.json", "utf8")) as { items: Category[] }).items;
const site = JSON.parse(readFileSync("content/site.json", "utf8")) as { appStores: Link[]; labels: { comingSoon: string } };
const SOON = site.labels.comingSoon;
const resident = JSON.parse(readFileSync("content/pages/features/resident-experience.json", "utf8")) as {
  sections: { type: string; id?: string; cards?: { title: string }[] }[];
};

const itemsOf = (c: Category) => c.groups.flatMap((g) => g.items);
const soonIn = (item: Item, where: "overview" | "page") => item.comingSoon === true && !(where === "overview" && item.overviewAvailable === true);
/** The list item of one feature, found by its title in bold. */
const feature = (scope: Locator, title: string) =>
  scope.locator("li:has(> p > span.font-semibold)", { has: scope.page().locator("p > span.font-semibold", { hasText: new RegExp(`^${title}$`) }) });

test.describe("/features overview", () => {
  test("a card per category, with its items written 'Title – description' and a badge where the content says", async ({ page }) => {
    await page.goto("/features");
    const cards = page.locator("#categories > div > ul > li");
    await expect(cards).toHaveCount(categories.length);
    for (const [i, c] of categories.entries()) {
      const card = cards.nth(i);
      const title = card.getByRole("heading", { level: 3 });
      await expect(title).toHaveText(c.comingSoon ? `${c.title} ${SOON}` : c.title);
      await expect(title.getByText(SOON, { exact: true })).toHaveCount(c.comingSoon ? 1 : 0);
      const items = itemsOf(c);
      await expect(card.locator("ul > li")).toHaveCount(items.length);
      for (const item of items) {
        const li = feature(card, item.title);
        const soon = soonIn(item, "overview");
        await expect(li, `${c.id}: ${item.title}`).toHaveText(`${item.title}${soon ? ` ${SOON}` : ""} – ${item.description}`);
        await expect(li.getByText(SOON, { exact: true })).toHaveCount(soon ? 1 : 0);
      }
    }
  });

  for (const c of categories) {
    test(`Read more on the ${c.title} card lands on /features/${c.id}, whose h1 is the category`, async ({ page }) => {
      await page.goto("/features");
      const link = page.getByRole("link", { name: `Read more about ${c.title}` });
      await expect(link).toHaveCount(1);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/features/${c.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
    });
  }
});

test.describe("category pages", () => {
  for (const c of categories) {
    test(`/features/${c.id}: every feature block, every feature, badges where the content says, sides alternating`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/features/${c.id}`);
      const main = page.locator("main");
      let previous: boolean | undefined;
      for (const group of c.groups) {
        const heading = page.getByRole("heading", { level: 2, name: group.heading, exact: true });
        await expect(heading).toHaveCount(1);
        const block = main.locator("section", { has: heading });
        for (const item of group.items) {
          const li = feature(block, item.title);
          const soon = soonIn(item, "page");
          await expect(li, item.title).toHaveText(`${item.title}${soon ? ` ${SOON}` : ""} – ${item.description}`);
          await expect(li.getByText(SOON, { exact: true })).toHaveCount(soon ? 1 : 0);
        }
        const [text, image] = await Promise.all([heading.boundingBox(), block.locator("img").boundingBox()]);
        const imageRight = image!.x > text!.x;
        if (previous !== undefined) expect(imageRight, `${group.heading}: the illustration swaps sides`).toBe(!previous);
        previous = imageRight;
      }
      await expect(main.locator("button[data-open=demo]").first()).toBeVisible();
    });
  }

  test("the audit trail reads Coming Soon on its page and available in the overview", async ({ page }) => {
    const owner = categories.find((c) => itemsOf(c).some((i) => i.overviewAvailable))!;
    const item = itemsOf(owner).find((i) => i.overviewAvailable)!;
    await page.goto(`/features/${owner.id}`);
    await expect(feature(page.locator("main"), item.title).getByText(SOON, { exact: true })).toBeVisible();
    await page.goto("/features");
    await expect(feature(page.locator("main"), item.title)).toHaveText(`${item.title} – ${item.description}`);
  });
});

test.describe("/features/resident-experience", () => {
  const cards = resident.sections.find((s) => s.id === "app-features")!.cards!.map((c) => c.title);
  const SECTIONS = ["Amenity booking", "Parking", "Package notifications", "Payments", "Visitor access", "Documents hub", "Event RSVPs", "Push notifications", "Direct messaging", "Marketplace access"];

  test("has a section for each of the spec's ten resident features", async ({ page }) => {
    expect(cards).toEqual(SECTIONS);
    await page.goto("/features/resident-experience");
    for (const name of SECTIONS) await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  });

  const trigger = (page: Page) => page.getByRole("button", { name: "Download App" }).first();
  const list = async (page: Page) => page.locator(`#${await trigger(page).getAttribute("aria-controls")}`);
  async function ready(page: Page) {
    await page.goto("/features/resident-experience");
    await expect(page.locator('ssg-island[data-island="AppMenu"][data-hydrated]')).toHaveCount(2);
    await expect(page.locator(".menu-root[data-ready] button").first()).toHaveAttribute("aria-expanded", "false");
  }
  async function expectStoreLinks(menu: Locator) {
    const links = menu.getByRole("link");
    await expect(links).toHaveCount(site.appStores.length);
    for (const [i, store] of site.appStores.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", store.href);
      await expect(links.nth(i)).toHaveAttribute("target", "_blank");
      await expect(links.nth(i)).toHaveAttribute("rel", /noopener/);
      await expect(links.nth(i)).toContainText(store.title);
      await expect(links.nth(i)).toContainText("opens in a new tab");
    }
  }

  test("Download App by mouse: hover opens, leaving closes after the delay, click toggles, a store opens in a new tab", async ({ page, context }) => {
    await context.route(/^https:\/\/apps\.example\.com\//, (r) => r.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><title>Store</title>" }));
    await ready(page);
    const menu = await list(page);
    await expect(menu).toBeHidden();
    await trigger(page).hover();
    await expect(menu).toBeVisible();
    await expect(trigger(page)).toHaveAttribute("aria-expanded", "true");
    await expectStoreLinks(menu);
    await page.mouse.move(5, 895);
    await expect(menu).toBeHidden();

    await trigger(page).click();
    await expect(menu).toBeVisible();
    const [popup] = await Promise.all([context.waitForEvent("page"), menu.getByRole("link").first().click()]);
    await expect(popup).toHaveURL(site.appStores[0]!.href);
    await popup.close();
    await expect(menu).toBeHidden();

    await trigger(page).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(5, 895);
    await expect(menu).toBeHidden();
  });

  test("Download App by keyboard: Enter opens, arrows move, Escape closes and returns focus, Tab away closes", async ({ page }) => {
    await ready(page);
    const menu = await list(page);
    await trigger(page).focus();
    await page.keyboard.press("Enter");
    await expect(trigger(page)).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const links = menu.getByRole("link");
    await page.keyboard.press("ArrowDown");
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    await expect(trigger(page)).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Space");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
  });

  test("the two Download App menus on the page are independent", async ({ page }) => {
    await ready(page);
    const buttons = page.getByRole("button", { name: "Download App" });
    await expect(buttons).toHaveCount(2);
    const ids = await buttons.evaluateAll((els) => els.map((b) => b.getAttribute("aria-controls")));
    expect(new Set(ids).size).toBe(2);
    await buttons.nth(1).scrollIntoViewIfNeeded();
    await buttons.nth(1).click();
    await expect(page.locator(`#${ids[1]}`)).toBeVisible();
    await expect(page.locator(`#${ids[0]}`)).toBeHidden();
    await expectStoreLinks(page.locator(`#${ids[1]}`));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the store links show while the Download App button is hovered or focused", async ({ page }) => {
    await page.goto("/features/resident-experience");
    const button = page.getByRole("button", { name: "Download App" }).first();
    const menu = page.locator(`#${await button.getAttribute("aria-controls")}`);
    await expect(menu).toBeHidden();
    await button.focus();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link").first()).toBeFocused();
    await page.mouse.move(5, 5);
    await page.locator("body").evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(menu).toBeHidden();
    await button.hover();
    await expect(menu).toBeVisible();
  });
});
