/**
 * The home page's hero slideshow (HeroSlideshow island, 5000 ms) and HERO AI carousel
 * (Carousel island, cards variant, 4000 ms) on Playwright's fake clock.
 *
 * The clock is installed and paused before the page loads, so the islands hydrate
 * at a known instant (the rotation counts from there) and time moves only when a
 * test says so. Preact runs mount effects on the next animation frame, which the
 * first runFor provides. Wrapping from the last slide to the first is also covered
 * here (prev from the first card); the slides variant, which no page uses yet, is
 * covered by the unit tests (tests/unit/carousel-*.test.ts*).
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { serverAndClient } from "./support/markup.ts";
import { axeViolations } from "./axe.ts";
import { holdIsland } from "./support/hold-island.ts";

const START = Date.UTC(2025, 0, 1);
const HERO_MS = 5000;
const CARDS_MS = 4000;

async function freeze(page: Page): Promise<void> {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
}

async function open(page: Page, path = "/"): Promise<void> {
  await freeze(page);
  await page.goto(path);
  await expect(page.locator('ssg-island[data-island="HeroSlideshow"][data-hydrated]')).toHaveCount(1);
  await expect(page.locator('ssg-island[data-island="Carousel"][data-hydrated]')).toHaveCount(1);
}

const heroControls = (page: Page) => page.getByRole("group", { name: "Background images" });
const heroDots = (page: Page) => heroControls(page).getByRole("button", { name: /^Show slide \d+ of \d+$/ });
const heroImages = (page: Page) => page.locator('ssg-island[data-island="HeroSlideshow"] img');
const heroBar = (page: Page) => heroControls(page).locator("[data-progress]");
const carousel = (page: Page) => page.locator('[role="region"][aria-roledescription="carousel"]');
const cardDots = (page: Page) => carousel(page).getByRole("button", { name: /^Show slide \d+$/ });
const cards = (page: Page) => carousel(page).locator('[role="group"][aria-roledescription="slide"]');

/** Expects exactly the dot at `index` to be current (and nothing else). */
async function expectCurrent(dots: Locator, index: number): Promise<void> {
  await expect(dots.nth(index)).toHaveAttribute("aria-current", "true");
  await expect(dots.and(dots.page().locator('[aria-current="true"]'))).toHaveCount(1);
}

/** The scale of a progress bar's fill, as drawn by the island (0..1). */
async function progress(bar: Locator): Promise<number> {
  return bar.evaluate((el) => Number.parseFloat((el as HTMLElement).style.scale || "0"));
}

/** Moves the mouse to a corner of the page over the fixed header, away from both islands. */
async function pointerAway(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
}

