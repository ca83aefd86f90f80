/**
 * The SiteHeader island: scroll state, menu timing (fake clock), the disclosure
 * navigation pattern from the keyboard, the drawer, and accessibility with menus open.
 *
 * With page.clock installed and paused, timers and animation frames run only when
 * the test advances the clock; Preact runs effects on the next frame, so ready() advances it
 * once after hydration (the header then carries data-ready).
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { INK_900, TRANSPARENT, WHITE } from "./support/colours.ts";
import { holdIsland } from "./support/hold-island.ts";

const START = Date.UTC(2025, 0, 1);

/** Installs the fake clock and stops it: time moves only when the test says so. */
async function freeze(page: Page): Promise<void> {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
}

async function ready(page: Page, path = "/", clock = true): Promise<void> {
  if (clock) await freeze(page);
  await page.goto(path);
  await expect(page.locator('ssg-island[data-island="SiteHeader"][data-hydrated]')).toHaveCount(1);
  if (clock) await page.clock.runFor(200);
  await expect(page.locator("header.site-header[data-ready]")).toHaveCount(1);
}

/** Scrolls the window and waits until the page has seen the scroll event. */
async function scrollPage(page: Page, y: number): Promise<void> {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        if (scrollY === top) return resolve();
        addEventListener("scroll", () => resolve(), { once: true });
        window.scrollTo(0, top);
      }),
    y,
  );
}

/** Waits until no CSS animation (menu or drawer entrance) is running. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length)).toBe(0);
}

/** The main menu as content defines it. */
const NAV = (JSON.parse(readFileSync("content/site.json", "utf8")) as { header: { nav: { title: string; links?: { title: string }[] }[] } }).header.nav;
const RESOURCES = NAV.find((e) => e.title === "Resources")!.links!;
/** Every built page but the home page, from the build's route manifest (aliases share their page's content). */

const header = (page: Page) => page.locator("header.site-header");
const resources = (page: Page) => page.getByRole("button", { name: "Resources" });
const login = (page: Page) => page.getByRole("button", { name: "Login" });
const resourcesMenu = (page: Page) => page.locator(".header-menu", { has: page.locator('a[href="https://help.example.com"]') });
const loginMenu = (page: Page) => page.locator("#site-menu-login");

test.describe("server HTML", () => {
  test("the header is plain markup enhanced in place: no props are shipped and no Preact is loaded", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/about");
    await expect(page.locator('ssg-island[data-island="SiteHeader"][data-hydrated]')).toHaveCount(1);
    await expect(page.locator('ssg-island[data-island="SiteHeader"] + script[data-island-props]')).toHaveCount(0);
    const bodies = await Promise.all(scripts.map((url) => page.request.get(url).then((r) => r.text())));
    expect(bodies.length).toBeGreaterThan(0);
    // Preact's hydrate() walks the DOM through this internal field name; the header's module never does.
    for (const body of bodies) expect(body).not.toContain("__k");
  });

  test("a menu shown by CSS before the island is ready stays open when it becomes ready", async ({ page }) => {
    const release = await holdIsland(page, "SiteHeader");
    await page.goto("/", { waitUntil: "commit" });
    await login(page).focus();
    await expect(loginMenu(page)).toBeVisible();
    await expect(login(page)).not.toHaveAttribute("aria-expanded");
    release();
    await expect(page.locator("header.site-header[data-ready]")).toHaveCount(1);
    await expect(login(page)).toHaveAttribute("aria-expanded", "true");
    await expect(loginMenu(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(loginMenu(page).getByRole("link", { name: /Kore/ })).toBeFocused();
  });

  test("holds every menu link, with the menus closed by CSS until the island is ready", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const island = /<ssg-island data-island="SiteHeader">([\s\S]*?)<\/ssg-island>/.exec(html)?.[1] ?? "";
    expect(island).toContain('data-variant="transparent"');
    expect(island).not.toContain("data-scrolled");
    expect(island).not.toContain("data-ready");
    for (const href of ["https://help.example.com", "https://kore.example.com/login", "https://konnect.example.com/login", "https://app.example.com/login"])
      expect(island).toContain(`href="${href}"`);
    expect(island).not.toMatch(/<div id="site-menu-[^"]+"[^>]* hidden/);
  });
});

