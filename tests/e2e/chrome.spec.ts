import { expect, test } from "@playwright/test";

test.describe("not-found page", () => {
  test("answers 404 with a way home, and logs the missing address", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => logged.push(m.text()));
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    const home = page.getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    await expect.poll(() => logged.join("\n")).toContain("/no/such/page");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).toContainText("Run Every Building");
  });
});

test.describe("routes", () => {
  test("/x and /x/ serve the same page, as a static host does", async ({ request }) => {
    const a = await request.get("/");
    const b = await request.get("/index.html");
    expect(a.status()).toBe(200);
    expect(await a.text()).toBe(await b.text());
  });
});

test.describe("keyboard", () => {
  test("the first Tab reaches the skip link, which moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });

  test("header menus and the drawer reveal their links to keyboard focus without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const kore = page.getByRole("banner").getByRole("link", { name: /Management login/ });
    await expect(kore).toBeHidden();
    await page.getByRole("button", { name: "Login" }).focus();
    await expect(kore).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(kore).toBeFocused();
    await expect(kore).toHaveAttribute("target", "_blank");
    await expect(kore).toHaveAttribute("rel", "noopener noreferrer");

    // Small screens: focusing the menu button shows the drawer, whose links can be tabbed to.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).focus();
    const drawer = page.getByRole("dialog", { name: "Urbi menu" });
    await expect(drawer).toBeVisible();
    const help = drawer.getByRole("link", { name: /Help Center/ });
    for (let i = 0; i < 40 && !(await help.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(help).toBeFocused();
    await context.close();
  });
});

test.describe("demo buttons before JavaScript", () => {
  test("lead to the calendar and carry the dialog title", async ({ page }) => {
    await page.goto("/");
    const demo = page.getByRole("banner").getByRole("button", { name: "Request Demo" });
    await expect(demo).toHaveAttribute("data-href", /^https:\/\/calendar\.example\.com\//);
    await expect(demo).toHaveAttribute("data-dialog-title", "Schedule a Demo");
  });
});

test.describe("header", () => {
  test("is transparent over the home hero until the page is scrolled past 20 px", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header.site-header");
    const bg = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg()).toBe("rgba(0, 0, 0, 0)");
    await page.mouse.wheel(0, 400);
    await expect.poll(bg).toBe("rgb(255, 255, 255)");
    await expect(header).toHaveAttribute("data-scrolled", "");
  });

  test("is one island on every page", async ({ page }) => {
    for (const path of ["/", "/no/such/page"]) {
      await page.goto(path);
      await expect(page.locator('ssg-island[data-island="SiteHeader"] > header.site-header')).toHaveCount(1);
      await expect(page.locator('ssg-island[data-island="SiteHeader"][data-hydrated]')).toHaveCount(1);
    }
  });
});
