/**
 * The solutions pages: every call to action opens what it names, every link lands,
 * the aliases, and the hidden assessment buttons (a content flag: shown in a variant
 * build, where they open the wizard).
 *
 * The expected buttons are read from the pages' content, so a button added in
 * content is tested without touching this file, and a button the page fails to
 * render fails here.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startServer } from "../../scripts/lib/server.ts";
import { expectDialog, stubCalendar } from "./support/dialogs.ts";

interface ActionData {
  label: string;
  href?: string;
  to?: string;
  subject?: string;
  opens?: "demo" | "assessment";
  dialogTitle?: string;
  hidden?: boolean;
}
interface PageData {
  demoTitle?: string;
  aliases?: string[];
  sections: { type: string; heading: string; [key: string]: unknown }[];
}

const site = JSON.parse(readFileSync("content/site.json", "utf8")) as {
  contactEmail: string;
  links: Record<string, string>;
  dialogs: { demo: { title: string }; assessment: { title: string } };
};
const WIZARD = site.dialogs.assessment.title;

const PAGES = [
  "solutions/index",
  "solutions/property-managers",
  "solutions/building-operators",
  "solutions/owners",
  "solutions/residential-buildings",
  "solutions/smarter-living",
  "solutions/commercial-buildings",
  "solutions/education-buildings",
];

function content(file: string): PageData {
  return JSON.parse(readFileSync(`content/pages/${file}.json`, "utf8")) as PageData;
}
function route(file: string): string {
  return "/" + file.replace(/(^|\/)index$/, "");
}
/** Every button of a page, in document order (the hero's, each section's, a carousel's one). */
function actionsOf(data: PageData): ActionData[] {
  return data.sections.flatMap((s) => [...((s["actions"] as ActionData[] | undefined) ?? []), ...(s["action"] ? [s["action"] as ActionData] : [])]);
}
const h1Of = (file: string) => content(file).sections[0]!.heading;

test.beforeEach(async ({ page }) => stubCalendar(page));


