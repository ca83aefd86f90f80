/**
 * Content cannot inject script. tests/e2e/support/build-payloads.ts builds the site
 * from a copy of content/ with script payloads in every text field (plain text,
 * Markdown, image alt texts, site.json labels, guide front matter and bodies, the
 * values that become island props JSON); each payload calls __pwned(<field number>).
 * Every page is loaded with the Content-Security-Policy bypassed, so that only the
 * escaping stands between the payloads and the page: nothing may run, no dialog may
 * open, no element or attribute may come from content, and each payload must show
 * as the literal text it is. Then the same pages under the policy, the dialogs, and
 * the wizard with payloads typed into every field.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { startServer } from "../../scripts/lib/server.ts";
import type { PayloadField } from "./support/build-payloads.ts";
import { watchCsp } from "./support/csp.ts";
import { stubCalendar } from "./support/dialogs.ts";
import { gotoSettled } from "./support/settle.ts";

interface Manifest {
  fields: PayloadField[];
  skipped: Array<Pick<PayloadField, "id" | "file" | "pointer" | "kind">>;
}
interface RouteEntry {
  path: string;
  status: number;
  source: string;
}

declare global {
  interface Window {
    __pwned?: (id: number) => void;
    __pwnedCalls?: number[];
  }
}

/** Records calls to __pwned and alert/confirm/prompt, in every frame, before any page script. */
async function trap(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    window.__pwnedCalls = [];
    window.__pwned = (id: number) => window.__pwnedCalls!.push(id);
  });
}

async function pwned(page: Page): Promise<number[]> {
  const calls: number[] = [];
  for (const frame of page.frames()) calls.push(...(await frame.evaluate(() => window.__pwnedCalls ?? []).catch(() => [] as number[])));
  return calls;
}

/** Elements and attributes that could only have come from a payload. */
async function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const s of document.querySelectorAll("script")) {
      const src = s.getAttribute("src");
      const type = s.getAttribute("type") ?? "";
      if (src ? !src.startsWith("/assets/islands/") : !["application/json", "application/ld+json"].includes(type)) found.push(s.outerHTML.slice(0, 100));
    }
    for (const el of document.querySelectorAll("*")) {
      for (const a of el.attributes) if (/^on/i.test(a.name)) found.push(`<${el.localName} ${a.name}="${a.value}">`);
      if (el.localName === "img" && el.getAttribute("src") === "x") found.push("<img src=x>");
    }
    for (const a of document.querySelectorAll("a[href], iframe[src], form[action]")) {
      const url = a.getAttribute("href") ?? a.getAttribute("src") ?? a.getAttribute("action") ?? "";
      if (/^\s*(javascript|vbscript|data):/i.test(url)) found.push(a.outerHTML.slice(0, 100));
    }
    return found;
  });
}

