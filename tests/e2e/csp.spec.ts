/**
 * The site under its real Content-Security-Policy: the test server (scripts/start.ts)
 * sends the headers of dist/_headers, as the production host does. First proof that
 * the policy is there and enforced (an injected inline script must be refused and
 * reported), then every widget, with zero violations (every page loads under it in
 * pages.spec.ts, the sweep of each page).
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { stubCalendar } from "./support/dialogs.ts";
import { expectedHeaders, watchCsp } from "./support/csp.ts";
import { gotoSettled } from "./support/settle.ts";

const site = JSON.parse(readFileSync("content/site.json", "utf8")) as { links: { calendar: string }; leads: { live: string } };

async function ready(page: Page, path: string) {
  await gotoSettled(page, path);
  await expect(page.locator("header.site-header[data-ready]")).toHaveCount(1);
}

test("the policy is sent and enforced: an injected inline script is refused and reported", async ({ page }) => {
  const watch = await watchCsp(page);
  const response = await page.goto("/");
  const sent = response!.headers();
  const expected = expectedHeaders("/");
  expect(expected["content-security-policy"]).toMatch(/(^|; )script-src 'self'(;|$)/);
  for (const [name, value] of Object.entries(expected)) expect(sent[name], name).toBe(value);
  for (const name of ["strict-transport-security", "x-content-type-options", "referrer-policy", "permissions-policy", "cross-origin-opener-policy", "x-frame-options"])
    expect(sent[name], name).toBeTruthy();

  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injectedRan?: boolean };
    const s = document.createElement("script");
    s.textContent = "window.injectedRan = true";
    document.head.append(s);
    const img = document.createElement("img");
    img.setAttribute("onerror", "window.injectedRan = true");
    img.src = "/nope.png";
    document.body.append(img);
    await new Promise((r) => setTimeout(r, 300));
    return w.injectedRan === true;
  });
  expect(ran).toBe(false);
  const problems = await watch.problems();
  expect(problems.some((p) => p.includes("script-src-elem blocked inline"))).toBe(true);
  expect(problems.some((p) => p.includes("script-src-attr blocked inline"))).toBe(true);
});

test("connect-src lets the wizard reach the live webhook and nothing else", async ({ page }) => {
  const live = new URL(site.leads.live);
  await page.route(`${live.origin}/**`, (r) => r.fulfill({ status: 200, headers: { "Access-Control-Allow-Origin": "*" }, body: "{}" }));
  await page.route("https://elsewhere.example.net/**", (r) => r.fulfill({ status: 200, headers: { "Access-Control-Allow-Origin": "*" }, body: "{}" }));
  const watch = await watchCsp(page);
  await page.goto("/");
  const result = await page.evaluate(
    async ([liveUrl]) => {
      const attempt = (url: string) => fetch(url, { method: "POST", body: "{}" }).then(() => "sent", () => "blocked");
      return [await attempt(liveUrl!), await attempt("https://elsewhere.example.net/hook")];
    },
    [site.leads.live],
  );
  expect(result).toEqual(["sent", "blocked"]);
  const problems = await watch.problems();
  expect(problems.filter((p) => p.startsWith("violation") && p.includes("connect-src"))).toHaveLength(1);
  expect(problems.join("\n")).toContain("elsewhere.example.net");
});

test.describe("widgets", () => {
  test("header menus, Login and the mobile drawer", async ({ page }) => {
    const watch = await watchCsp(page);
    await ready(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Solutions", "Platform", "Resources", "About"]) {
      await nav.getByRole("button", { name, exact: true }).click();
      await expect(nav.getByRole("button", { name, exact: true })).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Escape");
    }
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.locator("#site-menu-login")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.mouse.wheel(0, 800); // the transparent header turns solid
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Urbi menu" });
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    expect(await watch.problems()).toEqual([]);
  });

  test("Download App menus", async ({ page }) => {
    const watch = await watchCsp(page);
    await ready(page, "/features/resident-experience");
    const buttons = page.getByRole("button", { name: "Download App" });
    for (let i = 0; i < (await buttons.count()); i++) {
      await buttons.nth(i).click();
      await expect(buttons.nth(i)).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Escape");
    }
    expect(await watch.problems()).toEqual([]);
  });

  test("carousels and the hero slideshow, by their controls and on their own", async ({ page }) => {
    const watch = await watchCsp(page);
    for (const path of ["/", "/products/urbi-hero-ai", "/products/urbi-kore", "/products/urbi-konnect"]) {
      await ready(page, path);
      const controls = page.locator('ssg-island[data-island="Carousel"] button, ssg-island[data-island="HeroSlideshow"] button');
      const n = await controls.count();
      for (let i = 0; i < n; i++) if (await controls.nth(i).isVisible()) await controls.nth(i).click({ force: true, timeout: 5000 });
      await page.waitForTimeout(600); // autoplay and progress bars keep drawing
    }
    expect(await watch.problems()).toEqual([]);
  });

  test("pricing table", async ({ page }) => {
    const watch = await watchCsp(page);
    await ready(page, "/pricing");
    await page.getByRole("radio", { name: "Residential" }).check({ force: true });
    await page.getByLabel("Building size").selectOption("large");
    await page.getByRole("radio", { name: "Commercial" }).check({ force: true });
    expect(await watch.problems()).toEqual([]);
  });

  test("login tabs and the sign-in notice", async ({ page }) => {
    const watch = await watchCsp(page);
    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await ready(page, "/login");
    for (const name of ["Residents & Tenants", "Managers & Owners"]) {
      await page.getByRole("tab", { name }).click();
      const panel = page.getByRole("tabpanel", { name });
      await panel.getByLabel(/e-?mail/i).fill("jane@company.com");
      await panel.getByLabel(/password/i).fill("secret");
      await panel.getByRole("button", { name: "Sign In" }).click();
    }
    await expect.poll(() => alerts.length).toBe(2);
    expect(await watch.problems()).toEqual([]);
  });

  test("the demo dialog and its calendar frame", async ({ page }) => {
    await stubCalendar(page);
    const watch = await watchCsp(page);
    await ready(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Request Demo" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule a Demo" });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute("title", /\S/);
    await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox");
    await expect(frame).toHaveAttribute("referrerpolicy", "strict-origin");
    // Every feature the Permissions-Policy denies is 'none' in the frame's allow list.
    const denied = [...expectedHeaders("/")["permissions-policy"]!.matchAll(/([a-z-]+)=\(\)/g)].map((m) => m[1]);
    const allowed = ((await frame.getAttribute("allow")) ?? "").split(";").map((s) => s.trim());
    expect(allowed).toEqual(denied.map((f) => `${f} 'none'`));
    await expect.poll(() => page.frames().map((f) => f.url())).toContain(await frame.getAttribute("src"));
    const calendar = page.frames().find((f) => f.url() === site.links.calendar)!;
    expect(await calendar.title()).toBe("Calendar");
    expect(new URL(await frame.getAttribute("src") ?? "").origin).toBe(new URL(site.links.calendar).origin);
    await page.keyboard.press("Escape");
    expect(await watch.problems()).toEqual([]);
  });

  test("the assessment wizard through to a sent lead", async ({ page }) => {
    let posted: unknown;
    await page.route("**/api/leads", (r) => {
      posted = r.request().postDataJSON();
      return r.fulfill({ status: 200, body: "" });
    });
    const watch = await watchCsp(page);
    await ready(page, "/");
    await page.locator("main").getByRole("button", { name: "Building Assessment" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Your Free Property Assessment" });
    await expect(dialog).toBeVisible();
    for (const [label, value] of [
      ["Full name", "Jane Smith"],
      ["City or region", "Calgary, AB"],
      ["Company name", "Maple Property Group"],
      ["Number of properties", "10-25"],
    ]) {
      await dialog.getByLabel(label!, { exact: true }).fill(value!);
      await dialog.getByRole("button", { name: "Next" }).click();
    }
    await dialog.getByRole("checkbox", { name: "Residential" }).check();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Work e-mail", { exact: true }).fill("jane@company.com");
    await dialog.getByRole("button", { name: "Get My Assessment" }).click();
    await expect(dialog).toBeHidden();
    expect(posted).toMatchObject({ name: "Jane Smith", email: "jane@company.com" });
    expect(await watch.problems()).toEqual([]);
  });
});