test.describe("hero slideshow", () => {
  test("shows every image in one box, the first eager and high priority, the others lazy", async ({ page }) => {
    await open(page);
    const images = heroImages(page);
    const n = await images.count();
    expect(n).toBeGreaterThanOrEqual(2);
    expect(n).toBeLessThanOrEqual(6);
    await expect(heroDots(page)).toHaveCount(n);
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    await expect(images.first()).not.toHaveAttribute("loading", "lazy");
    for (let i = 1; i < n; i++) {
      await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
      await expect(images.nth(i)).toHaveAttribute("decoding", "async");
    }
    // Once each has had its turn, every image is in the same box.
    for (let i = 0; i < n; i++) await page.clock.runFor(HERO_MS);
    const boxes = await images.evaluateAll((els) => els.map((e) => JSON.stringify(e.getBoundingClientRect())));
    expect(new Set(boxes).size).toBe(1);
  });

  test("loads and draws only the first image at first; the next one half an interval on, in time for its turn", async ({ page }) => {
    const paths: string[] = [];
    page.on("request", (r) => paths.push(new URL(r.url()).pathname));
    const requested = async () => paths;
    await open(page);
    const images = heroImages(page);
    const src = (i: number) => images.nth(i).getAttribute("src");
    await expect(images.nth(0)).toBeVisible();
    for (let i = 1; i < (await images.count()); i++) {
      await expect(images.nth(i)).toBeHidden();
      expect(await requested()).not.toContain(await src(i));
    }
    await page.clock.runFor(HERO_MS / 2);
    await expect.poll(requested).toContain(await src(1));
    expect(await requested()).not.toContain(await src(2));
    // Not drawn until its turn: invisible, not only transparent.
    expect(await images.nth(1).evaluate((el) => getComputedStyle(el).visibility)).toBe("hidden");
    await page.clock.runFor(HERO_MS / 2);
    await expect.poll(() => images.nth(1).evaluate((el) => getComputedStyle(el).visibility)).toBe("visible");
    // A dot that jumps ahead lets its image load at once, and fades it in.
    await heroDots(page).nth(3).dispatchEvent("click");
    await expect.poll(requested).toContain(await src(3));
    await expect(images.nth(3)).toBeVisible();
    const fades = (i: number) => images.nth(i).evaluate((el) => el.getAnimations().map((a) => (a as CSSTransition).transitionProperty));
    expect(await fades(3)).toContain("opacity");
    expect(await requested()).not.toContain(await src(4));
  });

  test("lets every image load once the pointer comes to the controls, ahead of a dot's click", async ({ page }) => {
    const paths: string[] = [];
    page.on("request", (r) => paths.push(new URL(r.url()).pathname));
    await open(page);
    const images = heroImages(page);
    const n = await images.count();
    const srcs = await Promise.all([...Array(n).keys()].map((i) => images.nth(i).getAttribute("src")));
    expect(paths).not.toContain(srcs[n - 1]);
    await heroDots(page).nth(n - 1).hover();
    await expect.poll(() => paths).toEqual(expect.arrayContaining(srcs));
    await expect(images.nth(n - 1)).toHaveJSProperty("complete", true);
    await heroDots(page).nth(n - 1).click();
    await expect(images.nth(n - 1)).toHaveAttribute("data-current", "");
  });

  test("advances every 5000 ms, not before, cross-fading, and wraps to the first image", async ({ page }) => {
    await open(page);
    const n = await heroDots(page).count();
    await page.clock.runFor(HERO_MS - 1);
    await expectCurrent(heroDots(page), 0);
    await expect(heroImages(page).nth(0)).toHaveAttribute("data-current", "");
    await page.clock.runFor(1);
    await expectCurrent(heroDots(page), 1);
    await expect(heroImages(page).nth(1)).toHaveAttribute("data-current", "");
    await expect(heroImages(page).nth(0)).not.toHaveAttribute("data-current");
    await expect.poll(() => heroImages(page).nth(1).evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await expect.poll(() => heroImages(page).nth(0).evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    expect(await heroImages(page).nth(1).evaluate((el) => getComputedStyle(el).transitionProperty)).toBe("opacity, visibility");
    for (let i = 2; i <= n; i++) {
      await page.clock.runFor(HERO_MS);
      await expectCurrent(heroDots(page), i % n);
    }
  });

  test("the progress bar follows the running interval and starts again on the next image", async ({ page }) => {
    await open(page);
    const bar = heroBar(page);
    await page.clock.runFor(HERO_MS / 2);
    await expect.poll(() => progress(bar)).toBeCloseTo(0.5, 1);
    await page.clock.runFor(HERO_MS / 4);
    await expect.poll(() => progress(bar)).toBeCloseTo(0.75, 1);
    await page.clock.runFor(HERO_MS / 4 + 100);
    await expectCurrent(heroDots(page), 1);
    await expect.poll(() => progress(bar)).toBeLessThan(0.1);
  });

  test("a dot jumps to its image and restarts the interval", async ({ page }) => {
    await open(page);
    await page.clock.runFor(3000);
    // A click without the pointer (dispatched): nothing holds the rotation.
    await heroDots(page).nth(2).dispatchEvent("click");
    await expectCurrent(heroDots(page), 2);
    await expect(heroImages(page).nth(2)).toHaveAttribute("data-current", "");
    await page.clock.runFor(HERO_MS - 1); // a fresh interval, not the 2000 ms left of the old one
    await expectCurrent(heroDots(page), 2);
    await page.clock.runFor(1);
    await expectCurrent(heroDots(page), 3 % (await heroDots(page).count()));

    // A real click: the pointer over the controls holds the rotation until it leaves.
    await heroDots(page).nth(0).click();
    await expectCurrent(heroDots(page), 0);
    await page.clock.runFor(HERO_MS * 3);
    await expectCurrent(heroDots(page), 0);
    await pointerAway(page);
    await page.clock.runFor(HERO_MS - 1);
    await expectCurrent(heroDots(page), 0);
    await page.clock.runFor(1);
    await expectCurrent(heroDots(page), 1);
  });

  test("pause stops the slideshow, play starts it again", async ({ page }) => {
    await open(page);
    await page.clock.runFor(1000);
    const pause = heroControls(page).getByRole("button", { name: "Pause the background slideshow" });
    await pause.click();
    const play = heroControls(page).getByRole("button", { name: "Play the background slideshow" });
    await expect(play).toBeVisible();
    await pointerAway(page);
    await page.clock.runFor(HERO_MS * 4);
    await expectCurrent(heroDots(page), 0);
    await play.click();
    await expect(pause).toBeVisible();
    await page.clock.runFor(HERO_MS - 1000 - 1); // it carries on where it stopped
    await expectCurrent(heroDots(page), 0);
    await page.clock.runFor(1);
    await expectCurrent(heroDots(page), 1);
  });
});

test.describe("HERO AI carousel", () => {
  test("is a named carousel region with 5 cards named 'n of 5'", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("region", { name: "An AI assistant that handles 80% of routine resident inquiries" })).toHaveAttribute("aria-roledescription", "carousel");
    await expect(cards(page)).toHaveCount(5);
    for (let i = 0; i < 5; i++) await expect(cards(page).nth(i)).toHaveAttribute("aria-label", `${i + 1} of 5`);
    await expect(cardDots(page)).toHaveCount(5);
    await expect(cardDots(page).nth(0)).toHaveAttribute("aria-disabled", "true");
  });

  test("advances every 4000 ms, not before, with the live region off while it rotates", async ({ page }) => {
    await open(page);
    const live = carousel(page).locator("[aria-live]");
    await page.clock.runFor(CARDS_MS - 1);
    await expectCurrent(cardDots(page), 0);
    await expect(cards(page).nth(0)).toHaveAttribute("data-current", "");
    await expect(live).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(1);
    await expectCurrent(cardDots(page), 1);
    await expect(cards(page).nth(1)).toHaveAttribute("data-current", "");
    await expect(cards(page).nth(1).locator("[data-progress]")).toHaveCount(1);
    await expect(cards(page).nth(0).locator("[data-progress]")).toHaveCount(0);
    await page.clock.runFor(CARDS_MS * 4);
    await expectCurrent(cardDots(page), 0); // 5 cards: wrapped to the first
  });

  test("pauses while the pointer is over it and resumes when it leaves", async ({ page }) => {
    await open(page);
    const live = carousel(page).locator("[aria-live]");
    await page.clock.runFor(1000);
    await cards(page).nth(1).hover();
    await expect(live).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(CARDS_MS * 5);
    await expectCurrent(cardDots(page), 0);
    await pointerAway(page);
    await expect(live).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(CARDS_MS - 1000 - 1);
    await expectCurrent(cardDots(page), 0);
    await page.clock.runFor(1);
    await expectCurrent(cardDots(page), 1);
  });

  test("pauses while keyboard focus is inside and resumes when focus leaves", async ({ page }) => {
    await open(page);
    await page.clock.runFor(1000);
    // The last link before the carousel: the HERO AI product card's.
    const before = page.getByRole("link", { name: "Meet HERO AI" }).last();
    await before.focus();
    await page.keyboard.press("Tab"); // into the row of cards
    await expect(carousel(page).locator("[tabindex='0']")).toBeFocused();
    await page.keyboard.press("Tab"); // the pause button
    await expect(carousel(page).getByRole("button", { name: "Pause automatic rotation" })).toBeFocused();
    await page.clock.runFor(CARDS_MS * 5);
    await expectCurrent(cardDots(page), 0);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(before).toBeFocused();
    await page.clock.runFor(CARDS_MS - 1000 - 1);
    await expectCurrent(cardDots(page), 0);
    await page.clock.runFor(1);
    await expectCurrent(cardDots(page), 1);
  });

  test("the pause button stops rotation for good and play resumes it", async ({ page }) => {
    await open(page);
    const live = carousel(page).locator("[aria-live]");
    await page.clock.runFor(1000);
    await carousel(page).getByRole("button", { name: "Pause automatic rotation" }).click();
    const play = carousel(page).getByRole("button", { name: "Start automatic rotation" });
    await expect(play).toHaveAttribute("data-rotation", "paused");
    await pointerAway(page); // leaving does not start it again
    await expect(live).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(CARDS_MS * 5);
    await expectCurrent(cardDots(page), 0);
    await carousel(page).getByRole("button", { name: "Next slide" }).click(); // navigating does not either
    await expectCurrent(cardDots(page), 1);
    await pointerAway(page);
    await page.clock.runFor(CARDS_MS * 5);
    await expectCurrent(cardDots(page), 1);
    await play.click(); // with the pointer still on the button
    await expect(carousel(page).getByRole("button", { name: "Pause automatic rotation" })).toBeVisible();
    await expect(live).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(CARDS_MS - 1);
    await expectCurrent(cardDots(page), 1);
    await page.clock.runFor(1);
    await expectCurrent(cardDots(page), 2);
  });

  test("previous from the first card wraps to the last, next from the last to the first; dots select a card", async ({ page }) => {
    await open(page);
    const prev = carousel(page).getByRole("button", { name: "Previous slide" });
    const next = carousel(page).getByRole("button", { name: "Next slide" });
    await prev.click();
    await expectCurrent(cardDots(page), 4);
    await expect(cards(page).nth(4)).toHaveAttribute("data-current", "");
    await next.click();
    await expectCurrent(cardDots(page), 0);
    await next.click();
    await expectCurrent(cardDots(page), 1);
    await cardDots(page).nth(3).click();
    await expectCurrent(cardDots(page), 3);
    await expect(cards(page).nth(3)).toHaveAttribute("data-current", "");
    await expect(cards(page).nth(3)).toHaveText(/Smart Triage/);
    // The row scrolls the chosen card into view.
    await expect.poll(() => wholly(cards(page).nth(3))).toBe(true);
  });

  test("dots and next restart the interval", async ({ page }) => {
    await open(page);
    await page.clock.runFor(3000);
    await cardDots(page).nth(2).dispatchEvent("click");
    await expectCurrent(cardDots(page), 2);
    await page.clock.runFor(CARDS_MS - 1);
    await expectCurrent(cardDots(page), 2);
    await page.clock.runFor(1);
    await expectCurrent(cardDots(page), 3);
    await page.clock.runFor(2000);
    await carousel(page).getByRole("button", { name: "Next slide" }).dispatchEvent("click");
    await expectCurrent(cardDots(page), 4);
    await page.clock.runFor(CARDS_MS - 1);
    await expectCurrent(cardDots(page), 4);
    await page.clock.runFor(1);
    await expectCurrent(cardDots(page), 0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the row follows the current card, and a swipe makes the card in view current", async ({ page }) => {
      await open(page);
      await page.clock.runFor(CARDS_MS);
      await expectCurrent(cardDots(page), 1);
      await page.clock.runFor(50); // a frame: the effect that scrolls the row runs
      await expect.poll(() => wholly(cards(page).nth(1))).toBe(true);
      await expect.poll(() => wholly(cards(page).nth(0))).toBe(false);
      const row = carousel(page).locator("[tabindex='0']");
      // Scrolling (smooth, snapping) runs on real time while the page's clock is
      // frozen: wait until the row is still, so that no late scroll event restarts the
      // settle timer after the clock has been run.
      const still = () =>
        expect
          .poll(async () => {
            const a = await row.evaluate((el) => el.scrollLeft);
            await page.waitForTimeout(120);
            return (await row.evaluate((el) => el.scrollLeft)) === a;
          })
          .toBe(true);
      await still();
      // The visitor scrolls the row to the fourth card (as a swipe would).
      await row.dispatchEvent("pointerdown");
      await row.evaluate(
        (el) =>
          new Promise<void>((resolve) => {
            const cards = [...el.children] as HTMLElement[];
            el.addEventListener("scroll", () => resolve(), { once: true });
            el.scrollTo({ left: cards[3]!.offsetLeft - cards[0]!.offsetLeft, behavior: "instant" });
          }),
      );
      await expect.poll(() => wholly(cards(page).nth(3))).toBe(true);
      await still();
      await page.clock.runFor(200);
      await expectCurrent(cardDots(page), 3);
      await page.clock.runFor(CARDS_MS - 201);
      await expectCurrent(cardDots(page), 3);
      await page.clock.runFor(CARDS_MS);
      await expectCurrent(cardDots(page), 4);
    });
  });
});

