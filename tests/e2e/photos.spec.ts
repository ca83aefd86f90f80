/**
 * Photos (issue "Photos") in the browser. A copy of the site whose home page hero shows
 * a phone's photo (phonePhoto(): 4,000 × 3,000, about 12 MB) instead of its first
 * drawing is built once, with a build cache of its own, and served as `npm start`
 * serves dist/: the build publishes AVIF, WebP and JPEG copies at 480–1920 px and not
 * the original; Chromium picks the 480 px AVIF on a phone and a larger one on a
 * laptop, downloads it once (the head's preload is the image's own request), and the
 * page does not shift. On the normal site: every image but the hero's first is lazy,
 * and the hero slideshow still rotates its <picture>-wrapped images.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { ROOT } from "../../scripts/lib/paths.ts";
import { startServer } from "../../scripts/lib/server.ts";
import { phonePhoto } from "../../scripts/lib/synthetic-photos.ts";
import { tempCopy, type TempProject } from "../generator/support/temp-project.ts";
import { watchCsp } from "./support/csp.ts";
import { layoutShift } from "./support/layout-shift.ts";

const PHOTO = "lobby-phone";
const WIDTHS = [480, 960, 1440, 1920];
/** A published copy: `assets/lobby-phone-<width>-<hash10>.<ext>`. */
const COPY = new RegExp(`/assets/${PHOTO}-(\\d+)-[a-z0-9]{10}\\.(avif|webp|jpg)$`);
const HERO_MS = 5000;
const START = Date.UTC(2025, 0, 1);

/**
 * The page's main image: the one fetched at high priority. It is decorative (alt=""), so
 * its role is "presentation" and no role query finds it; it is looked for inside the
 * main landmark by the attribute that makes it the hero.
 */
const heroImage = (page: Page) => page.getByRole("main").locator('img[fetchpriority="high"]');
const slideshowImages = (page: Page) => page.locator('ssg-island[data-island="HeroSlideshow"] img');
const slideshowControls = (page: Page) => page.getByRole("group", { name: "Background images" });
const slideshowDots = (page: Page) => slideshowControls(page).getByRole("button", { name: /^Show slide \d+ of \d+$/ });

/** The width a copy's name gives (`lobby-phone-960-….avif` → 960). */
function copyWidth(url: string): number {
  const m = COPY.exec(new URL(url, "http://x").pathname);
  if (!m) throw new Error(`${url} is not a copy of ${PHOTO}`);
  return Number(m[1]);
}

/** Problems with how the page's images load: the hero's first eager and high priority, every other lazy; all with a size; every source with sizes. */
async function imageProblems(page: Page): Promise<{ images: number; sources: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const images = [...document.querySelectorAll("img")];
    const name = (img: HTMLImageElement) => img.getAttribute("src");
    images.forEach((img, i) => {
      if (!/^\d+$/.test(img.getAttribute("width") ?? "") || !/^\d+$/.test(img.getAttribute("height") ?? "")) problems.push(`${name(img)}: no width and height`);
      const priority = img.getAttribute("fetchpriority") === "high";
      if (i === 0) {
        if (!priority || img.hasAttribute("loading")) problems.push(`${name(img)}: the first image is not eager with fetchpriority=high`);
      } else if (priority || img.getAttribute("loading") !== "lazy" || img.getAttribute("decoding") !== "async") problems.push(`${name(img)}: image ${i + 1} is not loading=lazy decoding=async`);
      if (img.parentElement?.tagName !== "PICTURE") problems.push(`${name(img)}: not in a <picture>`);
    });
    const sources = [...document.querySelectorAll("picture source")];
    for (const s of sources) if (!s.getAttribute("sizes")) problems.push(`<source srcset="${s.getAttribute("srcset")}">: no sizes`);
    return { images: images.length, sources: sources.length, problems };
  });
}

/** Freezes the page's clock before it loads, so the slideshow turns only when a test runs the clock. */
async function freeze(page: Page): Promise<void> {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
}

/** An image's classes without the opacity the slideshow toggles. */
async function ownClasses(img: Locator): Promise<string[]> {
  return img.evaluate((el) => [...el.classList].filter((c) => !/^(opacity-\d+|visible|invisible)$/.test(c)).sort());
}

