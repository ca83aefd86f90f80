/**
 * Customers and the case study, pricing, resources and guides, the company pages and
 * login. Expectations come from content (site.json, collections, guides) where the
 * content is the source, and from the spec where the spec fixes a value.
 */
import { readFileSync, readdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { parseFrontMatter } from "../../scripts/lib/front-matter.ts";
import { expectDialog, stubCalendar } from "./support/dialogs.ts";
import { holdIsland } from "./support/hold-island.ts";

const site = JSON.parse(readFileSync("content/site.json", "utf8")) as {
  contactEmail: string;
  links: Record<string, string>;
  labels: { hiring: string };
};
const guides = readdirSync("content/guides")
  .filter((f) => f.endsWith(".md"))
  .map((f) => ({ name: f.slice(0, -3), ...(parseFrontMatter(readFileSync(`content/guides/${f}`, "utf8")).data as { title: string; level: string; readTime: number; body: string }) }));

test.beforeEach(async ({ page }) => stubCalendar(page));


test.describe("/pricing", () => {
  const PRICES = {
    residential: { small: ["$0", "$49", "$99", "Custom"], medium: ["$0", "$89", "$179", "Custom"], large: ["$0", "$129", "$249", "Custom"] },
    commercial: { small: ["$0", "$79", "$149", "Custom"], medium: ["$0", "$149", "$249", "Custom"], large: ["$0", "$199", "$349", "Custom"] },
  } as const;
  const BANDS = {
    residential: ["Under 99 units", "100–199 units", "200+ units"],
    commercial: ["Under 50,000 sq ft", "50,000–250,000 sq ft", "Over 250,000 sq ft"],
  };
  const prices = (page: Page) => page.locator("[data-plan] [data-price]").allTextContents();
  const size = (page: Page) => page.getByLabel("Building size");
  const type = (page: Page, name: "Residential" | "Commercial") => page.getByRole("radio", { name });
  async function ready(page: Page) {
    await page.goto("/pricing");
    await expect(size(page)).toBeEnabled();
  }

  test("opens on Commercial, small, with the four plans in order", async ({ page }) => {
    await ready(page);
    await expect(type(page, "Commercial")).toBeChecked();
    await expect(size(page)).toHaveValue("small");
    expect(await page.locator("[data-plan] :is(h2, h3)").allTextContents()).toEqual(["Access", "Flow", "Intelligent", "Enterprise"]);
    expect(await prices(page)).toEqual(PRICES.commercial.small);
    await expect(page.locator('[data-plan="intelligent"]')).toContainText("Most Popular");
    await expect(page.locator('[data-plan="access"]')).toContainText("Up to 10 work orders per month");
    await expect(page.locator('[data-plan="flow"]')).toContainText("Starts with a free trial");
  });

  for (const t of ["residential", "commercial"] as const) {
    for (const [i, s] of (["small", "medium", "large"] as const).entries()) {
      test(`${t}, ${s}: the spec's prices`, async ({ page }) => {
        await ready(page);
        await type(page, t === "residential" ? "Residential" : "Commercial").check({ force: true });
        expect(await size(page).locator("option").allTextContents()).toEqual(BANDS[t]);
        await size(page).selectOption(s);
        expect(await prices(page)).toEqual(PRICES[t][s]);
        await expect(page.locator("[aria-live=polite]").filter({ hasText: BANDS[t][i]! })).toHaveCount(1);
      });
    }
  }

  test("changing the building type resets the size to small; the keyboard works the controls", async ({ page }) => {
    await ready(page);
    const look = (name: "Residential" | "Commercial") => page.locator("label").filter({ has: type(page, name) }).getAttribute("class");
    const [chosen, other] = [await look("Commercial"), await look("Residential")];
    expect(chosen).not.toBe(other);
    await size(page).selectOption("large");
    expect(await prices(page)).toEqual(PRICES.commercial.large);
    await type(page, "Commercial").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(type(page, "Residential")).toBeChecked();
    await expect(size(page)).toHaveValue("small");
    expect(await prices(page)).toEqual(PRICES.residential.small);
    // The chosen type looks as the server drew the chosen one.
    expect([await look("Residential"), await look("Commercial")]).toEqual([chosen, other]);
  });

  test("the script leaves the server's table as it was, its controls enabled", async ({ page }) => {
    const release = await holdIsland(page, "PricingTable");
    await page.goto("/pricing", { waitUntil: "commit" });
    const host = page.locator('ssg-island[data-island="PricingTable"]');
    await page.locator("footer").waitFor({ state: "attached" });
    const server = await host.innerHTML();
    expect(server).toContain('disabled=""');
    release();
    await expect(host).toHaveAttribute("data-hydrated", "");
    expect(await host.innerHTML()).toBe(server.replaceAll(' disabled=""', ""));
  });

  test("after going back to the page, the prices are those of the building the controls show", async ({ page }) => {
    await ready(page);
    await type(page, "Residential").check({ force: true });
    await size(page).selectOption("medium");
    await page.getByRole("link", { name: "About Us" }).first().evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL(/\/about/);
    await page.goBack();
    await expect(size(page)).toBeEnabled();
    // Chromium puts the controls back as they were left, after the page's script has run.
    await expect(type(page, "Residential")).toBeChecked();
    await expect(size(page)).toHaveValue("medium");
    await expect.poll(() => prices(page)).toEqual(PRICES.residential.medium);
  });

  test("Contact Us for Pricing opens the demo dialog; the trial and free plans go to sign-up in a new tab", async ({ page }) => {
    await ready(page);
    await page.getByRole("button", { name: "Contact Us for Pricing" }).click();
    await expectDialog(page, "Schedule a Demo");
    for (const name of ["Get Started Free", "Start Free Trial"]) {
      const link = page.getByRole("link", { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute("href", site.links["signup"]!);
      await expect(link).toHaveAttribute("target", "_blank");
    }
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    test(`a price is in the first viewport at ${width}x${height}; plan rows line up; Most Popular is marked`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await ready(page);
      const first = page.locator("[data-plan] [data-price]").first();
      const box = (await first.boundingBox())!;
      expect(box.y + box.height, "the first price ends inside the viewport").toBeLessThanOrEqual(height);
      await expect(page.locator('[data-plan="intelligent"]').getByText("Most Popular", { exact: true })).toBeVisible();
      if (width === 1440) {
        // Four cards side by side: prices and buttons on one line across them.
        const tops = async (sel: string) => page.locator(sel).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(new Set(await tops("[data-plan] [data-price]")).size).toBe(1);
        expect(new Set(await tops("[data-plan] a:visible, [data-plan] button:visible")).size).toBe(1);
      }
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the default prices are there", async ({ page }) => {
      await page.goto("/pricing");
      expect(await prices(page)).toEqual(PRICES.commercial.small);
      await expect(type(page, "Commercial")).toBeChecked();
    });
  });
});

test.describe("customers and the case study", () => {
  test("/customers: the figures, the case study card, four client cards, three rated testimonials, Join Our Community", async ({ page }) => {
    await page.goto("/customers");
    const main = page.locator("main");
    for (const figure of ["+9k", "+13k", "+8k", "+26k", "80%", "5x", "+5%", "+40%"]) await expect(main.getByText(figure, { exact: true })).toBeVisible();
    const card = main.locator("#case-study article");
    await expect(card.locator("[data-status]")).toHaveText("Available");
    await expect(card.locator("[data-status]")).toHaveAttribute("data-status", "green");
    for (const fact of ["250", "About 210,000", "83%"]) await expect(card.getByText(fact, { exact: true })).toBeVisible();
    // Value, then label, as the spec writes the figures; the area has no unit, as in the spec.
    for (const figure of ["250 units", "About 210,000 area", "83% platform adoption"]) await expect(card).toContainText(figure);
    const doc = card.getByRole("link", { name: /Download the case study/ });
    await expect(doc).toHaveAttribute("href", site.links["caseStudy"]!);
    await expect(doc).toHaveAttribute("target", "_blank");
    for (const claim of ["25% satisfaction increase", "60% faster resolution", "Over 2 hours per day saved"]) await expect(main.getByRole("heading", { name: claim })).toBeVisible();
    await expect(main.locator("figure")).toHaveCount(3);
    await expect(main.getByText("Rated 5 out of 5")).toHaveCount(3);
    // Attributed by role (spec §1), with no invented names or companies.
    await expect(main.locator("figcaption > span:first-child")).toHaveText(["Board President", "VP of Operations", "President"]);
    const join = main.getByRole("link", { name: /Join Our Community/ });
    await expect(join).toHaveAttribute("href", site.links["community"]!);
    await expect(join).toHaveAttribute("target", "_blank");
    await card.getByRole("link", { name: "Read More" }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.locator("h1")).toContainText("Downtown Calgary High-Rise");
  });

  test("/portfolio: the Calgary high-rise in figures, reached from the building operators' page", async ({ page }) => {
    await page.goto("/solutions/building-operators");
    await page.locator("main").getByRole("link", { name: "See what happened at a Calgary high-rise" }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    const main = page.locator("main");
    for (const figure of ["250", "83%", "40+"]) await expect(main.getByText(figure, { exact: true })).toBeVisible();
    for (const figure of ["83% platform adoption", "40+ hours saved per month", "About 210,000 area"]) await expect(main).toContainText(figure);
    await expect(main).toContainText("downtown Calgary");
  });
});

test.describe("resources and guides", () => {
  test("/resources and /guides: the same page, with the guides and an external Help Center card", async ({ page, request }) => {
    const [a, b] = await Promise.all([request.get("/resources"), request.get("/guides")]);
    expect(b.status()).toBe(200);
    expect(await b.text()).toBe(await a.text());
    await page.goto("/guides");
    const help = page.locator("main").getByRole("link", { name: /^Help Center/ });
    await expect(help).toHaveAttribute("href", site.links["help"]!);
    await expect(help).toHaveAttribute("target", "_blank");
    expect(guides.map((g) => g.name).sort()).toEqual(["analytics", "communication", "getting-started"]);
    for (const [title, level, minutes] of [
      ["Getting Started with Property Management", "Beginner", 10],
      ["Advanced Analytics and Reporting", "Advanced", 15],
      ["Tenant Communication Best Practices", "Intermediate", 8],
    ] as const) {
      const card = page.locator("#guides li", { has: page.getByRole("heading", { name: title }) });
      await expect(card).toContainText(level);
      await expect(card).toContainText(`${minutes} min read`);
    }
  });

  for (const g of ["getting-started", "analytics", "communication"]) {
    test(`Read Guide leads to /resources/guides/${g}, whose contents jump to its sections`, async ({ page }) => {
      const guide = guides.find((x) => x.name === g)!;
      await page.goto("/resources");
      // The guide's title is read out after "Read Guide", so that the three links differ.
      await page.getByRole("link", { name: new RegExp(`^Read Guide\\W+${guide.title}$`) }).click();
      await expect(page).toHaveURL(new RegExp(`/resources/guides/${g}$`));
      await expect(page.locator("h1")).toHaveText(guide.title);
      await expect(page.locator("main")).toContainText(`${guide.readTime} min read`);
      const sections = [...guide.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
      const toc = page.getByRole("navigation", { name: "On this page" }).getByRole("link");
      await expect(toc).toHaveCount(sections.length);
      const last = toc.last();
      await last.click();
      const id = (await last.getAttribute("href"))!.slice(1);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`h2#${id}`)).toHaveText(sections.at(-1)!.replace(/\*|_/g, ""));
      await expect(page.locator(`h2#${id}`)).toBeInViewport();
    });
  }
});

test.describe("company pages", () => {
  test("the short addresses serve the same pages, with a canonical link", async ({ request }) => {
    for (const [short, long] of [
      ["/about-us", "/about/about-us"],
      ["/careers", "/about/careers"],
      ["/contact", "/about/contact"],
    ]) {
      const [a, b] = await Promise.all([request.get(long!), request.get(short!)]);
      expect(b.status()).toBe(200);
      const html = await b.text();
      expect(html).toBe(await a.text());
      expect(html).toContain(`<link rel="canonical" href="https://www.example.com${long}"/>`);
    }
  });

  test("/about: the mission and the three values", async ({ page }) => {
    await page.goto("/about");
    for (const value of ["Innovation", "Collaboration", "Customer Focus"]) await expect(page.getByRole("heading", { level: 3, name: value, exact: true })).toBeVisible();
  });

  test("/about/about-us: why, how, what; a four-step journey; the video poster says it is coming; a link to Kore", async ({ page }) => {
    await page.goto("/about-us");
    const main = page.locator("main");
    for (const label of ["Our Why", "Our How", "Our What"]) await expect(main.getByText(label, { exact: true })).toBeVisible();
    await expect(main.locator("ol > li")).toHaveCount(4);
    const poster = main.locator("figure", { has: page.locator("img") });
    await expect(poster.locator("figcaption")).toHaveText("Video coming soon");
    await expect(poster.getByRole("button")).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Explore Kore" })).toHaveAttribute("href", "/products/urbi-kore");
  });

  test("/about/careers: We're Growing, no open positions, remote-first across 15+ countries, an open application by e-mail", async ({ page }) => {
    await page.goto("/careers");
    const main = page.locator("main");
    await expect(main).toContainText("We're Growing");
    await expect(main).toContainText("No open positions right now");
    await expect(main).toContainText("15+ countries");
    const apply = main.getByRole("link", { name: "Send an open application" }).first();
    await expect(apply).toHaveAttribute("href", `mailto:${site.contactEmail}?subject=Open%20application`);
  });

  test("/about/contact: e-mail with a website-enquiry subject, and the real Help Center", async ({ page }) => {
    await page.goto("/contact");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Write to us" })).toHaveAttribute("href", `mailto:${site.contactEmail}?subject=Website%20enquiry`);
    await expect(main.getByText(site.contactEmail, { exact: true })).toBeVisible();
    const help = main.getByRole("link", { name: /Visit the Help Center/ });
    await expect(help).toHaveAttribute("href", site.links["help"]!);
    await expect(help).toHaveAttribute("target", "_blank");
  });

  test("the header has Customers as a link and an About menu with Careers marked We're Hiring", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Customers", exact: true })).toHaveAttribute("href", "/customers");
    await nav.getByRole("button", { name: "About" }).click();
    await expect(nav.getByRole("link", { name: /Careers/ })).toContainText(site.labels.hiring);
  });
});

test.describe("/login", () => {
  const tab = (page: Page, name: string) => page.getByRole("tab", { name });
  async function ready(page: Page) {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign In" }).first()).toBeEnabled();
  }

  test("WAI-ARIA tabs: Managers & Owners first; arrows, Home and End move and select", async ({ page }) => {
    await ready(page);
    await expect(tab(page, "Managers & Owners")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Managers & Owners" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Residents & Tenants" })).toBeHidden();
    await tab(page, "Managers & Owners").focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Residents & Tenants")).toBeFocused();
    await expect(tab(page, "Residents & Tenants")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Residents & Tenants" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Managers & Owners")).toBeFocused();
    await page.keyboard.press("End");
    await expect(tab(page, "Residents & Tenants")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(tab(page, "Managers & Owners")).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, "Residents & Tenants")).toHaveAttribute("tabindex", "-1");
  });

  for (const [name, portal] of [
    ["Managers & Owners", "Property Manager"],
    ["Residents & Tenants", "Resident"],
  ] as const) {
    test(`${name}: signing in shows the spec's notice and sends nothing`, async ({ page }) => {
      await ready(page);
      await tab(page, name).click();
      const panel = page.getByRole("tabpanel", { name });
      await expect(panel.getByLabel("Email")).toHaveAttribute("type", "email");
      await expect(panel.getByLabel("Password")).toHaveAttribute("type", "password");
      await panel.getByLabel("Email").fill("not an address");
      await panel.getByLabel("Password").fill("secret");
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      // An alert blocks the page until it is answered: answer it in the handler.
      const alerts: string[] = [];
      page.once("dialog", (d) => {
        alerts.push(`${d.type()}: ${d.message()}`);
        void d.accept();
      });
      await panel.getByLabel("Password").press("Enter");
      await expect.poll(() => alerts).toEqual([`alert: This would redirect to the ${portal} portal. Connect to the backend to enable authentication.`]);
      await expect(page).toHaveURL(/\/login$/);
      expect(requests).toEqual([]);
    });
  }

  test("Forgot your password and Request Access are buttons that lead somewhere real", async ({ page }) => {
    await ready(page);
    const managers = page.getByRole("tabpanel", { name: "Managers & Owners" });
    await expect(managers.getByRole("link")).toHaveCount(0);
    await expect(managers.getByRole("button", { name: "Forgot your password?" })).toHaveAttribute("data-href", /^mailto:hello@example\.com\?subject=Password%20help/);
    const access = managers.getByRole("button", { name: "Request Access" });
    await expect(access).toHaveAttribute("aria-haspopup", "dialog");
    await access.focus();
    await page.keyboard.press("Space");
    await expectDialog(page, "Schedule a Demo");
    await page.keyboard.press("Escape");
    await expect(access).toBeFocused();
    await tab(page, "Residents & Tenants").click();
    const residents = page.getByRole("tabpanel", { name: "Residents & Tenants" });
    await expect(residents.getByRole("button", { name: "Forgot your password?" })).toBeVisible();
    await expect(residents.getByRole("button", { name: "Request Access" })).toHaveAttribute("data-href", `mailto:${site.contactEmail}?subject=Resident%20portal%20access%20request`);
  });
});