/** Whether the element lies wholly inside its scrolling row's visible width. */
function wholly(card: Locator): Promise<boolean> {
  return card.evaluate((el) => {
    const row = el.parentElement!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.left >= row.left - 1 && box.right <= row.right + 1;
  });
}

test.describe("reduced motion", () => {
  test("neither the hero nor the carousel rotates by itself; nothing fades; play still works", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page);
    await page.clock.runFor(60_000);
    await expectCurrent(heroDots(page), 0);
    await expectCurrent(cardDots(page), 0);
    await expect(heroControls(page).getByRole("button", { name: "Play the background slideshow" })).toBeVisible();
    await expect(carousel(page).getByRole("button", { name: "Start automatic rotation" })).toBeVisible();
    await expect(carousel(page).locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(await heroImages(page).nth(1).evaluate((el) => getComputedStyle(el).transitionProperty)).toBe("none");
    // Dots still work, instantly.
    await heroDots(page).nth(1).click();
    await expectCurrent(heroDots(page), 1);
    expect(await heroImages(page).nth(1).evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    // Play is the visitor's explicit choice.
    await carousel(page).getByRole("button", { name: "Start automatic rotation" }).click();
    await page.clock.runFor(CARDS_MS);
    await expectCurrent(cardDots(page), 1);
  });
});