for (const file of PAGES) {
  const path_ = route(file);
  test(`${path_}: every button opens what it names and every link lands`, async ({ page, request }) => {
    test.slow(); // a dialog per demo button, a request per link
    const data = content(file);
    const actions = actionsOf(data);
    const visible = actions.filter((a) => !a.hidden);
    expect(visible.filter((a) => a.opens === "demo").length, "a demo button on every solutions page").toBeGreaterThan(0);

    await page.goto(path_);
    await expect(page.locator("h1")).toHaveText(data.sections[0]!.heading);
    const main = page.locator("main");
    const roleOf = (a: { opens?: string }) => (a.opens ? "button" : "link");
    for (const hidden of actions.filter((a) => a.hidden)) await expect(main.getByRole(roleOf(hidden), { name: hidden.label, exact: true })).toHaveCount(0);

    const labels = new Set(visible.map((a) => a.label));
    for (const label of labels) {
      const same = visible.filter((a) => a.label === label);
      const buttons = main.getByRole(roleOf(same[0]!), { name: label, exact: true });
      await expect(buttons).toHaveCount(same.length);
      for (const [i, action] of same.entries()) {
        const button = buttons.nth(i);
        if (action.opens === "demo") {
          await button.click();
          await expectDialog(page, action.dialogTitle ?? data.demoTitle ?? site.dialogs.demo.title);
          await expect(button).toBeFocused();
        } else if (action.opens === "assessment") {
          await button.click();
          await expectDialog(page, WIZARD);
        } else if (action.to === "email") {
          // The schema's default subject, unless the button names its own.
          await expect(button).toHaveAttribute("href", `mailto:${site.contactEmail}?subject=${encodeURIComponent(action.subject ?? "Website enquiry")}`);
        } else if (action.to) {
          await expect(button).toHaveAttribute("href", site.links[action.to]!);
        } else {
          await expect(button).toHaveAttribute("href", action.href!);
        }
      }
    }

    const hrefs = await main.locator("a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    for (const href of new Set(hrefs)) expect((await request.get(href)).status(), `${path_} -> ${href}`).toBe(200);
  });
}

test("the audience pages answer at their short addresses too, with a canonical link", async ({ request }) => {
  for (const file of ["solutions/property-managers", "solutions/building-operators", "solutions/owners"]) {
    const aliases = content(file).aliases ?? [];
    expect(aliases).toEqual([route(file).replace("/solutions", "")]);
    const [a, b] = await Promise.all([request.get(route(file)), request.get(aliases[0]!)]);
    expect(b.status()).toBe(200);
    expect(await b.text()).toBe(await a.text());
    expect(await a.text()).toContain(`<link rel="canonical" href="https://www.example.com${route(file)}"/>`);
  }
});

test("the overview lists three audiences, each with four benefits and a link to its page", async ({ page }) => {
  await page.goto("/solutions");
  for (const [title, file] of [
    ["Property Managers", "solutions/property-managers"],
    ["Building Operators", "solutions/building-operators"],
    ["Property Owners", "solutions/owners"],
  ] as const) {
    const card = page.locator("main li").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.locator("ul li")).toHaveCount(4);
    await card.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${route(file)}$`));
    await expect(page.locator("h1")).toHaveText(h1Of(file));
    await page.goBack();
  }
});

test("Coming Soon badges mark what is not available yet", async ({ page }) => {
  await page.goto("/solutions/property-managers");
  for (const title of ["COI Compliance", "Smart Asset Management", "AI Surveys"]) {
    const card = page.locator("main li").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card.getByText("Coming Soon", { exact: true })).toBeVisible();
  }
  await page.goto("/solutions/owners");
  const financial = page.locator("main section").filter({ hasText: "Financial clarity" });
  await expect(financial).toHaveCount(1);
  await expect(financial.getByText("Coming Soon", { exact: true })).toBeVisible();
  await page.goto("/solutions/education-buildings");
  const audit = page.locator("main li").filter({ has: page.getByRole("heading", { name: /audit trail/i }) });
  await expect(audit.getByText("Coming Soon", { exact: true })).toBeVisible();
});

test("the residential page leads to its landing page, which quotes a rated customer", async ({ page }) => {
  await page.goto("/solutions/residential-buildings");
  await page.locator("main").locator("a[href='/solutions/smarter-living']").first().click();
  await expect(page.locator("h1")).toHaveText("Smarter Living Starts Here");
  const quote = page.locator("main figure");
  await expect(quote).toHaveCount(1);
  await expect(quote.getByText("Rated 5 out of 5")).toBeAttached();
  await expect(quote.locator("blockquote")).toBeVisible();
});

test("the education page names its audiences, its integrations and its coming-soon stories", async ({ page }) => {
  await page.goto("/solutions/education-buildings");
  const main = page.locator("main");
  for (const audience of [/superintendents/i, /district operations leaders/i, /finance and operations/i, /principals/i])
    await expect(main.getByRole("heading", { name: audience, level: 3 }).first()).toBeVisible();
  await expect(main).toContainText(/parents and families/i);
  await expect(main).toContainText(/student.information/i);
  await expect(main).toContainText(/ERP/);
  await expect(main.locator("figure")).toHaveCount(0);
  await expect(main.getByText(/coming soon/i).last()).toBeVisible();
});

test("home, header and footer lead to the solutions", async ({ page }) => {
  await page.goto("/");
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Learn More about our solutions", exact: true })).toHaveAttribute("href", "/solutions");
  await main.getByRole("link", { name: "For Property Managers", exact: true }).click();
  await expect(page.locator("h1")).toHaveText("Do Less Admin. Grow Your Portfolio.");
  await page.goBack();
  await main.getByRole("link", { name: "For Property Owners", exact: true }).click();
  await expect(page.locator("h1")).toHaveText(h1Of("solutions/owners"));
  await page.goBack();
  await main.getByRole("link", { name: "Building operators", exact: true }).click();
  await expect(page.locator("h1")).toHaveText(h1Of("solutions/building-operators"));

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Solutions" }).click();
  await nav.getByRole("link", { name: /Education Buildings/ }).click();
  await expect(page.locator("h1")).toHaveText(h1Of("solutions/education-buildings"));

  const footer = page.getByRole("contentinfo");
  for (const [name, file] of [
    ["Residential", "solutions/residential-buildings"],
    ["Commercial", "solutions/commercial-buildings"],
    ["All solutions", "solutions/index"],
  ] as const)
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", route(file));
});

test.describe("hidden assessment buttons", () => {
  /** Page -> the label of its hidden assessment button. */
  const FLAGS = {
    "solutions/property-managers": "Property Assessment",
    "solutions/owners": "Building Assessment",
  };

  test("stay hidden, and their pages ship no wizard", async ({ page }) => {
    for (const file of Object.keys(FLAGS)) {
      await page.goto(route(file));
      await expect(page.locator('ssg-island[data-island="AssessmentDialog"]')).toHaveCount(0);
    }
  });

  test.describe("with the flag flipped in content", () => {
    let server: Server;
    let base: string;
    let dist: string;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      dist = mkdtempSync(path.join(os.tmpdir(), "bos-variant-dist-"));
      const args = Object.entries(FLAGS).map(([file, label]) => `content/pages/${file}.json=${label}`);
      execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/support/build-variant.ts", dist, ...args], { stdio: "pipe" });
      server = await startServer({ dist, port: 0 });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    test.afterAll(async () => {
      await new Promise((r) => server?.close(r));
      rmSync(dist, { recursive: true, force: true });
    });

    for (const [file, label] of Object.entries(FLAGS)) {
      test(`${label} shows on ${route(file)} and opens the wizard`, async ({ page }) => {
        await page.goto(base + route(file));
        const button = page.locator("main").getByRole("button", { name: label, exact: true });
        await expect(button).toBeVisible();
        await button.click();
        const dialog = page.getByRole("dialog", { name: WIZARD });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText("Step 1 of 6", { exact: true })).toBeVisible();
      });
    }
  });
});
