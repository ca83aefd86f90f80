/**
 * Opens a page and waits until it has settled: the load event, every island the page
 * runs on load marked data-hydrated (scripts/runtime/enhance.browser.ts, hydrate.browser.ts),
 * two animation frames and a task for the effects Preact runs after the first render,
 * and no request of the page still in flight. That is what the tests used
 * `waitUntil: "networkidle"` for, without its fixed 500 ms of silence per page.
 * Listeners a test adds before calling this (console, pageerror, requestfailed) see
 * everything the page did up to that point.
 */
import type { Page, Request, Response } from "@playwright/test";

export async function gotoSettled(page: Page, url: string): Promise<Response | null> {
  const pending = new Set<Request>();
  const start = (r: Request) => pending.add(r);
  const end = (r: Request) => pending.delete(r);
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    await settle(page, pending);
    return response;
  } finally {
    page.off("request", start);
    page.off("requestfinished", end);
    page.off("requestfailed", end);
  }
}

async function settle(page: Page, pending: Set<Request>): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('ssg-island:not([data-load="interaction"])')].every((host) => host.hasAttribute("data-hydrated")));
  for (;;) {
    // Effects run after a frame; anything they start is reported before this returns.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    if (pending.size === 0) return;
    await Promise.race([...pending].map((r) => r.response().catch(() => null)));
    await page.waitForLoadState("load");
  }
}
