/**
 * Leads a marketing team can trust, on the site as built (site.leads as content has
 * it: the honeypot on, everything else off): robots get the thank-you and send
 * nothing, answers survive a failed send, a reload or a close, and a sent lead is
 * announced to the page. (Consent, attribution and the least fill time, which content
 * leaves off: leads-options.spec.ts.)
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { ANSWERS, answerSteps, openWizard, THANKS } from "./support/wizard.ts";

const WEBHOOK = "**/api/leads";

/** Notes lead:submitted events in the page (window.leadEvents). */
async function watchLeadEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { leadEvents: unknown[] };
    w.leadEvents = [];
    window.addEventListener("lead:submitted", (e) => w.leadEvents.push((e as CustomEvent).detail));
  });
}
const leadEvents = (page: Page) => page.evaluate(() => (window as unknown as { leadEvents: unknown[] }).leadEvents);

test("the honeypot is out of sight, out of the tab order and hidden from assistive technology", async ({ page }) => {
  await page.goto("/");
  const dialog = await openWizard(page);
  const trap = dialog.locator('input[name="website"]');
  await expect(trap).toHaveCount(1);
  await expect(dialog.getByRole("textbox")).toHaveCount(1); // only "Full name"
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).toHaveAttribute("autocomplete", "off");
  const box = (await trap.boundingBox())!;
  expect(box.x + box.width).toBeLessThan(0);
  // Tab from the name field never lands on it.
  await dialog.getByLabel("Full name", { exact: true }).focus();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).not.toBe("website");
  }
});

test("a robot that fills the honeypot is thanked, and nothing is sent", async ({ page }) => {
  await watchLeadEvents(page);
  const posted: Request[] = [];
  await page.route(WEBHOOK, (route) => {
    posted.push(route.request());
    return route.fulfill({ status: 200, body: "" });
  });
  await page.goto("/");
  const dialog = await openWizard(page);
  // What form-filling robots do: set every input's value.
  await dialog.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = "https://cheap-pills.example"));
  await answerSteps(dialog, 6);
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(THANKS)).toBeVisible();
  await page.waitForTimeout(300);
  expect(posted).toHaveLength(0);
  expect(await leadEvents(page)).toEqual([]);
});

test("a 500, a reload: the wizard starts at step 1 and one click sends the kept answers, once", async ({ page }) => {
  await watchLeadEvents(page);
  const bodies: unknown[] = [];
  await page.route(WEBHOOK, (route) => {
    bodies.push(route.request().postDataJSON());
    return route.fulfill({ status: bodies.length === 1 ? 500 : 200, body: "" });
  });
  await page.goto("/");
  let dialog = await openWizard(page);
  await answerSteps(dialog, 6);
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog.getByRole("alert")).toContainText("We couldn't send your answers just now.");

  await page.reload();
  dialog = await openWizard(page);
  // The spec: opening starts at step 1, empty. The kept answers are offered beside it.
  await expect(dialog.getByText("Step 1 of 6", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Full name", { exact: true })).toHaveValue("");
  await expect(dialog.getByLabel("Full name", { exact: true })).toBeFocused();
  await expect(dialog.getByText("Your answers from earlier have not been sent yet.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const send = dialog.getByRole("button", { name: "Send my answers" });
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(THANKS)).toBeVisible();
  expect(bodies).toHaveLength(2);
  expect(bodies[1]).toEqual(ANSWERS);
  expect(await leadEvents(page)).toEqual([{ form: "assessment" }]);
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false); // leads.dataLayer is off

  // Sent: the tab forgets the answers; opening again offers nothing.
  await page.reload();
  dialog = await openWizard(page);
  await expect(dialog.getByText("Step 1 of 6", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Send my answers|Continue where you left off/ })).toHaveCount(0);
});

test("closed mid-way and reloaded: Continue brings the answers back at that step; Start over forgets them", async ({ page }) => {
  await page.goto("/");
  let dialog = await openWizard(page);
  await answerSteps(dialog, 2);
  await expect(dialog.getByText("Step 3 of 6", { exact: true })).toBeVisible();
  await dialog.getByLabel("Company name", { exact: true }).fill("Maple");
  await page.keyboard.press("Escape");
  await page.reload();

  dialog = await openWizard(page);
  await expect(dialog.getByText("You started this assessment earlier. Your answers are kept in this tab.")).toBeVisible();
  await dialog.getByRole("button", { name: "Continue where you left off" }).click();
  await expect(dialog.getByText("Step 3 of 6", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Company name", { exact: true })).toHaveValue("Maple");
  await expect(dialog.getByLabel("Company name", { exact: true })).toBeFocused();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByLabel("City or region", { exact: true })).toHaveValue(ANSWERS.location);

  await page.keyboard.press("Escape");
  await page.reload();
  dialog = await openWizard(page);
  await dialog.getByRole("button", { name: "Start over" }).click();
  await expect(dialog.getByRole("button", { name: "Continue where you left off" })).toHaveCount(0);
  await expect(dialog.getByLabel("Full name", { exact: true })).toBeFocused();
  await page.reload();
  dialog = await openWizard(page);
  await expect(dialog.getByText("Step 1 of 6", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Continue where you left off" })).toHaveCount(0);
});

test("typing a new answer instead of continuing replaces the kept one", async ({ page }) => {
  await page.goto("/");
  let dialog = await openWizard(page);
  await answerSteps(dialog, 1);
  await page.keyboard.press("Escape");
  dialog = await openWizard(page);
  await expect(dialog.getByRole("button", { name: "Continue where you left off" })).toBeVisible();
  await dialog.getByLabel("Full name", { exact: true }).fill("Sam Lee");
  await expect(dialog.getByRole("button", { name: "Continue where you left off" })).toHaveCount(0);
  await page.reload();
  dialog = await openWizard(page);
  await dialog.getByRole("button", { name: "Continue where you left off" }).click();
  await expect(dialog.getByLabel("Full name", { exact: true })).toHaveValue("Sam Lee");
});
