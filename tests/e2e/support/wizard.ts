/** Shared by the browser tests of the lead settings: opening the assessment wizard and answering its steps. */
import { expect, type Locator, type Page } from "@playwright/test";

export const WIZARD_TITLE = "Get Your Free Property Assessment";
export const THANKS = "Thank you! Your free assessment is on its way to your inbox.";

export interface WizardAnswers {
  name: string;
  location: string;
  companyName: string;
  numberOfProperties: string;
  propertyTypes: string[];
  email: string;
}

export const ANSWERS: WizardAnswers = { name: "Jane Smith", location: "Calgary, AB", companyName: "Maple Property Group", numberOfProperties: "10-25", propertyTypes: ["Residential"], email: "jane@company.com" };

/** Opens the wizard with the home page's Building Assessment button (the page must be open). */
export async function openWizard(page: Page): Promise<Locator> {
  await page.locator("main").getByRole("button", { name: "Building Assessment" }).click();
  const dialog = page.getByRole("dialog", { name: WIZARD_TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Answers steps 1 to `last` with Next; on step 6 it fills the e-mail and stops before sending. */
export async function answerSteps(dialog: Locator, last = 6, answers: WizardAnswers = ANSWERS): Promise<void> {
  const texts = [
    ["Full name", answers.name],
    ["City or region", answers.location],
    ["Company name", answers.companyName],
    ["Number of properties", answers.numberOfProperties],
  ] as const;
  for (let step = 1; step <= last; step++) {
    if (step <= 4) await dialog.getByLabel(texts[step - 1]![0], { exact: true }).fill(texts[step - 1]![1]);
    else if (step === 5) for (const type of answers.propertyTypes) await dialog.getByRole("checkbox", { name: type }).check();
    else {
      await dialog.getByLabel("Work e-mail", { exact: true }).fill(answers.email);
      return;
    }
    await dialog.getByRole("button", { name: "Next" }).click();
  }
}