test.describe("hydration", () => {
  for (const name of ["HeroSlideshow", "Carousel"]) {
    test(`${name}: the first state the script draws equals the server's HTML`, async ({ page }) => {
      await freeze(page);
      const release = await holdIsland(page, name);
      await page.goto("/", { waitUntil: "commit" });
      const host = page.locator(`ssg-island[data-island="${name}"]`);
      await page.locator("footer").waitFor({ state: "attached" }); // the islands above it are parsed in full
      const server = await host.evaluate((el) => el.innerHTML);
      expect(server.length).toBeGreaterThan(500);
      // No props are shipped: the markup is all the script reads.
      await expect(page.locator(`ssg-island[data-island="${name}"] + script[data-island-props]`)).toHaveCount(0);
      release();
      await expect(host).toHaveAttribute("data-hydrated", "");
      const [fromServer, fromClient] = await serverAndClient(host, server);
      expect(fromClient).toBe(fromServer);
    });

    test(`${name}: the script keeps the server's nodes, which then rotate`, async ({ page }) => {
      await freeze(page);
      const release = await holdIsland(page, name);
      await page.goto("/", { waitUntil: "commit" });
      const host = page.locator(`ssg-island[data-island="${name}"]`);
      await page.locator("footer").waitFor({ state: "attached" }); // the islands above it are parsed in full
      const marked = await host.evaluate((el) => {
        const nodes = [...el.querySelectorAll("img, button, [aria-roledescription], [data-progress]")];
        nodes.forEach((n) => ((n as Element & { fromServer?: boolean }).fromServer = true));
        return nodes.length;
      });
      expect(marked).toBeGreaterThan(5);
      release();
      await expect(host).toHaveAttribute("data-hydrated", "");
      await page.clock.runFor(name === "Carousel" ? CARDS_MS : HERO_MS);
      const dots = name === "Carousel" ? cardDots(page) : heroDots(page);
      await expectCurrent(dots, 1);
      const kept = await host.evaluate((el) =>
        [...el.querySelectorAll("img, button, [aria-roledescription]")].every((n) => (n as Element & { fromServer?: boolean }).fromServer === true),
      );
      expect(kept).toBe(true);
    });
  }
});

test.describe("accessibility", () => {
  test("axe finds nothing on the home page while rotating, paused, and with a card chosen", async ({ page }) => {
    // Two full axe runs over the longest page: on a busy two-core machine that alone came close to 30 s.
    test.slow();
    await open(page);
    await page.clock.runFor(HERO_MS);
    await page.clock.resume(); // axe needs running timers
    expect(await axeViolations(page)).toEqual([]);
    await carousel(page).getByRole("button", { name: "Pause automatic rotation" }).click();
    await heroControls(page).getByRole("button", { name: "Pause the background slideshow" }).click();
    await cardDots(page).nth(3).click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("axe finds nothing at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    await page.clock.runFor(CARDS_MS);
    await page.clock.resume();
    expect(await axeViolations(page)).toEqual([]);
  });
});
