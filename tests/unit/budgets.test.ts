/** The budget check (scripts/lib/budgets.ts) on small made-up builds: what it counts and what it reports. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BUDGET, bytesTable, jsBudget, overBudget, pageBytes, withLayoutIslands } from "../../scripts/lib/budgets.ts";
import type { Reader } from "../../scripts/lib/sizes.ts";

/** Text that gzip cannot shrink below about n bytes (base64 of a hash chain: 6 bits per character). */
function noise(n: number, seed = 1): string {
  let out = "";
  for (let i = 0; out.length * 0.75 < n; i++) out += createHash("sha512").update(`${seed}:${i}`).digest("base64");
  return out;
}

function site(files: Record<string, string>): Reader {
  return (p) => files[p];
}

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const header = '<ssg-island data-island="SiteHeader"><header></header></ssg-island>';

describe("pageBytes", () => {
  it("counts the stylesheet, the module graph (static imports, not dynamic ones) and the islands, but not dialogs loaded on first use", () => {
    const read = site({
      "/a.css": "body{}",
      "/h.js": `import"./c.js";const x=${JSON.stringify(noise(2000))};`,
      "/c.js": `export const y=${JSON.stringify(noise(1000, 2))};import("./dialog.js")`,
      "/dialog.js": noise(50_000, 3),
    });
    const html = page('<link rel="stylesheet" href="/a.css"><script type="module" src="/h.js"></script>', header + '<ssg-island data-island="DemoDialog" data-load="interaction"></ssg-island>');
    const p = pageBytes("/about", html, read);
    expect(p.islands).toEqual(["SiteHeader"]);
    expect(p.jsFiles).toBe(2);
    expect(p.js).toBeGreaterThan(2900);
    expect(p.js).toBeLessThan(3600);
    expect(p.blocking).toEqual(["/a.css"]);
    expect(overBudget(p)).toEqual([]);
  });

  it("finds images and iframes without both dimensions, blocking classic scripts and font files", () => {
    const read = site({ "/a.css": "@font-face{src:url(/f.woff2) format('woff2')}", "/b.js": "1", "/f.woff2": noise(41_000) });
    const html = page(
      '<link rel="stylesheet" href="/a.css"><script src="/b.js"></script><script src="/b.js" defer></script>',
      '<img src="/x.png" width="10" height="10" alt=""><img src="/y.png" width="10" alt=""><iframe src="/z" title="z"></iframe>',
    );
    const p = pageBytes("/x", html, read);
    expect(p.blocking).toEqual(["/a.css", "/b.js"]);
    expect(p.fonts).toEqual(["/f.woff2"]);
    expect(p.font).toBe(read("/f.woff2")!.length);
    expect(p.unsized).toHaveLength(2);
    const messages = overBudget(p);
    expect(messages).toContain("/x: 2 render-blocking requests (/a.css, /b.js); the budget is 1, the shared stylesheet.");
    expect(messages).toContainEqual(expect.stringMatching(/^\/x: fonts are 5\d\.\d\d KB \(\/f\.woff2\), over the font budget \(40\.00 KB\)\.$/));
    expect(messages.filter((m) => m.includes("has no width and height"))).toHaveLength(2);
  });

  it("counts the bytes of every font a page may load once: inline and linked @font-face sources and font preloads, as served (no gzip)", () => {
    const brand = Buffer.from(noise(26_000, 4));
    const other = Buffer.from(noise(10_000, 5));
    const read: Reader = (p) => ({ "/fonts/inter.woff2": brand, "/fonts/mono.woff2": other, "/fonts/x.css": "@font-face{src:url(mono.woff2)}" })[p];
    const html = page(
      '<link rel="preload" href="/fonts/inter.woff2" as="font" type="font/woff2" crossorigin><style>@font-face{font-family:A;src:url("/fonts/inter.woff2") format("woff2")}@font-face{font-family:B;src:local(Arial)}</style>',
      "",
    );
    const one = pageBytes("/", html, read);
    expect(one.fonts).toEqual(["/fonts/inter.woff2"]);
    expect(one.font).toBe(brand.byteLength);
    expect(overBudget(one)).toEqual([]);
    const two = pageBytes("/", html.replace("<style>", '<link rel="stylesheet" href="/fonts/x.css"><style>'), read);
    expect(two.fonts).toEqual(["/fonts/mono.woff2", "/fonts/inter.woff2"]);
    expect(two.font).toBe(brand.byteLength + other.byteLength);
    expect(overBudget(two)).toEqual([expect.stringMatching(/^\/: fonts are 4\d\.\d\d KB \(\/fonts\/mono\.woff2, \/fonts\/inter\.woff2\), over the font budget \(40\.00 KB\)\.$/)]);
  });

  it("fails a page whose font the build does not hold", () => {
    const p = pageBytes("/x", page('<link rel="preload" href="/gone.woff2" as="font" crossorigin>', ""), site({}));
    expect(overBudget(p)).toEqual(["/x: loads /gone.woff2, which is not in the build."]);
  });

  it("reports a reference the build does not hold", () => {
    const p = pageBytes("/x", page('<script type="module" src="/gone.js"></script>', ""), site({}));
    expect(overBudget(p)).toEqual(["/x: loads /gone.js, which is not in the build."]);
  });
});