test.describe("a 12 MB phone photo as the home page's hero", () => {
  // One worker for the whole group, so the photo copy is built and encoded once.
  test.describe.configure({ mode: "default" });
  test.use({ deviceScaleFactor: 1 });

  let original: Buffer;
  let project: TempProject;
  let cache: string;
  let server: Server;
  let base: string;

  test.beforeAll(async () => {
    // Making the photo and encoding its twelve copies takes 5–15 s of CPU on a loaded machine.
    test.setTimeout(180_000);
    original = await phonePhoto();
    expect(original.byteLength).toBeGreaterThan(10_000_000);
    const index = JSON.parse(readFileSync(path.join(ROOT, "content/pages/index.json"), "utf8")) as { sections: { type: string; images: { src: string }[] }[] };
    const hero = index.sections[0]!;
    expect(hero.type).toBe("hero");
    expect(hero.images.length).toBeGreaterThanOrEqual(2);
    expect(hero.images[0]!.src).toMatch(/\.svg$/);
    hero.images[0] = { src: `assets/${PHOTO}.jpg`, decorative: true } as { src: string };
    project = tempCopy(ROOT, path.join(ROOT, "templates"), { [`content/assets/${PHOTO}.jpg`]: original, "content/pages/index.json": JSON.stringify(index, null, 2) }, "photos-e2e-");
    // A build cache of its own: other builds neither see these copies nor give theirs.
    cache = mkdtempSync(path.join(os.tmpdir(), "photos-e2e-cache-"));
    await promisify(execFile)(process.execPath, ["scripts/build.mjs"], {
      cwd: ROOT,
      env: { ...process.env, SSG_PROJECT_ROOT: project.root, SSG_CACHE_DIR: cache },
      maxBuffer: 16 * 1024 * 1024,
    });
    server = await startServer({ dist: project.dist, port: 0 });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    project?.cleanup();
    if (cache) rmSync(cache, { recursive: true, force: true });
  });

  /** The home page at a viewport: which copy the hero shows, and every request for a copy of the photo with its bytes. */
  async function visit(page: Page, width: number, height: number) {
    const requests: string[] = [];
    const bodies: Promise<{ url: string; bytes: number }>[] = [];
    page.on("request", (r) => r.url().includes(`/assets/${PHOTO}`) && requests.push(r.url()));
    page.on("response", (r) => {
      if (r.url().includes(`/assets/${PHOTO}`)) bodies.push(r.body().then((b) => ({ url: r.url(), bytes: b.byteLength })));
    });
    await page.setViewportSize({ width, height });
    await page.goto(`${base}/`, { waitUntil: "load" });
    const hero = heroImage(page);
    await expect(hero).toHaveCount(1);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const currentSrc = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
    const resources = await page.evaluate((name) =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) => e.name.includes(`/assets/${name}`)).map((e) => ({ url: e.name, encodedBodySize: e.encodedBodySize })),
    PHOTO);
    return { hero, currentSrc, requests, responses: await Promise.all(bodies), resources };
  }

  test("the build publishes AVIF, WebP and JPEG copies at 480–1920 px with hashed names, and not the 12 MB original", async () => {
    const assets = path.join(project.dist, "assets");
    const copies = readdirSync(assets).filter((f) => f.startsWith(`${PHOTO}`));
    const parsed = copies.map((f) => {
      const m = /^lobby-phone-(\d+)-([a-z0-9]{10})\.(avif|webp|jpg)$/.exec(f);
      expect(m, f).not.toBeNull();
      return { file: f, width: Number(m![1]), hash: m![2]!, ext: m![3]! };
    });
    for (const ext of ["avif", "webp", "jpg"]) expect(parsed.filter((c) => c.ext === ext).map((c) => c.width).sort((a, b) => a - b), ext).toEqual(WIDTHS);
    expect(new Set(parsed.map((c) => c.hash)).size).toBe(parsed.length);
    const FORMAT: Record<string, string> = { avif: "heif", webp: "webp", jpg: "jpeg" };
    for (const c of parsed) {
      const meta = await sharp(path.join(assets, c.file)).metadata();
      expect(meta.format, c.file).toBe(FORMAT[c.ext]);
      if (c.ext === "avif") expect(meta.compression, c.file).toBe("av1");
      expect(meta.width, c.file).toBe(c.width);
      expect(meta.width, c.file).toBeLessThanOrEqual(1920);
      expect(meta.height, c.file).toBe((c.width * 3) / 4);
    }
    // Nowhere in dist/ is the original: not by its name, not by its bytes.
    const all = readdirSync(project.dist, { recursive: true, encoding: "utf8" }).map((f) => path.join(project.dist, f)).filter((f) => statSync(f).isFile());
    expect(all.filter((f) => path.basename(f) === `${PHOTO}.jpg`)).toEqual([]);
    expect(all.filter((f) => statSync(f).size === original.byteLength && readFileSync(f).equals(original))).toEqual([]);
    expect(Math.max(...all.map((f) => statSync(f).size))).toBeLessThan(original.byteLength / 4);
  });

  test("at 390 px the hero shows the 480 px AVIF, of at most 100,000 bytes", async ({ page }) => {
    const { hero, currentSrc, responses, resources } = await visit(page, 390, 844);
    const avifSrcset = await hero.evaluate((img) => img.parentElement!.querySelector('source[type="image/avif"]')!.getAttribute("srcset")!);
    const candidate480 = avifSrcset.split(",").map((c) => c.trim().split(/\s+/)).find(([, w]) => w === "480w")![0]!;
    expect(new URL(currentSrc).pathname).toBe(candidate480);
    expect(currentSrc).toMatch(/\.avif$/);
    expect(copyWidth(currentSrc)).toBe(480);
    const response = responses.find((r) => r.url === currentSrc);
    expect(response, "the response for the chosen copy").toBeDefined();
    expect(response!.bytes).toBeLessThanOrEqual(100_000);
    const timing = resources.find((r) => r.url === currentSrc);
    expect(timing?.encodedBodySize).toBe(response!.bytes);
    test.info().annotations.push({ type: "bytes at 390 px", description: `${response!.bytes} (${new URL(currentSrc).pathname})` });
  });

  test("at 1440 px the hero shows a larger AVIF than at 390 px", async ({ page }) => {
    const { currentSrc, responses } = await visit(page, 1440, 900);
    expect(currentSrc).toMatch(/\.avif$/);
    expect([1440, 1920]).toContain(copyWidth(currentSrc));
    const response = responses.find((r) => r.url === currentSrc);
    expect(response, "the response for the chosen copy").toBeDefined();
    const small = statSync(path.join(project.dist, "assets", readdirSync(path.join(project.dist, "assets")).find((f) => f.startsWith(`${PHOTO}-480-`) && f.endsWith(".avif"))!)).size;
    expect(response!.bytes).toBeGreaterThan(small);
    test.info().annotations.push({ type: "bytes at 1440 px", description: `${response!.bytes} (${new URL(currentSrc).pathname})` });
  });

  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    test(`at ${width} px the head preloads the hero's AVIF sources, and the hero is downloaded once`, async ({ page }) => {
      const { hero, currentSrc, requests } = await visit(page, width, height);
      const preloads = page.locator('head link[rel="preload"][as="image"]');
      await expect(preloads).toHaveCount(1);
      const avif = hero.locator("xpath=..").locator('source[type="image/avif"]');
      await expect(avif).toHaveCount(1);
      const preload = preloads.first();
      await expect(preload).toHaveAttribute("type", "image/avif");
      await expect(preload).toHaveAttribute("imagesrcset", (await avif.getAttribute("srcset"))!);
      await expect(preload).toHaveAttribute("imagesizes", (await avif.getAttribute("sizes"))!);
      await expect(preload).toHaveAttribute("fetchpriority", "high");
      // One request, for the copy shown: the preload's was the image's; no WebP or JPEG fallback.
      expect(requests).toEqual([currentSrc]);
    });

    test(`at ${width} px the page does not shift, logs no error and breaks no policy`, async ({ page }) => {
      const csp = await watchCsp(page);
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      await visit(page, width, height);
      // Zero as Lighthouse reports it (three decimals); see font.spec.ts.
      const cls = await layoutShift(page, 'main img[fetchpriority="high"]');
      expect(cls).toBeLessThan(0.0005);
      expect(errors).toEqual([]);
      expect(await csp.problems()).toEqual([]);
      test.info().annotations.push({ type: `CLS at ${width} px`, description: String(cls) });
    });
  }

  test("every image but the hero's first is lazy, has a size, and every AVIF and WebP source has sizes", async ({ page }) => {
    await visit(page, 1440, 900);
    const { images, sources, problems } = await imageProblems(page);
    expect(images).toBeGreaterThanOrEqual(6);
    expect(sources).toBeGreaterThanOrEqual(2); // the photo's AVIF and WebP
    expect(problems).toEqual([]);
  });

  test("the slideshow keeps the photo's placeholder class while it rotates", async ({ page }) => {
    await freeze(page);
    await page.goto(`${base}/`);
    await expect(page.locator('ssg-island[data-island="HeroSlideshow"][data-hydrated]')).toHaveCount(1);
    const photo = slideshowImages(page).first();
    const classes = await ownClasses(photo);
    expect(classes.filter((c) => /^ssg-bg-[0-9a-f]{6}$/.test(c)), "the photo's placeholder class, once the slideshow has drawn its first state").toHaveLength(1);
    await page.clock.runFor(HERO_MS);
    await expect(slideshowImages(page).nth(1)).toHaveAttribute("data-current", "");
    await expect(photo).not.toHaveAttribute("data-current");
    await expect(photo).toHaveClass(/(^|\s)opacity-0(\s|$)/);
    expect(await ownClasses(photo)).toEqual(classes);
    await slideshowDots(page).first().dispatchEvent("click");
    await expect(photo).toHaveAttribute("data-current", "");
    await expect(photo).toHaveClass(/(^|\s)opacity-100(\s|$)/);
    expect(await ownClasses(photo)).toEqual(classes);
    // The placeholder's colour is drawn: the class has its rule in the page's stylesheet.
    expect(await photo.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  });
});

