/**
 * The free assessment wizard (templates/islands/AssessmentDialog.tsx) in Chromium,
 * against the built site served by scripts/start.ts, whose /api/leads is the local
 * lead receiver (the test webhook on 127.0.0.1). Most tests answer the webhook
 * with page.route; one sends a real lead and finds it in the receiver's file.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page, type Request } from "@playwright/test";
import { axeViolations } from "./axe.ts";

const TITLE = "Get Your Free Property Assessment";
const WEBHOOK = "**/api/leads";
/** Where the server started by playwright.config.ts saves leads (scripts/lib/leads.ts: leadsFile()). */
const LEADS_FILE = path.resolve(process.env["LEADS_FILE"] ?? "data/leads.jsonl");

const ANSWERS = {
  name: "Jane Smith",
  location: "Calgary, AB",
  companyName: "Maple Property Group",
  numberOfProperties: "10-25",
  propertyTypes: ["Residential", "Commercial"],
  email: "jane@company.com",
};
type Answers = typeof ANSWERS;

const LABELS = {
  name: "Full name",
  location: "City or region",
  companyName: "Company name",
  numberOfProperties: "Number of properties",
  email: "Work e-mail",
} as const;

/** The spec's messages (§5), written out here so that content cannot drift from them unnoticed. */
const MESSAGES = {
  name: "Name must be at least 2 characters",
  location: "Location is required",
  companyName: "Company name is required",
  numberOfProperties: "Number of properties is required",
  propertyTypes: "Please select at least one property type",
  email: "Please enter a valid email address",
};

function trigger(page: Page): Locator {
  return page.locator("main").getByRole("button", { name: "Building Assessment" });
}