describe("budgets", () => {
  it("allows 40 KB of fonts per page", () => {
    expect(BUDGET.fonts).toBe(40_000);
  });

  it("gives the home page 12 KB, a page with only the layout's islands 6 KB and any other page 12 KB", () => {
    expect(jsBudget({ route: "/", islands: ["Carousel", "SiteHeader"], layoutOnly: false }).limit).toBe(12_000);
    expect(jsBudget({ route: "/about", islands: ["SiteHeader"], layoutOnly: true }).limit).toBe(6_000);
    expect(jsBudget({ route: "/pricing", islands: ["PricingTable", "SiteHeader"], layoutOnly: false }).limit).toBe(12_000);
    expect(jsBudget({ route: "/legal", islands: [], layoutOnly: true }).limit).toBe(12_000);
  });

  it("finds the layout's islands: those every page has, whatever they are called", () => {
    const menu = '<ssg-island data-island="Menu"></ssg-island>';
    const pages = withLayoutIslands([
      pageBytes("/", page("", menu + '<ssg-island data-island="Slides"></ssg-island>'), site({})),
      pageBytes("/a", page("", menu), site({})),
      pageBytes("/b", page("", menu + '<ssg-island data-island="Form"></ssg-island>'), site({})),
    ]);
    expect(pages.map((p) => p.layoutOnly)).toEqual([false, true, false]);
    // With no island common to all pages, no page is "layout only".
    const apart = withLayoutIslands([pageBytes("/a", page("", menu), site({})), pageBytes("/b", page("", ""), site({}))]);
    expect(apart.map((p) => p.layoutOnly)).toEqual([false, true]);
  });

  it("names the page and the budget it broke", () => {
    const read = site({ "/h.js": noise(7000) });
    const p = { ...pageBytes("/about", page('<script type="module" src="/h.js"></script>', header), read), layoutOnly: true };
    expect(overBudget(p)).toEqual([
      expect.stringMatching(/^\/about: JavaScript before interaction is 7\.\d\d KB gzip, over the JavaScript budget of a page whose only islands are the layout's \(6\.00 KB\)\.$/),
    ]);
    const home = pageBytes("/", page('<script type="module" src="/h.js"></script>', header), read);
    expect(overBudget(home)).toEqual([]);
    const big = pageBytes("/big", page("", `<p>${noise(BUDGET.html + 500)}</p>`), site({}));
    expect(overBudget(big)).toEqual([expect.stringMatching(/^\/big: HTML is 30\.\d\d KB gzip, over the HTML budget \(30\.00 KB\)\.$/)]);
  });

  it("prints one row per page with its verdict", () => {
    const ok = pageBytes("/", page("", header), site({}));
    const bad = pageBytes("/big", page("", `<p>${noise(BUDGET.html + 500)}</p>`), site({}));
    const lines = bytesTable([ok, bad]).split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\/ .* ok$/);
    expect(lines[2]).toMatch(/^\/big .* OVER$/);
  });
});