/** Every text a reader or a screen reader can get: text, attribute values, and the island props that become text. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.documentElement.textContent ?? ""];
    for (const el of document.querySelectorAll("*")) for (const a of el.attributes) parts.push(a.value);
    const walk = (v: unknown): void => {
      if (typeof v === "string") parts.push(v);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    for (const s of document.querySelectorAll("script[data-island-props]")) {
      try {
        walk(JSON.parse(s.textContent || "null"));
      } catch {
        parts.push(`(props that are not JSON: ${s.textContent})`); // a break-out; reported by injectedMarkup
      }
    }
    return parts.join("\n");
  });
}

test.describe("content with script payloads in every field", () => {
  test.describe.configure({ mode: "serial" });

  let work: string;
  let server: Server;
  let base: string;
  let manifest: Manifest;
  let routes: RouteEntry[];
  const shown = new Set<number>();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = mkdtempSync(path.join(os.tmpdir(), "bos-payloads-"));
    execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/support/build-payloads.ts", path.join(work, "dist"), path.join(work, "manifest.json")], { stdio: "pipe" });
    manifest = JSON.parse(readFileSync(path.join(work, "manifest.json"), "utf8")) as Manifest;
    routes = JSON.parse(readFileSync(path.join(work, "dist/routes.json"), "utf8")) as RouteEntry[];
    server = await startServer({ dist: path.join(work, "dist"), port: 0 });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((r) => server?.close(r));
    rmSync(work, { recursive: true, force: true });
  });

  test("payloads went into every kind of field", () => {
    const kinds = new Set(manifest.fields.map((f) => f.kind));
    expect([...kinds].sort()).toEqual(["front matter", "guide body", "markdown", "text"]);
    const where = (file: string, pointer: RegExp) => manifest.fields.some((f) => f.file === file && pointer.test(f.pointer));
    expect(where("content/site.json", /^\/labels\//)).toBe(true);
    expect(where("content/site.json", /^\/header\/nav\/\d+\/title$/)).toBe(true); // SiteHeader island props
    expect(where("content/site.json", /^\/dialogs\/assessment\//)).toBe(true); // a dialog's props
    expect(where("content/pages/index.json", /\/alt$/)).toBe(true);
    expect(where("content/pages/index.json", /^\/title$/)).toBe(true);
    expect(manifest.fields.length).toBeGreaterThan(1000);
  });

  test("every page: nothing runs, nothing is injected, the payloads read as text", async ({ browser }) => {
    test.setTimeout(240_000);
    // Without the policy: only the escaping protects the page.
    const context = await browser.newContext({ bypassCSP: true });
    await trap(context);
    const dialogs: string[] = [];
    const failures: string[] = [];
    for (const route of routes) {
      const page = await context.newPage();
      page.on("dialog", (d) => {
        dialogs.push(`${route.path}: ${d.message()}`);
        void d.dismiss();
      });
      await gotoSettled(page, base + (route.status === 404 ? "/no-such-page" : route.path));
      const calls = await pwned(page);
      if (calls.length) failures.push(`${route.path}: __pwned ran for fields ${[...new Set(calls)].join(", ")}`);
      for (const m of await injectedMarkup(page)) failures.push(`${route.path}: injected ${m}`);
      const text = await readableText(page);
      for (const f of manifest.fields) if (text.includes(f.literal)) shown.add(f.id);
      // The page's own headline and title carry its payload literally.
      const own = manifest.fields.filter((f) => f.file === route.source && (f.pointer === "/title" || f.pointer === "/description"));
      for (const f of own) if (!text.includes(f.literal)) failures.push(`${route.path}: ${f.pointer} does not show ${JSON.stringify(f.literal)}`);
      await page.close();
    }
    await context.close();
    expect(failures).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test("each payload shows literally on some page", () => {
    const missing = manifest.fields.filter((f) => !shown.has(f.id)).map((f) => `${f.file} ${f.pointer}`);
    // Content that no page shows (a hidden button's label, a record no page lists) cannot be seen.
    console.log(`${manifest.fields.length - missing.length} of ${manifest.fields.length} payloads shown literally; ${manifest.skipped.length} fields refuse any payload (keywords, short figures)`);
    expect(missing.length, missing.join("\n")).toBeLessThan(manifest.fields.length * 0.05);
  });

  test("under the policy, the pages and their dialogs report no violation", async ({ page }) => {
    test.setTimeout(120_000);
    await trap(page);
    await stubCalendar(page);
    const watch = await watchCsp(page);
    page.on("dialog", (d) => void d.dismiss());
    for (const route of routes.filter((r) => r.status === 200)) await page.goto(base + route.path, { waitUntil: "load" });
    await gotoSettled(page, base + "/");
    await page.locator("header.site-header[data-ready]").waitFor();
    // The long payloads push the header's buttons out of view: click them where they are.
    await page.getByRole("banner").getByRole("button", { name: /^Request Demo/ }).dispatchEvent("click");
    await expect(page.getByRole("dialog", { name: /^Schedule a Demo/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.locator("main").getByRole("button", { name: /^Building Assessment/ }).dispatchEvent("click");
    const wizard = page.getByRole("dialog", { name: /^Get Your Free Property Assessment/ });
    await expect(wizard).toBeVisible();
    await expect(wizard).toContainText("<script>__pwned(");
    await wizard.getByRole("button", { name: /^Next/ }).dispatchEvent("click"); // shows the (payload-carrying) error message
    await expect(wizard.getByText(/Name must be at least 2 characters <script>__pwned\(/)).toBeVisible();
    expect(await pwned(page)).toEqual([]);
    expect(await watch.problems()).toEqual([]);
  });
});

test("the wizard sends what was typed, payloads and all, and runs none of it", async ({ page }) => {
  await trap(page);
  const watch = await watchCsp(page);
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  let posted: unknown;
  await page.route("**/api/leads", (r) => {
    posted = r.request().postDataJSON();
    return r.fulfill({ status: 200, body: "" });
  });
  const typed = {
    name: `Jane <script>__pwned(1)</script><img src=x onerror=__pwned(1)>`,
    location: `"><svg onload=__pwned(2)></script><script>__pwned(2)</script>`,
    companyName: `</script><script>alert(3)</script>'"><iframe src=javascript:__pwned(3)>`,
    numberOfProperties: `<img src=x onerror=__pwned(4)>`,
    email: `<svg/onload=__pwned(5)>@x.co`,
  };
  await page.goto("/");
  await page.locator("main").getByRole("button", { name: "Building Assessment" }).click();
  const dialog = page.getByRole("dialog", { name: "Get Your Free Property Assessment" });
  for (const [label, value] of [
    ["Full name", typed.name],
    ["City or region", typed.location],
    ["Company name", typed.companyName],
    ["Number of properties", typed.numberOfProperties],
  ] as const) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole("button", { name: "Next" }).click();
  }
  await dialog.getByRole("checkbox", { name: "Residential" }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Work e-mail", { exact: true }).fill(typed.email);
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog).toBeHidden();
  expect(posted).toEqual({ ...typed, propertyTypes: ["Residential"] });
  expect(await pwned(page)).toEqual([]);
  expect(await injectedMarkup(page)).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(await watch.problems()).toEqual([]);
});
