/**
 * Every built page, enumerated from the build's route manifest (dist/routes.json), so pages
 * added later are covered without touching this file: one sweep per page that opens it once
 * and checks everything a page owes its visitors there (until this sweep, four suites opened
 * every page again, each for one of these):
 *
 * - status, one h1, a title, a description, lang, the landmarks, no console error or failed
 *   request, no axe violation, valid HTML (the checker's report: global-setup.ts);
 * - its real Content-Security-Policy header, no violation while it loads and while its dialogs
 *   open, no inline script or event handler;
 * - no sideways scroll at 360, 390, 768, 1024 and 1440 px (a failure names what sticks out);
 * - every control that opens a dialog is a button the way assistive technology sees it
 *   (role "button", aria-haspopup="dialog"), and Enter and Space both open it; closing gives
 *   focus back to it;
 * - every page but / (aliases aside) has the solid header at scroll 0, in the server's markup
 *   (the first paint) and once the header's script runs (/ starts transparent: header.spec.ts).
 */
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { readVnuReport } from "./global-setup.ts";
import { expectedHeaders, watchCsp } from "./support/csp.ts";
import { INK_900, WHITE } from "./support/colours.ts";
import { stubCalendar } from "./support/dialogs.ts";
import { gotoSettled } from "./support/settle.ts";

interface RouteEntry {
  path: string;
  output: string;
  status: number;
  alias?: boolean;
}

const routes = JSON.parse(readFileSync("dist/routes.json", "utf8")) as RouteEntry[];
const site = JSON.parse(readFileSync("content/site.json", "utf8")) as { dialogs: { demo: { title: string }; assessment: { title: string } } };
const WIDTHS = [360, 390, 768, 1024, 1440];

/** What sticks out past the viewport at the current width (the outermost element of each), or null. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= root.clientWidth + 1) continue;
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > root.clientWidth + 1) continue;
      culprits.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} "${(el.textContent ?? "").trim().slice(0, 40)}" right=${Math.round(box.right)}`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits: culprits.slice(0, 5) };
  });
}

/** The dialog a trigger opens, by its accessible name. */
async function dialogFor(page: Page, trigger: Locator): Promise<Locator> {
  const kind = await trigger.getAttribute("data-open");
  const name = kind === "assessment" ? site.dialogs.assessment.title : ((await trigger.getAttribute("data-dialog-title")) ?? site.dialogs.demo.title);
  return page.getByRole("dialog", { name, exact: true });
}

async function openWith(page: Page, trigger: Locator, key: "Enter" | "Space"): Promise<void> {
  await trigger.focus();
  await page.keyboard.press(key);
  const dialog = await dialogFor(page, trigger);
  await expect(dialog, `${key} opens the dialog`).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger, "focus returns to the button").toBeFocused();
}

/** Every dialog opener of the page (main and header) is a button; each distinct one opens with Enter and Space. */
async function checkOpeners(page: Page, path: string): Promise<void> {
  const scope = page.locator("main, header.site-header");
  const openers = scope.locator("[data-open]:visible");
  const count = await openers.count();
  // Every page has at least the header's Request Demo.
  expect(count, "dialog openers").toBeGreaterThan(0);
  const tried = new Set<string>();
  for (let i = 0; i < count; i++) {
    const el = openers.nth(i);
    const info = await el.evaluate((node) => ({ tag: node.tagName, haspopup: node.getAttribute("aria-haspopup"), label: (node.textContent ?? "").trim(), kind: node.getAttribute("data-open"), inHeader: Boolean(node.closest("header.site-header")) }));
    expect(info.tag, `${info.label} is a <button>`).toBe("BUTTON");
    expect(info.haspopup, `${info.label} says it opens a dialog`).toBe("dialog");
    // The same role and name is what a screen reader finds.
    await expect(scope.getByRole("button", { name: info.label, exact: true }).first()).toBeVisible();
    // Keyboard: each distinct kind and label once per page (the header's only on the home page).
    const key = `${info.kind} ${info.label}`;
    if (tried.has(key) || (info.inHeader && path !== "/")) continue;
    tried.add(key);
    await openWith(page, el, "Enter");
    await openWith(page, el, "Space");
  }
}

