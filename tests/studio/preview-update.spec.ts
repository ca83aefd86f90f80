/**
 * The preview shows a new render of the same page in place (preview-script.ts): only the
 * elements that differ are replaced, and the page is loaded whole when that could differ.
 * Either way the frame must hold what a fresh load of the render holds: compared here,
 * element for element, after every edit of random sequences of edits (fast-check), with
 * the islands' insides left out (they run, a slideshow turns, in both pages).
 */
import fc from "fast-check";
import type { Frame, Page } from "@playwright/test";
import { expect, openStudio, preview, test } from "./support/studio.ts";

interface Draft {
  superseded: boolean;
  preview?: string;
  issues: { severity: string }[];
}

/** The body's HTML, islands emptied: what the page's own HTML decides. */
const normalized = (page: Page | Frame) =>
  page.locator("body").evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const island of Array.from(copy.querySelectorAll("ssg-island"))) {
      island.replaceChildren();
      island.removeAttribute("data-hydrated");
    }
    return copy.outerHTML;
  });

/** Changes the form's field `id` to `value` and waits for the draft's reply and, when it has a render, for the frame to show it. */
async function edit(page: Page, id: string, value: string): Promise<Draft> {
  await page.evaluate(() => {
    const w = window as unknown as { __draft: Promise<Draft> };
    w.__draft = new Promise((resolve) => document.addEventListener("studio-draft", (e) => resolve((e as CustomEvent<Draft>).detail), { once: true }));
  });
  await page.locator(`[id="${id}"]`).fill(value);
  const draft = await page.evaluate(() => (window as unknown as { __draft: Promise<Draft> }).__draft);
  if (draft.preview) {
    const version = new URLSearchParams(draft.preview.split("?")[1]).get("v");
    const frame = frameOf(page);
    await expect.poll(() => frame.evaluate(() => new URLSearchParams(location.search).get("v")).catch(() => null), { timeout: 0, intervals: [20] }).toBe(version);
    await expect(preview(page).locator("body")).toBeVisible({ timeout: 0 });
  }
  return draft;
}

const frameOf = (page: Page) => page.frames().find((f) => f !== page.mainFrame())!;

test("a render shown in place is the page a fresh load of it shows, after any edits", async ({ page, context, sharedStudio }) => {
  test.slow();
  await openStudio(page, sharedStudio);
  await expect(preview(page).getByRole("heading", { level: 1, name: "Run Every Building from One Intelligent Platform" })).toBeVisible({ timeout: 0 });
  const fresh = await context.newPage();
  const compare = async () => {
    const frame = frameOf(page);
    await fresh.goto(frame.url());
    expect(await normalized(frame)).toBe(await normalized(fresh));
  };
  const keep = () => frameOf(page).evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
  const kept = () => frameOf(page).evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true).catch(() => false);

  // A heading outside any island: updated in place (the frame's page stays), and what a fresh load shows.
  await keep();
  const heading = await page.locator("#root_sections_0_heading").inputValue();
  await edit(page, "root_sections_0_heading", `${heading} today`);
  await expect(preview(page).getByRole("heading", { level: 1, name: `${heading} today` })).toBeVisible();
  expect(await kept()).toBe(true);
  await compare();

  // A text an island is made from (the carousel's cards): the page is loaded whole.
  const data = JSON.parse(sharedStudio.read("content/pages/index.json")) as { sections: { type: string }[] };
  const carousel = data.sections.findIndex((s) => s.type === "carousel");
  const title = `root_sections_${carousel}_items_0_title`;
  await keep();
  await edit(page, title, `${await page.locator(`[id="${title}"]`).inputValue()} plus`);
  expect(await kept()).toBe(false);
  await compare();

  // Random sequences of edits to the page's texts, in and out of islands.
  const ids = await page
    .locator('input[type="text"][id^="root_sections_"], textarea[id^="root_sections_"]')
    .evaluateAll((els) => els.map((e) => e.id).filter((id) => /_(heading|title|text|description|eyebrow|label|quote|subheading|category|name)$/.test(id)));
  expect(ids.length).toBeGreaterThan(20);
  let inPlace = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ id: fc.constantFrom(...ids), words: fc.constantFrom("new", "Better", "one more time", "") }), { minLength: 1, maxLength: 3 }),
      async (edits) => {
        for (const { id, words } of edits) {
          await keep();
          const was = await page.locator(`[id="${id}"]`).inputValue();
          const value = words ? `${was} ${words}` : was.replace(/ \S+$/, "");
          if (value === was) continue; // no change, no draft
          const draft = await edit(page, id, value);
          if (draft.preview && (await kept())) inPlace++;
          await compare();
        }
      },
    ),
    { numRuns: 8 },
  );
  // Most of the page's texts are outside islands: some edits were shown in place.
  expect(inPlace).toBeGreaterThan(0);
  await fresh.close();
});
