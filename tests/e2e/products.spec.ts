/** The product pages: where every link and button goes, the aliases, and the slides carousel. */
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";

const site = JSON.parse(readFileSync("content/site.json", "utf8")) as { links: { konnectSignup: string; calendar: string } };

const PRODUCTS = [
  { path: "/products/urbi-kore", alias: "/urbi-kore", demo: "Schedule a Product Demo" },
  { path: "/products/urbi-konnect", alias: "/urbi-konnect", demo: "Schedule a Product Demo" },
  { path: "/products/urbi-hero-ai", alias: "/urbi-hero-ai", demo: "Schedule a HERO AI Demo" },
];

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/calendar\.example\.com\//, (route) => route.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><title>Calendar</title>" }));
});

for (const product of PRODUCTS) {
  test(`${product.path}: the alias serves the same page, and demo buttons open "${product.demo}"`, async ({ page, request }) => {
    test.slow(); // two page loads and two dialogs: give a busy CI machine room
    const [a, b] = await Promise.all([request.get(product.path), request.get(product.alias)]);
    expect(b.status()).toBe(200);
    expect(await b.text()).toBe(await a.text());
    expect(await a.text()).toContain(`<link rel="canonical" href="https://www.example.com${product.path}"/>`);

    await page.goto(product.alias);
    const demoButtons = page.locator("main").getByRole("button", { name: product.demo });
    expect(await demoButtons.count()).toBeGreaterThan(0);
    await demoButtons.first().click();
    await expect(page.getByRole("dialog", { name: product.demo })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("banner").getByRole("button", { name: "Request Demo" }).click();
    await expect(page.getByRole("dialog", { name: product.demo })).toBeVisible();
  });
}

test("every internal link on the home, suite and product pages leads to a page that answers 200", async ({ page, request }) => {
  for (const path of ["/", "/products", ...PRODUCTS.map((p) => p.path)]) {
    await page.goto(path);
    const hrefs = await page.locator("main a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of new Set(hrefs)) expect((await request.get(href)).status(), `${path} -> ${href}`).toBe(200);
  }
});

test("cross-links and product cards go to the right product", async ({ page }) => {
  await page.goto("/products");
  await page.locator("main").getByRole("link", { name: /Explore Konnect/ }).click();
  await expect(page).toHaveURL(/\/products\/urbi-konnect$/);
  await expect(page.locator("h1")).toHaveText("Bring Your Business to the Buildings Next Door");
  await page.locator("main").getByRole("link", { name: "Kore" }).click();
  await expect(page).toHaveURL(/\/products\/urbi-kore$/);
  await page.locator("main").getByRole("link", { name: "HERO AI", exact: true }).click();
  await expect(page).toHaveURL(/\/products\/urbi-hero-ai$/);
  await expect(page.locator("h1")).toContainText("Answers Residents");
  await expect(page.locator("main")).toContainText("80% of routine resident inquiries");
});

test("Konnect's sign-up buttons open the external sign-up page in a new tab", async ({ page }) => {
  await page.goto("/products/urbi-konnect");
  const signUps = page.locator("main").getByRole("link", { name: /Join Konnect for free/ });
  await expect(signUps).toHaveCount(2);
  for (const link of await signUps.all()) {
    await expect(link).toHaveAttribute("href", site.links.konnectSignup);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(page.locator("main")).toContainText("free to join, with zero upfront fees");
  for (const step of ["Create", "Property Approval", "Community Participation"])
    await expect(page.locator("main ol").getByRole("heading", { name: step })).toBeVisible();
});

test.describe("product carousel (slides)", () => {
  const START = Date.UTC(2025, 0, 1);
  const region = (page: Page) => page.locator('[role="region"][aria-roledescription="carousel"]');
  const dots = (page: Page) => region(page).getByRole("button", { name: /^Show slide \d+$/ });
  const current = async (d: Locator) => {
    const all = await d.all();
    for (let i = 0; i < all.length; i++) if ((await all[i]!.getAttribute("aria-current")) === "true") return i;
    return -1;
  };

  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START + 1000);
    await page.goto("/products/urbi-kore");
    await expect(page.locator('ssg-island[data-island="Carousel"][data-hydrated]')).toHaveCount(1);
    await page.mouse.move(5, 5);
  });

  test("has six slides, advances every 4000 ms and wraps both ways with previous/next", async ({ page }) => {
    await expect(region(page).locator('[role="group"][aria-roledescription="slide"]')).toHaveCount(6);
    await expect(dots(page)).toHaveCount(6);
    expect(await current(dots(page))).toBe(0);
    await page.clock.runFor(3999);
    expect(await current(dots(page))).toBe(0);
    await page.clock.runFor(1);
    await expect.poll(() => current(dots(page))).toBe(1);

    await region(page).getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => current(dots(page))).toBe(0);
    await region(page).getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => current(dots(page))).toBe(5);
    await region(page).getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => current(dots(page))).toBe(0);
    await dots(page).nth(3).click();
    await expect.poll(() => current(dots(page))).toBe(3);
  });

  test("pauses while the pointer is over it", async ({ page }) => {
    await region(page).hover();
    await page.clock.runFor(4000 * 3);
    expect(await current(dots(page))).toBe(0);
  });
});