describe("image bytes loaded up front", () => {
  // Files of known sizes: binary (not gzipped), so their bytes are exact.
  const bin = (n: number) => new Uint8Array(n);
  const files: Record<string, Uint8Array | string> = {
    "/h-480.avif": bin(20_000),
    "/h-960.avif": bin(60_000),
    "/h-1440.avif": bin(110_000),
    "/h-1920.avif": bin(190_000),
    "/h-1920.jpg": bin(400_000),
    "/h-960.jpg": bin(150_000),
    "/lazy.avif": bin(900_000),
  };
  const read: Reader = (p) => files[p];
  const hero = (priority = true) =>
    '<picture class="ssg-picture"><source type="image/avif" srcset="/h-480.avif 480w, /h-960.avif 960w, /h-1440.avif 1440w, /h-1920.avif 1920w" sizes="100vw">' +
    '<source type="image/webp" srcset="/h-960.webp 960w" sizes="100vw">' +
    `<img src="/h-1920.jpg" srcset="/h-960.jpg 960w, /h-1920.jpg 1920w" sizes="100vw" width="1920" height="1280" alt=""${priority ? ' fetchpriority="high"' : ""}></picture>`;
  const lazy = '<picture><source type="image/avif" srcset="/lazy.avif 960w" sizes="50vw"><img src="/h-960.jpg" width="960" height="640" alt="x" loading="lazy"></picture>';
  const preload = '<link rel="preload" as="image" type="image/avif" imagesrcset="/h-480.avif 480w, /h-960.avif 960w, /h-1440.avif 1440w, /h-1920.avif 1920w" imagesizes="100vw" fetchpriority="high">';

  it("counts the AVIF copy a browser picks on a phone (390 px at 2x: 960) and a laptop (1440 px: 1440), the heavier of the two, each file once", () => {
    const p = pageBytes("/", page(preload, hero() + lazy), read);
    expect(p.imagesOn).toBe("laptop");
    expect(p.imageFiles).toEqual(["/h-1440.avif"]);
    expect(p.images).toBe(110_000);
    expect(p.lcpImage).toEqual({ path: "/h-960.avif", bytes: 60_000 });
    expect(p.unresolved).toEqual([]);
    expect(overBudget(p)).toEqual([]);
  });

  it("reports a page over 300 KB of images and a home page whose main image is over 100 KB on a phone", () => {
    const narrow = hero().replace(/sizes="100vw"/g, 'sizes="(min-width: 1024px) 50vw, 200vw"');
    // Phone: a slot of 780 px at 2x takes the 1920 copy (190 KB); laptop: 720 px takes the 960 (60 KB); the plain <img> is 400 KB on both.
    const p = pageBytes("/", page("", narrow + '<img src="/h-1920.jpg" width="1920" height="1280" alt="x">'), read);
    expect(p.imagesOn).toBe("phone");
    expect(p.images).toBe(590_000);
    expect(p.lcpImage).toEqual({ path: "/h-1920.avif", bytes: 190_000 });
    expect(overBudget(p)).toEqual([
      "/: images loaded up front are 590.00 KB on a phone (/h-1920.avif, /h-1920.jpg), over the image budget (300.00 KB).",
      "/: the main image is 190.00 KB on a phone (/h-1920.avif), over the home page's main image budget (100.00 KB).",
    ]);
    // The main-image budget is the home page's only.
    expect(overBudget({ ...p, route: "/about" })).toHaveLength(1);
  });

  it("leaves lazy images out, counts an SVG as gzip, and names a file that is not in the build", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${"<rect/>".repeat(500)}</svg>`;
    const p = pageBytes("/x", page("", `<img src="/a.svg" width="1" height="1" alt=""><img src="/gone.png" width="1" height="1" alt="">${lazy}`), (f) => (f === "/a.svg" ? svg : files[f]));
    expect(p.images).toBeGreaterThan(0);
    expect(p.images).toBeLessThan(svg.length / 10);
    expect(p.imageFiles).toEqual(["/a.svg"]);
    expect(p.unresolved).toEqual(["/gone.png"]);
  });
});