test.describe("the normal site", () => {
  for (const route of ["/products/urbi-kore", "/"]) {
    test(`${route}: every image but the hero's first is lazy and has a size; every source has sizes`, async ({ page }) => {
      await page.goto(route);
      const { images, problems } = await imageProblems(page);
      expect(images).toBeGreaterThanOrEqual(3);
      expect(problems).toEqual([]);
    });
  }

  for (const [width, height, ratio] of [
    [390, 844, 5 / 4],
    [1440, 900, 3 / 4],
  ] as const) {
    test(`at ${width} px, a drawing far below the first screen is loaded and drawn once it nears the screen, in a box of its size all along`, async ({ page }) => {
      const paths: string[] = [];
      page.on("request", (r) => paths.push(new URL(r.url()).pathname));
      await page.setViewportSize({ width, height });
      await page.goto("/", { waitUntil: "load" });
      const drawing = page.locator('img[src^="/assets/ill-chat-"]');
      const src = (await drawing.getAttribute("src"))!;
      const frame = page.locator("div.screen-defer").filter({ has: drawing });
      const before = (await frame.boundingBox())!;
      expect(before.y, "far below the first screen").toBeGreaterThan(2 * height);
      expect(before.height).toBeCloseTo(before.width * ratio, 0);
      expect(await frame.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe("auto");
      expect(paths).not.toContain(src);
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await drawing.scrollIntoViewIfNeeded();
      await expect(drawing).toHaveJSProperty("complete", true);
      expect(await drawing.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(paths).toContain(src);
      const after = (await frame.boundingBox())!;
      expect(after.height).toBeCloseTo(before.height, 0);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(pageHeight);
    });
  }

  test("the hero slideshow pauses, and its dots switch which <picture>-wrapped image is current, changing only its opacity and visibility", async ({ page }) => {
    await freeze(page);
    await page.goto("/");
    await expect(page.locator('ssg-island[data-island="HeroSlideshow"][data-hydrated]')).toHaveCount(1);
    const images = slideshowImages(page);
    const n = await images.count();
    expect(n).toBeGreaterThanOrEqual(3);
    expect(await images.evaluateAll((els) => els.every((e) => e.parentElement?.tagName === "PICTURE"))).toBe(true);
    const classes = await Promise.all([...Array(n).keys()].map((i) => ownClasses(images.nth(i))));

    await slideshowControls(page).getByRole("button", { name: "Pause the background slideshow" }).click();
    await expect(slideshowControls(page).getByRole("button", { name: "Play the background slideshow" })).toBeVisible();
    await slideshowDots(page).nth(2).click();
    await page.mouse.move(5, 5); // away from the controls: only the pause holds the rotation
    await expect(images.nth(2)).toHaveAttribute("data-current", "");
    await expect(page.locator('ssg-island[data-island="HeroSlideshow"] img[data-current]')).toHaveCount(1);
    await expect(images.nth(2)).toHaveClass(/(^|\s)opacity-100(\s|$)/);
    await expect(images.nth(0)).toHaveClass(/(^|\s)opacity-0(\s|$)/);
    await page.clock.runFor(HERO_MS * 3);
    await expect(images.nth(2)).toHaveAttribute("data-current", "");
    await expect(slideshowDots(page).nth(2)).toHaveAttribute("aria-current", "true");
    for (let i = 0; i < n; i++) expect(await ownClasses(images.nth(i)), `image ${i + 1}`).toEqual(classes[i]);
  });

  // <picture> is display: contents, and so must its <source>s be: as empty boxes they took grid cells and pushed the photo a row down.
  test("a photo beside its text sits beside it on a laptop and under it on a phone, at its own proportions", async ({ page }) => {
    const photo = page.getByRole("img", { name: /^A slim white residential tower/ }).first();
    const heading = page.getByRole("heading", { name: "A busy tower in downtown Calgary" });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/portfolio");
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveJSProperty("complete", true);
    const [p, h] = [(await photo.boundingBox())!, (await heading.boundingBox())!];
    expect(p.x, "right of the text").toBeGreaterThan(h.x + h.width);
    expect(p.y, "in the same row as the heading").toBeLessThan(h.y + h.height);
    expect(p.y + p.height).toBeGreaterThan(h.y);
    expect(Math.abs(p.width / p.height - 1.5)).toBeLessThan(0.02);
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/assets\/case-calgary-\d+-[a-z0-9]{10}\.avif$/);

    await page.setViewportSize({ width: 390, height: 844 });
    const [q, k] = [(await photo.boundingBox())!, (await heading.boundingBox())!];
    expect(q.y, "below the text").toBeGreaterThan(k.y + k.height);
    expect(q.width).toBeGreaterThan(300);
  });
});
