/**
 * The lead settings the site's content leaves off, turned on in a scratch copy of
 * content/site.json (support/leads-variant.ts): attribution, consent, a least fill
 * time of 30 s and the dataLayer push. The page's clock is Playwright's, so "30 s
 * later" is a fast-forward, not a wait.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { leadsVariant, type VariantSite } from "./support/leads-variant.ts";
import { ANSWERS as BASE, answerSteps, openWizard, THANKS, WIZARD_TITLE } from "./support/wizard.ts";

const CONSENT = "I agree that the Building OS team may contact me by e-mail about my assessment.";
const CONSENT_ERROR = "Please tick the box to agree before we send your answers.";
const ANSWERS = { ...BASE, propertyTypes: ["Commercial"] };
const answerAll = (dialog: Locator) => answerSteps(dialog, 6, ANSWERS);

// One scratch build for the whole file: its tests run one after another in one worker.
test.describe.configure({ mode: "default" });

let site: VariantSite;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await leadsVariant((s) => {
    Object.assign(s["leads"], { attribution: true, consent: true, minFillSeconds: 30, dataLayer: true });
  });
});
test.afterAll(async () => site?.close());

function capture(page: Page): unknown[] {
  const bodies: unknown[] = [];
  void page.route("**/api/leads", (route) => {
    bodies.push(route.request().postDataJSON());
    return route.fulfill({ status: 200, body: "" });
  });
  return bodies;
}

test("faster than minFillSeconds: the visitor is thanked and nothing is sent", async ({ page }) => {
  const bodies = capture(page);
  await page.goto(site.base + "/");
  const dialog = await openWizard(page);
  await answerAll(dialog);
  await dialog.getByRole("checkbox", { name: CONSENT }).check();
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(THANKS)).toBeVisible();
  await page.waitForTimeout(300);
  expect(bodies).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
});

test("consent: not sent until ticked, with the field's message and focus; the lead carries the words and the time", async ({ page }) => {
  await page.clock.install();
  const bodies = capture(page);
  await page.goto(site.base + "/");
  const dialog = await openWizard(page);
  await answerAll(dialog);
  await page.clock.fastForward("00:31");
  const box = dialog.getByRole("checkbox", { name: CONSENT });
  await expect(box).not.toBeChecked();
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog.getByText(CONSENT_ERROR)).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(box).toHaveAccessibleDescription(CONSENT_ERROR);
  expect(await axeViolations(page)).toEqual([]);
  expect(bodies).toEqual([]);

  await page.keyboard.press("Space");
  await expect(dialog.getByText(CONSENT_ERROR)).toHaveCount(0);
  const tickedAt = await page.evaluate(() => Date.now());
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog).toBeHidden();
  expect(bodies).toHaveLength(1);
  const body = bodies[0] as Record<string, unknown> & { consent: { text: string; at: string } };
  expect(Object.keys(body)).toEqual(["name", "location", "companyName", "numberOfProperties", "propertyTypes", "email", "context", "consent"]);
  expect(body).toMatchObject(ANSWERS);
  expect(body.consent.text).toBe(CONSENT);
  expect(Math.abs(Date.parse(body.consent.at) - tickedAt)).toBeLessThan(5_000);
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toEqual([{ event: "generate_lead" }]);
});

test("attribution: ?utm_source=x on the landing page arrives in context after moving to another page", async ({ page }) => {
  await page.clock.install();
  const bodies = capture(page);
  await page.goto(site.base + "/pricing?utm_source=x&utm_medium=email&utm_campaign=launch", { referer: "https://news.example.org/story?id=7" });
  // On to the home page by a link of the site (no new touch).
  await page.getByRole("banner").getByRole("link", { name: "Urbi", exact: true }).click(); // the logo
  await expect(page).toHaveURL(site.base + "/");
  // The URL changes when the page starts to arrive; its scripts, which open the wizard, run by its load event.
  await page.waitForLoadState("load");
  const dialog = await openWizard(page);
  await answerAll(dialog);
  await dialog.getByRole("checkbox", { name: CONSENT }).check();
  await page.clock.fastForward("00:31");
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog).toBeHidden();
  const { context } = bodies[0] as { context: Record<string, Record<string, string> | string> };
  const touch = { utm_source: "x", utm_medium: "email", utm_campaign: "launch", referrer: "https://news.example.org/story", landingPage: "/pricing?utm_source=x&utm_medium=email&utm_campaign=launch", at: expect.any(String) };
  expect(context).toEqual({ firstTouch: touch, lastTouch: touch, page: "/" });

  // A later visit from another campaign is the last touch; the first stays.
  await page.goto(site.base + "/?utm_source=y");
  await openWizard(page).then(answerAll);
  const dialog2 = page.getByRole("dialog", { name: WIZARD_TITLE });
  await dialog2.getByRole("checkbox", { name: CONSENT }).check();
  await page.clock.fastForward("00:31");
  await dialog2.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog2).toBeHidden();
  const second = (bodies[1] as { context: { firstTouch: { utm_source: string }; lastTouch: Record<string, string>; page: string } }).context;
  expect(second.firstTouch.utm_source).toBe("x");
  expect(second.lastTouch).toMatchObject({ utm_source: "y", referrer: "", landingPage: "/?utm_source=y" });
  expect(second.page).toBe("/?utm_source=y");
});

test("the receiver keeps the lead with its context and consent, as sent", async ({ page }) => {
  await page.clock.install();
  await page.goto(site.base + "/?utm_campaign=receiver");
  const dialog = await openWizard(page);
  const email = `options-${Date.now()}@company.com`;
  await answerAll(dialog);
  await dialog.getByLabel("Work e-mail", { exact: true }).fill(email);
  await dialog.getByRole("checkbox", { name: CONSENT }).check();
  await page.clock.fastForward("00:31");
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  expect((await answered).status()).toBe(201);
  const line = readFileSync(site.leadsFile, "utf8").split("\n").find((l) => l.includes(email))!;
  const saved = JSON.parse(line) as Record<string, any>;
  expect(saved).toMatchObject({ ...ANSWERS, email, consent: { text: CONSENT }, context: { firstTouch: { utm_campaign: "receiver" }, page: "/?utm_campaign=receiver" } });
});
