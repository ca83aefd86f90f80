import { expect, test } from "@playwright/test";
import { serverAndClient } from "./support/markup.ts";
import { holdIsland } from "./support/hold-island.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("hydration keeps the server-rendered DOM and makes it interactive", async ({ page }) => {
  const release = await holdIsland(page, "SiteHeader");
  await page.goto("/", { waitUntil: "commit" });
  const button = page.getByRole("button", { name: "Open menu" });
  await button.waitFor();
  // Mark the server's nodes before the island's code has arrived.
  await button.evaluate((el) => ((el as HTMLElement & { serverNode?: boolean }).serverNode = true));
  await page.locator("header.site-header").evaluate((el) => ((el as HTMLElement & { serverNode?: boolean }).serverNode = true));
  await expect(page.locator('ssg-island[data-island="SiteHeader"][data-hydrated]')).toHaveCount(0);
  release();
  await expect(page.locator('ssg-island[data-island="SiteHeader"][data-hydrated]')).toHaveCount(1);
  expect(await button.evaluate((el) => (el as HTMLElement & { serverNode?: boolean }).serverNode)).toBe(true);
  expect(await page.locator("header.site-header").evaluate((el) => (el as HTMLElement & { serverNode?: boolean }).serverNode)).toBe(true);
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("dialog", { name: "Urbi menu" })).toBeVisible();
});

test.describe("mobile menu", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('ssg-island[data-island="SiteHeader"][data-hydrated]')).toHaveCount(1);
    await expect(page.locator("header.site-header[data-ready]")).toHaveCount(1);
  });

  test("opens a modal drawer that keeps focus inside and closes with Escape", async ({ page }) => {
    const button = page.getByRole("button", { name: "Open menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Urbi menu" });
    await expect(drawer).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");

    // The home link comes first, the demo link last: Tab and Shift+Tab wrap between them.
    await page.keyboard.press("Shift+Tab");
    const home = drawer.getByRole("link", { name: "Urbi" });
    await expect(home).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(drawer.getByRole("button", { name: "Request Demo" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(home).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  });

  test("shows the top level as the desktop does: each menu a closed disclosure that opens its links in place, Customers a link", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "Urbi menu" });
    const nav = drawer.getByRole("navigation");
    const groups = ["Solutions", "Platform", "Resources", "About", "Login"];
    for (const name of groups) {
      const button = nav.getByRole("button", { name, exact: true });
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(drawer.locator(`#${await button.getAttribute("aria-controls")}`)).toBeHidden();
    }
    await expect(nav.getByRole("link", { name: "Customers", exact: true })).toHaveAttribute("href", "/customers");
    // The top level fits the phone's screen, the demo button in view below it.
    await expect(drawer.getByRole("button", { name: "Request Demo" })).toBeInViewport();

    // Opened by keyboard: its links follow it in the tab order, the others stay closed.
    const solutions = nav.getByRole("button", { name: "Solutions", exact: true });
    await solutions.focus();
    await page.keyboard.press("Enter");
    await expect(solutions).toHaveAttribute("aria-expanded", "true");
    const owners = nav.getByRole("link", { name: /^Property Owners/ });
    await expect(owners).toBeVisible();
    await expect(nav.getByRole("button", { name: "Platform", exact: true })).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link").first()).toBeFocused();
    await expect(drawer.getByRole("button", { name: "Request Demo" })).toBeInViewport();
    // Space closes it again; a link followed or the drawer closed leaves every group closed for next time.
    await solutions.focus();
    await page.keyboard.press("Space");
    await expect(solutions).toHaveAttribute("aria-expanded", "false");
    await expect(owners).toBeHidden();
    await solutions.click();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await opener.click();
    await expect(solutions).toHaveAttribute("aria-expanded", "false");
  });

  test("lists the same navigation, with external links in a new tab", async ({ page }) => {
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Urbi menu" });
    await expect(drawer.getByRole("heading", { name: "Resources" })).toBeVisible();
    await expect(drawer.getByRole("heading", { name: "Login" })).toBeVisible();
    await drawer.getByRole("button", { name: "Resources", exact: true }).click();
    await drawer.getByRole("button", { name: "Login", exact: true }).click();
    const help = drawer.getByRole("link", { name: /Help Center/ });
    await expect(help).toHaveAttribute("href", "https://help.example.com");
    await expect(help).toHaveAttribute("rel", "noopener noreferrer");
    await expect(help).toContainText("(opens in a new tab)");
    await expect(drawer.getByRole("link", { name: /Vendor marketplace login/ })).toHaveAttribute("target", "_blank");
    await expect(drawer.getByRole("button", { name: "Request Demo" })).toHaveAttribute("data-open", "demo");
  });

  test("closes from the close button and from the backdrop", async ({ page }) => {
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await page.mouse.click(10, 400);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

// Islands hydrated with Preact must render on the client exactly what the server
// wrote, or hydrate() would patch (and flash) the page. Checked by emptying the
// island before its code arrives, so that Preact builds the DOM itself, and
// comparing that with the server's HTML.
for (const [name, route] of [["LoginTabs", "/login"]] as const) {
  test(`${name}: the first client render equals the server's HTML`, async ({ page }) => {
    await page.clock.install({ time: Date.UTC(2026, 0, 1) });
    await page.clock.pauseAt(Date.UTC(2026, 0, 1) + 1000); // effects wait for a frame that never comes: only the first render runs
    const release = await holdIsland(page, name);
    await page.goto(route, { waitUntil: "commit" });
    const host = page.locator(`ssg-island[data-island="${name}"]`);
    await page.locator(`ssg-island[data-island="${name}"] + script[data-island-props]`).waitFor({ state: "attached" });
    const server = await host.evaluate((el) => {
      const html = el.innerHTML;
      el.replaceChildren();
      return html;
    });
    expect(server.length).toBeGreaterThan(100);
    release();
    await expect(host).toHaveAttribute("data-hydrated", "");
    const [fromServer, fromClient] = await serverAndClient(host, server);
    expect(fromClient).toBe(fromServer);
  });
}
