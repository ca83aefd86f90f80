import type { Page } from "@playwright/test";

/**
 * Holds back the browser code of the island `name` until the returned function is called, so that a
 * test can look at (or act on) the server's markup before the island's code runs.
 */
export async function holdIsland(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(new RegExp(`/assets/islands/${name}-[^/]+\\.js$`), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}