test.describe("scroll state", () => {
  test("on / the header is transparent with white text until the page is scrolled more than 20 px", async ({ page }) => {
    await ready(page);
    const style = () => header(page).evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`);
    await expect(header(page)).toHaveAttribute("data-variant", "transparent");
    await expect.poll(style).toBe(`${TRANSPARENT} ${WHITE}`);

    await scrollPage(page, 19);
    await expect(header(page)).not.toHaveAttribute("data-scrolled");
    await expect.poll(style).toBe(`${TRANSPARENT} ${WHITE}`);

    await scrollPage(page, 21);
    await expect(header(page)).toHaveAttribute("data-scrolled", "");
    await expect.poll(style).toBe(`${WHITE} ${INK_900}`);

    await scrollPage(page, 0);
    await expect(header(page)).not.toHaveAttribute("data-scrolled");
    await expect.poll(style).toBe(`${TRANSPARENT} ${WHITE}`);
  });

  test("a page loaded already scrolled gets the solid header at once", async ({ page }) => {
    await page.goto("/#building-os");
    await expect(header(page)).toHaveAttribute("data-scrolled", "");
    await expect.poll(() => header(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(WHITE);
  });

  test("the not-found page has the solid header from the start", async ({ page }) => {
    await ready(page, "/no/such/page");
    await expect(header(page)).toHaveAttribute("data-variant", "solid");
    expect(await page.evaluate(() => scrollY)).toBe(0);
    const style = await header(page).evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`);
    expect(style).toBe(`${WHITE} ${INK_900}`);
  });
});