async function openWizard(page: Page): Promise<Locator> {
  await page.goto("/");
  await trigger(page).click();
  const dialog = page.getByRole("dialog", { name: TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectStep(dialog: Locator, step: number) {
  const percent = Math.round((step / 6) * 100);
  await expect(dialog.getByText(`Step ${step} of 6`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${percent}% complete`, { exact: true })).toBeVisible();
  const bar = dialog.getByRole("progressbar", { name: `Step ${step} of 6` });
  await expect(bar).toHaveAttribute("aria-valuenow", String(percent));
  await expect(bar).toHaveAttribute("aria-valuemin", "0");
  await expect(bar).toHaveAttribute("aria-valuemax", "100");
}

/** Answers every step with the mouse and Next (the keyboard has its own test). */
async function answerAll(dialog: Locator, answers: Answers = ANSWERS) {
  for (const field of ["name", "location", "companyName", "numberOfProperties"] as const) {
    await dialog.getByLabel(LABELS[field], { exact: true }).fill(answers[field]);
    await dialog.getByRole("button", { name: "Next" }).click();
  }
  for (const type of answers.propertyTypes) await dialog.getByRole("checkbox", { name: type }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel(LABELS.email, { exact: true }).fill(answers.email);
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}

test("loads nothing of the wizard before the Building Assessment button is used", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto("/", { waitUntil: "networkidle" });
  expect(requests.filter((u) => /AssessmentDialog-/.test(u))).toEqual([]);
  await expect(page.getByRole("dialog", { name: TITLE })).toHaveCount(0);
  await trigger(page).click();
  await expect(page.getByRole("dialog", { name: TITLE })).toBeVisible();
  expect(requests.filter((u) => /AssessmentDialog-/.test(u))).toHaveLength(1);
});

test("without JavaScript, the button is an e-mail link", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  // The button needs script; the twin link that replaces it does not.
  await expect(trigger(page)).toHaveCount(0);
  await expect(page.locator("main").getByRole("link", { name: "Building Assessment" })).toHaveAttribute("href", /^mailto:/);
  await context.close();
});

test("a keyboard-only walk through all six steps", async ({ page }) => {
  let posted: Request | undefined;
  await page.route(WEBHOOK, (route) => {
    posted = route.request();
    return route.fulfill({ status: 200, body: "" });
  });
  await page.goto("/");
  await trigger(page).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "What's your name?" })).toBeVisible();

  const texts = [
    [1, LABELS.name, ANSWERS.name],
    [2, LABELS.location, ANSWERS.location],
    [3, LABELS.companyName, ANSWERS.companyName],
    [4, LABELS.numberOfProperties, ANSWERS.numberOfProperties],
  ] as const;
  for (const [step, label, value] of texts) {
    await expectStep(dialog, step);
    await expect(dialog.getByLabel(label, { exact: true })).toBeFocused();
    if (step === 1) await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
    await page.keyboard.type(value);
    await page.keyboard.press("Enter");
  }

  await expectStep(dialog, 5);
  await expect(dialog.getByRole("group", { name: "Property types" })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Residential" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("checkbox", { name: "Commercial" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Back" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expectStep(dialog, 6);
  await expect(dialog.getByLabel(LABELS.email, { exact: true })).toBeFocused();
  await expect(dialog.getByText("Your personalised assessment arrives by e-mail within a few minutes.")).toBeVisible();
  await expect(dialog.getByText("Your information stays secure and is never shared outside our team.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Get My Assessment" })).toBeVisible();
  await page.keyboard.type(ANSWERS.email);
  await page.keyboard.press("Enter");

  await expect(dialog).toBeHidden();
  expect(posted?.postDataJSON()).toEqual(ANSWERS);
  await expect(page.getByText("Thank you! Your free assessment is on its way to your inbox.")).toBeVisible();
  await expect(trigger(page)).toBeFocused();
});

test("each step's message is exactly the spec's, on the field, with focus moved to it", async ({ page }) => {
  const dialog = await openWizard(page);
  const next = dialog.getByRole("button", { name: "Next" });

  const checkText = async (field: keyof typeof LABELS, bad: string, good: string) => {
    const input = dialog.getByLabel(LABELS[field], { exact: true });
    await input.fill(bad);
    await next.click(); // focus leaves the field...
    const message = dialog.getByText(MESSAGES[field], { exact: true });
    await expect(message).toBeVisible();
    await expect(input).toBeFocused(); // ...and comes back to it
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(MESSAGES[field]);
    await input.fill(good);
    await expect(message).toBeHidden(); // the error follows the answer once shown
    await expect(input).not.toHaveAttribute("aria-invalid", "true");
    await next.click();
  };
  await checkText("name", "J", "Jo");
  await checkText("location", "   ", "Calgary");
  await checkText("companyName", "", "Maple");
  await checkText("numberOfProperties", " ", "5");

  await next.click();
  const types = dialog.getByRole("group", { name: "Property types" });
  await expect(dialog.getByText(MESSAGES.propertyTypes, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Residential" })).toBeFocused();
  await expect(dialog.getByRole("checkbox", { name: "Residential" })).toHaveAttribute("aria-invalid", "true");
  await expect(types).toHaveAccessibleDescription(`Choose all that apply. ${MESSAGES.propertyTypes}`);
  await dialog.getByRole("checkbox", { name: "Commercial" }).check();
  await expect(dialog.getByText(MESSAGES.propertyTypes)).toBeHidden();
  await next.click();

  const email = dialog.getByLabel(LABELS.email, { exact: true });
  for (const bad of ["", "jane@", "jane@company", "jane @company.com"]) {
    await email.fill(bad);
    await email.press("Enter");
    await expect(dialog.getByText(MESSAGES.email, { exact: true })).toBeVisible();
    await expect(email).toBeFocused();
    await expectStep(dialog, 6);
  }
});

test("Back and Next keep every answer; Back is disabled on step 1", async ({ page }) => {
  const dialog = await openWizard(page);
  const back = dialog.getByRole("button", { name: "Back" });
  await expect(back).toBeDisabled();
  await answerAll(dialog);
  await expectStep(dialog, 6);
  for (let step = 5; step >= 1; step--) {
    await back.click();
    await expectStep(dialog, step);
  }
  await expect(back).toBeDisabled();
  await expect(dialog.getByLabel(LABELS.name, { exact: true })).toHaveValue(ANSWERS.name);
  const next = dialog.getByRole("button", { name: "Next" });
  await next.click();
  await expect(dialog.getByLabel(LABELS.location, { exact: true })).toHaveValue(ANSWERS.location);
  await next.click();
  await expect(dialog.getByLabel(LABELS.companyName, { exact: true })).toHaveValue(ANSWERS.companyName);
  await next.click();
  await expect(dialog.getByLabel(LABELS.numberOfProperties, { exact: true })).toHaveValue(ANSWERS.numberOfProperties);
  await next.click();
  await expect(dialog.getByRole("checkbox", { name: "Residential" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Commercial" })).toBeChecked();
  await next.click();
  await expect(dialog.getByLabel(LABELS.email, { exact: true })).toHaveValue(ANSWERS.email);
});

test("Enter in a text step acts as Next, and checks the step first", async ({ page }) => {
  const dialog = await openWizard(page);
  const name = dialog.getByLabel(LABELS.name, { exact: true });
  await name.press("Enter");
  await expect(dialog.getByText(MESSAGES.name)).toBeVisible();
  await expectStep(dialog, 1);
  await name.fill("Jane");
  await name.press("Enter");
  await expectStep(dialog, 2);
  await expect(dialog.getByLabel(LABELS.location, { exact: true })).toBeFocused();
});

test("text fields carry labels, placeholders and autofill hints", async ({ page }) => {
  const dialog = await openWizard(page);
  const name = dialog.getByLabel(LABELS.name, { exact: true });
  await expect(name).toHaveAttribute("autocomplete", "name");
  await expect(name).toHaveAttribute("placeholder", "Jane Smith");
  await name.fill("Jane");
  await name.press("Enter");
  await dialog.getByLabel(LABELS.location, { exact: true }).fill("Calgary");
  await dialog.getByLabel(LABELS.location, { exact: true }).press("Enter");
  await expect(dialog.getByLabel(LABELS.companyName, { exact: true })).toHaveAttribute("autocomplete", "organization");
});

test("posts exactly the six fields as JSON; on 200 it closes, thanks and starts over", async ({ page }) => {
  const posts: Request[] = [];
  await page.route(WEBHOOK, (route) => {
    posts.push(route.request());
    return route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
  });
  const dialog = await openWizard(page);
  await answerAll(dialog, { ...ANSWERS, name: "  Jane Smith  ", propertyTypes: ["Commercial", "Residential"] });
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();

  await expect(dialog).toBeHidden();
  expect(posts).toHaveLength(1);
  const request = posts[0]!;
  expect(request.method()).toBe("POST");
  expect(new URL(request.url()).pathname).toBe("/api/leads");
  expect(request.headers()["content-type"]).toBe("application/json");
  const body = request.postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["companyName", "email", "location", "name", "numberOfProperties", "propertyTypes"]);
  expect(body).toEqual(ANSWERS); // trimmed, and the types as a list in the schema's order

  const toast = page.getByRole("status").filter({ hasText: "Thank you! Your free assessment is on its way to your inbox." });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("aria-live", "polite");

  await trigger(page).click();
  await expect(dialog).toBeVisible();
  await expectStep(dialog, 1);
  await expect(dialog.getByLabel(LABELS.name, { exact: true })).toHaveValue("");
});

test("on 500 it stays open with every answer, logs, says so, and the button retries", async ({ page }) => {
  const errors = consoleErrors(page);
  let calls = 0;
  await page.route(WEBHOOK, (route) => {
    calls++;
    return route.fulfill({ status: calls === 1 ? 500 : 200, body: "" });
  });
  const dialog = await openWizard(page);
  await answerAll(dialog);
  const submit = dialog.getByRole("button", { name: "Get My Assessment" });
  await submit.click();

  const alert = dialog.getByRole("alert");
  await expect(alert).toHaveText("We couldn't send your answers just now. Everything you entered is still here, so please try again.");
  await expect(dialog).toBeVisible();
  await expect(submit).toBeEnabled();
  await expect(dialog.getByLabel(LABELS.email, { exact: true })).toHaveValue(ANSWERS.email);
  expect(errors.some((e) => /assessment request was not sent.*500/.test(e))).toBe(true);
  await expect(page.getByText("Thank you!")).toHaveCount(0);

  // Closing and opening again keeps everything after a failure.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await trigger(page).click();
  await expectStep(dialog, 6);
  await expect(dialog.getByLabel(LABELS.email, { exact: true })).toHaveValue(ANSWERS.email);
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByRole("checkbox", { name: "Commercial" })).toBeChecked();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByLabel(LABELS.numberOfProperties, { exact: true })).toHaveValue(ANSWERS.numberOfProperties);
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();

  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Thank you! Your free assessment is on its way to your inbox.")).toBeVisible();
  expect(calls).toBe(2);
});

test("a failed request (network error) keeps the dialog open with the message", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.route(WEBHOOK, (route) => route.abort("failed"));
  const dialog = await openWizard(page);
  await answerAll(dialog);
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(dialog.getByRole("alert")).toContainText("We couldn't send your answers just now.");
  await expect(dialog.getByLabel(LABELS.email, { exact: true })).toHaveValue(ANSWERS.email);
  await expect.poll(() => errors.some((e) => /assessment request was not sent/.test(e))).toBe(true);
});

test("no answer within 15 s is a failure; while waiting the button says Submitting..., is disabled and sends once", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.clock.install();
  let calls = 0;
  await page.route(WEBHOOK, () => {
    calls++; // never answered
  });
  const dialog = await openWizard(page);
  await answerAll(dialog);
  // From here the page's time moves only by runFor: a slow machine cannot use up the 15 s unseen.
  // (The pause is set 5 s ahead of the page's clock: 1 s was in the past by the time it was set once, under load.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  const submit = dialog.getByRole("button", { name: "Get My Assessment" });
  await submit.click();
  const sending = dialog.getByRole("button", { name: "Submitting..." });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await sending.dblclick({ force: true });
  await dialog.getByLabel(LABELS.email, { exact: true }).press("Enter");
  await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();

  await page.clock.runFor(14_000);
  await expect(sending).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText("");
  await page.clock.runFor(1_100);
  await expect(dialog.getByRole("alert")).toContainText("We couldn't send your answers just now.");
  await expect(submit).toBeEnabled();
  expect(calls).toBe(1);
  await expect.poll(() => errors.some((e) => /within 15000 ms/.test(e))).toBe(true);
});

test("the success notice leaves after 4 s, and a swipe past 20 px dismisses it", async ({ page }) => {
  await page.clock.install();
  await page.route(WEBHOOK, (route) => route.fulfill({ status: 200, body: "" }));
  const dialog = await openWizard(page);
  const notice = page.locator("[data-toast]");
  // Note the page's (fake) time at which the notice appears.
  await page.evaluate(() => {
    const w = window as unknown as { noticeAt?: number };
    new MutationObserver((_, observer) => {
      if (!document.querySelector("[data-toast]")) return;
      w.noticeAt = Date.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });

  await answerAll(dialog);
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(notice).toHaveCount(1);
  const box = (await notice.boundingBox())!;
  expect(Math.round(box.width)).toBe(356);
  const shownAt = await page.evaluate(() => (window as unknown as { noticeAt: number }).noticeAt);
  await page.clock.pauseAt(shownAt + 3_900);
  await expect(notice).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(notice).toHaveCount(0);
  await page.clock.resume();

  await trigger(page).click();
  await answerAll(dialog);
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  await expect(notice).toHaveCount(1);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500); // no timer may dismiss it meanwhile
  const b = (await notice.boundingBox())!;
  const [x, y] = [b.x + 40, b.y + b.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y, { steps: 3 });
  await page.mouse.up();
  await expect(notice).toHaveCount(1); // 12 px: not far enough
  await page.mouse.down();
  await page.mouse.move(x + 40, y, { steps: 4 });
  await page.mouse.up();
  await expect(notice).toHaveCount(0);
});

test("opening again after closing mid-way starts over at step 1", async ({ page }) => {
  const dialog = await openWizard(page);
  await dialog.getByLabel(LABELS.name, { exact: true }).fill("Jane");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expectStep(dialog, 2);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger(page)).toBeFocused();
  await trigger(page).click();
  await expectStep(dialog, 1);
  await expect(dialog.getByLabel(LABELS.name, { exact: true })).toHaveValue("");
  await expect(dialog.getByLabel(LABELS.name, { exact: true })).toBeFocused();
});

test("a real lead, sent without interception, lands in the receiver's file", async ({ page }) => {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@company.com`;
  const dialog = await openWizard(page);
  await answerAll(dialog, { ...ANSWERS, email });
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
  await dialog.getByRole("button", { name: "Get My Assessment" }).click();
  expect((await answered).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Thank you! Your free assessment is on its way to your inbox.")).toBeVisible();

  const saved = () =>
    existsSync(LEADS_FILE)
      ? readFileSync(LEADS_FILE, "utf8")
          .split("\n")
          .filter((line) => line.includes(email))
      : [];
  await expect.poll(saved).toHaveLength(1);
  const lead = JSON.parse(saved()[0]!) as Record<string, unknown>;
  expect(lead).toEqual({ ...ANSWERS, email, receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
});

test("axe finds nothing with the dialog open on a step and with an error shown", async ({ page }) => {
  const dialog = await openWizard(page);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText(MESSAGES.name)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const field of ["name", "location", "companyName", "numberOfProperties"] as const) {
    await dialog.getByLabel(LABELS[field], { exact: true }).fill(ANSWERS[field]);
    await dialog.getByRole("button", { name: "Next" }).click();
  }
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText(MESSAGES.propertyTypes)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
