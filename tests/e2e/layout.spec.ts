/**
 * Issue 15, mobile first: no page scrolls sideways at 360, 390, 768, 1024 or
 * 1440 px. A failure names the elements that stick out past the viewport.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

const WIDTHS = [360, 390, 768, 1024, 1440];
const routes = JSON.parse(readFileSync("dist/routes.json", "utf8")) as { path: string; status: number }[];

for (const route of routes) {
  const url = route.status === 404 ? "/this-address-does-not-exist" : route.path;
  test(`${route.path}: no horizontal overflow at ${WIDTHS.join(", ")} px`, async ({ page }) => {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto(url);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => {
        const root = document.documentElement;
        if (root.scrollWidth <= root.clientWidth) return null;
        const culprits: string[] = [];
        for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.right <= root.clientWidth + 1) continue;
          // Only the outermost element that sticks out (its children follow it).
          if (el.parentElement && el.parentElement.getBoundingClientRect().right > root.clientWidth + 1) continue;
          culprits.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} "${(el.textContent ?? "").trim().slice(0, 40)}" right=${Math.round(box.right)}`);
        }
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits: culprits.slice(0, 5) };
      });
      expect(overflow, `${route.path} at ${width} px`).toBeNull();
    }
  });
}