// Spec §2, §4: the header is transparent on the home page only. Before any script
// runs (the first paint), the server's HTML and CSS alone decide.
test.describe("first paint, before any script", () => {
  test.use({ javaScriptEnabled: false });

  test("/ starts transparent over its hero", async ({ page }) => {
    await page.goto("/");
    expect(await page.getByRole("banner").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(TRANSPARENT);
  });

  test("/about starts with the solid header", async ({ page }) => {
    await page.goto("/about");
    const banner = page.getByRole("banner");
    await expect(banner).toHaveAttribute("data-variant", "solid");
    expect(await banner.evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`)).toBe(`${WHITE} ${INK_900}`);
  });
});

// Every page but / has the solid header at scroll 0, from the first paint: checked in the per-page sweep (pages.spec.ts).

test.describe("menu timing", () => {
  test.beforeEach(async ({ page }) => ready(page));

  test("hovering a trigger opens its menu after 100 ms", async ({ page }) => {
    await resources(page).hover();
    await page.clock.runFor(99);
    await expect(resourcesMenu(page)).toBeHidden();
    await expect(resources(page)).toHaveAttribute("aria-expanded", "false");
    await page.clock.runFor(1);
    await expect(resourcesMenu(page)).toBeVisible();
    await expect(resources(page)).toHaveAttribute("aria-expanded", "true");
  });

  test("leaving trigger and menu closes it after 300 ms, not before", async ({ page }) => {
    await resources(page).hover();
    await page.clock.runFor(100);
    // From the trigger into the menu: still the same menu, it stays open.
    await resourcesMenu(page).getByRole("link", { name: /Getting Started/ }).hover();
    await page.clock.runFor(1000);
    await expect(resourcesMenu(page)).toBeVisible();

    await page.mouse.move(700, 700);
    await page.clock.runFor(299);
    await expect(resourcesMenu(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(resourcesMenu(page)).toBeHidden();
    await expect(resources(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("coming back within 300 ms keeps the menu open", async ({ page }) => {
    await login(page).hover();
    await page.clock.runFor(100);
    await page.mouse.move(700, 700);
    await page.clock.runFor(250);
    await loginMenu(page).getByRole("link", { name: /Konnect/ }).hover();
    await page.clock.runFor(1000);
    await expect(loginMenu(page)).toBeVisible();
  });

  test("moving from an open menu to another trigger opens that one after 100 ms; one menu at a time", async ({ page }) => {
    await resources(page).hover();
    await page.clock.runFor(100);
    await login(page).hover();
    await page.clock.runFor(99);
    await expect(resourcesMenu(page)).toBeVisible();
    await expect(loginMenu(page)).toBeHidden();
    await page.clock.runFor(1);
    await expect(loginMenu(page)).toBeVisible();
    await expect(resourcesMenu(page)).toBeHidden();
    await expect(header(page).locator('[aria-expanded="true"]')).toHaveCount(1);
  });

  test("a click toggles; a click on the menu the hover just opened keeps it open", async ({ page }) => {
    await resources(page).click();
    await expect(resourcesMenu(page)).toBeVisible();
    await resources(page).click();
    await expect(resourcesMenu(page)).toBeHidden();
    await page.clock.runFor(1000); // no timer left to reopen it
    await expect(resourcesMenu(page)).toBeHidden();

    await page.mouse.move(700, 700);
    await login(page).hover();
    await page.clock.runFor(100);
    await expect(loginMenu(page)).toBeVisible();
    await login(page).click();
    await expect(loginMenu(page)).toBeVisible();
    await login(page).click();
    await expect(loginMenu(page)).toBeHidden();
  });

  test("opening one menu by click closes the other", async ({ page }) => {
    await resources(page).click();
    await login(page).click();
    await expect(loginMenu(page)).toBeVisible();
    await expect(resourcesMenu(page)).toBeHidden();
    await expect(header(page).locator('[aria-expanded="true"]')).toHaveCount(1);
  });

  test("a click outside closes the open menu at once", async ({ page }) => {
    await login(page).click();
    await expect(loginMenu(page)).toBeVisible();
    await page.locator("h1").click();
    await expect(loginMenu(page)).toBeHidden();
  });

  test("Escape closes the menu and returns focus to its trigger", async ({ page }) => {
    await login(page).click();
    await page.keyboard.press("Tab");
    await expect(loginMenu(page).getByRole("link", { name: /Kore/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(loginMenu(page)).toBeHidden();
    await expect(login(page)).toBeFocused();
    await expect(login(page)).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("keyboard", () => {
  test("Tab reaches a trigger, Enter opens, Tab walks its links, Escape closes; arrows move within a menu", async ({ page }) => {
    await ready(page);
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // logo
    // The main menu's entries in content order, up to Resources: menus are buttons, plain entries links.
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const entry of NAV.slice(0, NAV.findIndex((e) => e.title === "Resources") + 1)) {
      await page.keyboard.press("Tab");
      await expect(nav.getByRole(entry.links ? "button" : "link", { name: entry.title, exact: true })).toBeFocused();
    }
    await expect(resourcesMenu(page)).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(resourcesMenu(page)).toBeVisible();
    await expect(resources(page)).toHaveAttribute("aria-expanded", "true");
    for (const link of RESOURCES) {
      await page.keyboard.press("Tab");
      await expect(resourcesMenu(page).getByRole("link", { name: new RegExp(`^${link.title}`) })).toBeFocused();
    }
    await page.keyboard.press("Escape");
    await expect(resourcesMenu(page)).toBeHidden();
    await expect(resources(page)).toBeFocused();

    // Space opens too; Tab past the last link leaves the menu and closes it.
    await page.keyboard.press("Space");
    await expect(resourcesMenu(page)).toBeVisible();
    for (let i = 0; i <= RESOURCES.length; i++) await page.keyboard.press("Tab");
    await expect(resourcesMenu(page)).toBeHidden();
    for (const entry of NAV.slice(NAV.findIndex((e) => e.title === "Resources") + 1)) {
      await expect(nav.getByRole(entry.links ? "button" : "link", { name: entry.title, exact: true })).toBeFocused();
      await page.keyboard.press("Tab");
    }
    await expect(login(page)).toBeFocused();

    // ArrowDown from a closed trigger opens the menu and moves into it.
    await page.keyboard.press("ArrowDown");
    const links = loginMenu(page).getByRole("link");
    await expect(loginMenu(page)).toBeVisible();
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(links.nth(2)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(login(page)).toBeFocused();
    await expect(loginMenu(page)).toBeHidden();
  });
});

test.describe("links", () => {
  test("the wide panels group their links under labels: roles and building types, products and explore", async ({ page }) => {
    await ready(page);
    const groups = {
      Solutions: { "By role": ["Property Managers", "Building Operators", "Property Owners"], "By building type": ["Residential Buildings", "Commercial Buildings", "Education Buildings"] },
      Platform: { Products: ["Kore", "Konnect", "HERO AI"], Explore: ["All features", "Resident App", "All products"] },
    };
    for (const [menu, lists] of Object.entries(groups)) {
      await page.getByRole("banner").getByRole("button", { name: menu }).click();
      for (const [label, titles] of Object.entries(lists)) {
        const list = page.getByRole("banner").getByRole("list", { name: label });
        await expect(list).toBeVisible();
        for (const title of titles) await expect(list.getByRole("link", { name: new RegExp(`^${title}`) })).toBeVisible();
        await expect(list.locator("svg")).toHaveCount(titles.length);
      }
      await page.keyboard.press("Escape");
    }
  });

  test("external links open in a new tab and say so; every menu entry comes from content", async ({ page }) => {
    await ready(page);
    await login(page).click();
    for (const name of ["Kore", "Konnect", "App"]) {
      const link = loginMenu(page).getByRole("link", { name: new RegExp(`^${name} \\(opens in a new tab\\)`) });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await resources(page).click();
    await expect(resourcesMenu(page).getByRole("listitem")).toHaveCount(RESOURCES.length);
    await expect(resourcesMenu(page)).toContainText("Answers, how-tos and release notes");
  });

  test("Request Demo is a dialog button that keeps its calendar address, and the click reaches the demo dialog", async ({ page }) => {
    await ready(page, "/", false);
    const demo = page.getByRole("banner").getByRole("button", { name: "Request Demo" });
    await expect(demo).toHaveAttribute("data-open", "demo");
    await expect(demo).toHaveAttribute("aria-haspopup", "dialog");
    await expect(demo).toHaveAttribute("data-href", /^https:\/\//);
    await demo.click();
    await expect(page.getByRole("dialog", { name: "Schedule a Demo" })).toBeVisible();
  });
});

test.describe("drawer", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the drawer's demo link closes the drawer, the dialog opens and keeps focus", async ({ page }) => {
    await ready(page, "/", false);
    const button = page.getByRole("button", { name: "Open menu" });
    const drawer = page.getByRole("dialog", { name: "Urbi menu" });
    const dialog = page.getByRole("dialog", { name: "Schedule a Demo" });
    const focusInDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
    // Twice: first while the dialog's code still has to load, then with it loaded,
    // when the dialog opens in the same frame as the drawer closes.
    for (let round = 0; round < 2; round++) {
      await button.click();
      await drawer.getByRole("button", { name: "Request Demo" }).click();
      await expect(drawer).toBeHidden();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(dialog).toBeVisible();
      await expect.poll(focusInDialog).toBe(true);
      await page.waitForTimeout(300); // the drawer's focus return would have happened by now
      expect(await focusInDialog()).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });

  test("closing for the demo link does not take focus back from whatever opened", async ({ page }) => {
    await ready(page, "/", false);
    // A stand-in dialog that takes focus as soon as the click has gone through, in the
    // same task: the drawer's later focus return must leave it where it is.
    await page.evaluate(() => {
      const standIn = Object.assign(document.createElement("button"), { id: "stand-in", textContent: "stand-in dialog" });
      document.body.append(standIn);
      addEventListener("click", (e) => (e.target as Element).closest("[data-open]") && e.preventDefault(), true);
      addEventListener("click", (e) => (e.target as Element).closest("[data-open]") && standIn.focus());
    });
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    await page.getByRole("dialog", { name: "Urbi menu" }).getByRole("button", { name: "Request Demo" }).click();
    await expect(page.locator("#site-drawer")).toBeHidden();
    await page.waitForTimeout(300);
    await expect(page.locator("#stand-in")).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  });

  test("closes when the window grows to the desktop layout", async ({ page }) => {
    await ready(page, "/", false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Urbi menu" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator("#site-drawer")).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  });
});

test.describe("accessibility", () => {
  test("axe finds nothing with each desktop menu open, in both header states", async ({ page }) => {
    await ready(page, "/", false);
    for (const scroll of [0, 400]) {
      await scrollPage(page, scroll);
      for (const trigger of [resources(page), login(page)]) {
        await trigger.click();
        await expect(trigger).toHaveAttribute("aria-expanded", "true");
        await settled(page);
        expect(await axeViolations(page)).toEqual([]);
      }
      await page.keyboard.press("Escape");
    }
  });

  test("axe finds nothing with the drawer open at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await ready(page, "/", false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Urbi menu" })).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
