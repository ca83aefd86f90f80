/**
 * The words a page starts with when the Studio makes it (studio/pages.ts): prompts for the
 * editor to replace. The build flags any that are still there (starter-text), so a new page
 * cannot be published with "Describe the page here" as its description by accident.
 */

/** A new page's description: at least 50 characters (the page schema's minimum), and its own (no two pages may share one). */
export const starterDescription = (title: string) => `Describe the page "${title.slice(0, 70)}" here in a sentence or two: what visitors find on it and why it matters.`;

/** A blank page's hero text. */
export const STARTER_HERO_TEXT = "Write a line or two that tells visitors what this page offers.";

const DESCRIPTION = /^Describe the page ".*" here in a sentence or two: what visitors find on it and why it matters\.$/s;

/** Whether a text is one of these prompts, left as it was written. */
export function isStarterText(text: string): boolean {
  return text === STARTER_HERO_TEXT || DESCRIPTION.test(text);
}
