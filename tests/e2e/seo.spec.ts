/**
 * What a link preview, a search engine or an installing browser fetches: the share
 * image, icons and manifest named by a few pages' heads answer 200 with the right
 * type, and the PNGs have the sizes the tags and the manifest promise.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

async function fetchPng(request: APIRequestContext, url: string): Promise<[number, number]> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"], url).toBe("image/png");
  const body = await response.body();
  expect(body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), url).toBe(true);
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

const attr = (page: Page, selector: string, name: string) => page.locator(selector).getAttribute(name);

for (const path of ["/", "/pricing", "/products/urbi-kore", "/urbi-konnect", "/resources/guides/analytics"]) {
  test(`${path}: share image, icons and manifest answer with the right type and size`, async ({ page, request }) => {
    await page.goto(path);
    const image = (await attr(page, 'meta[property="og:image"]', "content"))!;
    // Absolute on the published host: fetch the same path from the test server.
    const imagePath = new URL(image).pathname;
    const size = await fetchPng(request, imagePath);
    expect(size.map(String)).toEqual([await attr(page, 'meta[property="og:image:width"]', "content"), await attr(page, 'meta[property="og:image:height"]', "content")]);
    expect(size).toEqual([1200, 630]);
    expect(await attr(page, 'meta[name="twitter:image"]', "content")).toBe(image);

    expect(await fetchPng(request, (await attr(page, 'link[rel="icon"][type="image/png"]', "href"))!)).toEqual([32, 32]);
    expect(await fetchPng(request, (await attr(page, 'link[rel="apple-touch-icon"]', "href"))!)).toEqual([180, 180]);
    const svgIcon = await request.get((await attr(page, 'link[rel="icon"][type="image/svg+xml"]', "href"))!);
    expect(svgIcon.status()).toBe(200);
    expect(svgIcon.headers()["content-type"]).toBe("image/svg+xml");

    const manifestUrl = (await attr(page, 'link[rel="manifest"]', "href"))!;
    const manifest = await request.get(manifestUrl);
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()["content-type"]).toBe("application/manifest+json");
    const { icons } = (await manifest.json()) as { icons: { src: string; sizes: string }[] };
    expect(icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of icons) expect((await fetchPng(request, icon.src)).join("x")).toBe(icon.sizes);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { "@graph": { "@type": string }[] };
    expect(ld["@graph"].map((n) => n["@type"])).toContain("Organization");
  });
}

test("the sitemap lists pages with their lastmod and no alias", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml).toMatch(/<url><loc>[^<]+\/pricing<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/);
  expect(xml).not.toMatch(/<loc>https?:\/\/[^/<]+\/urbi-kore<\/loc>/);
  expect(xml).toContain("/products/urbi-kore</loc>");
});