for (const route of routes) {
  const url = route.status === 404 ? "/this-address-does-not-exist" : route.path;
  const solidHeader = !route.alias && route.path !== "/";
  test(`${route.path}: status, landmarks, axe, valid HTML, its policy, no sideways scroll, dialog openers${solidHeader ? ", the solid header" : ""}`, async ({ page, request }) => {
    await stubCalendar(page);
    const csp = await watchCsp(page);
    const errors: string[] = [];
    page.on("console", (m) => {
      // The not-found page's own 404 status is expected; nothing else may fail.
      const isOwnStatus = route.status === 404 && m.location().url.endsWith(url);
      if (m.type() === "error" && !isOwnStatus) errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("requestfailed", (r) => errors.push(`${r.url()} ${r.failure()?.errorText}`));

    const response = await gotoSettled(page, url);
    expect(response?.status()).toBe(route.status);
    expect(response!.headers()["content-security-policy"]).toBe(expectedHeaders(url)["content-security-policy"]);
    await expect(page.locator("h1")).toHaveCount(1);
    expect((await page.title()).trim()).not.toBe("");
    expect(((await page.locator('meta[name="description"]').getAttribute("content")) ?? "").length).toBeGreaterThan(49);
    expect(await page.locator("html").getAttribute("lang")).toMatch(/^[a-z]{2}/);
    await expect(page.locator("main")).toHaveCount(1);
    await expect(page.locator("header").first()).toBeAttached();
    await expect(page.locator("footer")).toHaveCount(1);
    if (solidHeader) {
      // The first paint: the server's markup alone (the CSS for each variant is checked on / and /about in header.spec.ts).
      const html = await (await request.get(url)).text();
      expect(/<header [^>]*class="site-header[^"]*"[^>]*>/.exec(html)?.[0]).toContain('data-variant="solid"');
      // And once the header's script runs, still at scroll 0.
      await expect(page.locator("header.site-header[data-ready]")).toHaveCount(1);
      expect(await page.evaluate(() => scrollY)).toBe(0);
      const banner = page.getByRole("banner");
      await expect(banner).toHaveAttribute("data-variant", "solid");
      await expect(banner).not.toHaveAttribute("data-scrolled");
      expect(await banner.evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`)).toBe(`${WHITE} ${INK_900}`);
    }
    const inline = await page.evaluate(() => {
      const found: string[] = [];
      for (const s of document.querySelectorAll("script:not([src])"))
        if (!["application/json", "application/ld+json"].includes(s.getAttribute("type") ?? "")) found.push(s.outerHTML.slice(0, 80));
      for (const el of document.querySelectorAll("*")) for (const a of el.attributes) if (/^on/i.test(a.name)) found.push(`<${el.localName} ${a.name}>`);
      return found;
    });
    expect(inline, "inline scripts and handlers").toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(await overflow(page), `${route.path} at ${width} px`).toBeNull();
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    if (route.status === 200) await checkOpeners(page, route.path);
    expect(await csp.problems(), "policy violations").toEqual([]);
    expect(errors, "console errors and failed requests").toEqual([]);

    // The checker runs beside the first tests (global-setup.ts); waiting for it is not this page's time.
    test.setTimeout(test.info().timeout + 60_000);
    const vnu = await readVnuReport();
    const problems = vnu.messages.filter((m) => m.url.endsWith(`/dist/${route.output}`) && (m.type === "error" || m.type === "non-document-error")).map((m) => `line ${m.lastLine}: ${m.message}`);
    expect(problems).toEqual([]);
  });
}

test("the route manifest lists the home and not-found pages", () => {
  expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/", "/404"]));
});

test("axe, as these tests run it, reports a page's violations (it is not silent)", async ({ page }) => {
  await page.setContent('<!DOCTYPE html><html lang="en"><head><title>Canary</title></head><body><main><h1>Canary</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button><p style="color:#777;background:#888">low contrast</p></main></body></html>');
  const found = (await axeViolations(page)).map((v) => v.split(" ")[0]);
  expect(found).toEqual(expect.arrayContaining(["image-alt", "button-name", "color-contrast"]));
});
