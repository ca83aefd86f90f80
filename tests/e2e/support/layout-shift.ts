/**
 * The layout shift total since navigation (entries buffered from the start), not counting
 * shifts right after input, read once the fonts (and the main image, when `heroImage`
 * names one) are in and two frames and 300 ms have passed: any shift they caused has
 * been reported by then.
 */
import type { Page } from "@playwright/test";

export async function layoutShift(page: Page, heroImage?: string): Promise<number> {
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) total += e.value;
        }).observe({ type: "layout-shift", buffered: true });
        const hero = selector ? document.querySelector<HTMLImageElement>(selector)!.decode() : Promise.resolve();
        void Promise.all([document.fonts.ready, hero]).then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(total), 300))));
      }),
    heroImage,
  );
}
