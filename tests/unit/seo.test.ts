/**
 * What the build gives search engines and link previews: head tags, share images,
 * icons, manifest, JSON-LD (checked against content read straight from disk), the
 * sitemap's lastmod, and the unique title and description check.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline, type BuildResult } from "../../scripts/pipeline/index.ts";
import { breadcrumbs, shareEntryFor } from "../../scripts/pipeline/stages/render/seo.ts";
import { drawImage, loadImageKit, shareCardSvg, SHARE_WIDTH, type ImageKit } from "../../scripts/pipeline/stages/media/share-images.ts";
import { tempProject } from "./project.ts";
import { GeneratedFiles } from "../../scripts/lib/generated.ts";

const require = createRequire(import.meta.url);
const FONTS = ["400Regular/Inter_400Regular.ttf", "700Bold/Inter_700Bold.ttf"].map((f) => require.resolve(`@expo-google-fonts/inter/${f}`));
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));
const site = read("content/site.json");
const plans = read("content/collections/plans.json").items as { name: string; prices?: Record<string, Record<string, number>>; customPrice?: string }[];
const products = read("content/collections/products.json").items as { title: string; description: string; href: string }[];
const pricingTable = read("content/pages/pricing.json").sections.find((s: { type: string }) => s.type === "pricingTable");

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));
function project(files: Record<string, string | null> = {}) {
  const p = tempProject(files);
  cleanups.push(p.cleanup);
  return p;
}

function decode(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
function metaTag(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return m ? decode(m[1]!) : undefined;
}
function linkHref(html: string, rel: string, type?: string): string | undefined {
  for (const m of html.matchAll(/<link ([^>]*)\/?>/g)) {
    const attrs = m[1]!;
    if (attrs.includes(`rel="${rel}"`) && (!type || attrs.includes(`type="${type}"`))) return /href="([^"]*)"/.exec(attrs)![1];
  }
  return undefined;
}
function jsonLd(html: string): { "@graph": Record<string, unknown>[] } {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!);
}
function pngSize(bytes: Uint8Array): [number, number] {
  const b = Buffer.from(bytes);
  expect(b.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}
const local = (url: string) => url.replace(site.url, "").slice(1);

describe("the built site", () => {
  let build: BuildResult;
  const html = (route: string) => build.files.get(build.routes.find((r) => r.path === route)!.output) as string;
  beforeAll(async () => {
    build = await runPipeline(project(), { mode: "build", write: false });
    expect(build.issues.filter((i) => i.severity === "error")).toEqual([]);
  }, 60_000);

  it("gives every page Open Graph and Twitter tags with a drawn 1200x630 PNG share image", () => {
    for (const route of build.routes) {
      const page = html(route.path);
      const at = route.path;
      expect(metaTag(page, "og:url"), at).toBe(site.url + route.canonical);
      expect(metaTag(page, "og:site_name"), at).toBe(site.brand);
      expect(metaTag(page, "og:type"), at).toBe(route.page.kind === "guide" ? "article" : "website");
      expect(metaTag(page, "og:title"), at).toBe(decode(/<title>(.*?)<\/title>/.exec(page)![1]!));
      expect(metaTag(page, "og:description"), at).toBe(metaTag(page, "description"));
      expect(metaTag(page, "twitter:card"), at).toBe("summary_large_image");
      expect(metaTag(page, "twitter:title"), at).toBe(metaTag(page, "og:title"));
      expect(metaTag(page, "twitter:description"), at).toBe(metaTag(page, "description"));
      const image = metaTag(page, "og:image")!;
      expect(image, at).toMatch(/^https:\/\/[^/]+\/assets\/share-[a-z0-9-]+-[a-z0-9]{10}\.png$/);
      expect(metaTag(page, "twitter:image"), at).toBe(image);
      expect([metaTag(page, "og:image:width"), metaTag(page, "og:image:height")], at).toEqual(["1200", "630"]);
      expect(metaTag(page, "og:image:alt"), at).toContain(site.brand);
      expect(metaTag(page, "twitter:image:alt"), at).toBe(metaTag(page, "og:image:alt"));
      expect(pngSize(build.files.get(local(image)) as Uint8Array), at).toEqual([1200, 630]);
    }
  });

  it("picks the share image of the page type: products each have their own, guides use /resources, aliases their main page's", () => {
    const image = (p: string) => metaTag(html(p), "og:image")!;
    expect(image("/products/urbi-kore")).toContain("/share-products-urbi-kore-");
    expect(image("/urbi-kore")).toBe(image("/products/urbi-kore"));
    expect(image("/products/urbi-konnect")).toContain("/share-products-urbi-konnect-");
    expect(image("/products/urbi-hero-ai")).toContain("/share-products-urbi-hero-ai-");
    expect(image("/resources/guides/analytics")).toBe(image("/resources"));
    expect(image("/features/iot-hardware")).toBe(image("/features"));
    expect(image("/portfolio")).toBe(image("/customers"));
    expect(image("/login")).toBe(image("/"));
    expect(new Set(site.seo.shareImages.map((e: { page: string }) => image(e.page))).size).toBe(site.seo.shareImages.length);
  });

  it("links PNG icons and a web app manifest whose icons are the right size", () => {
    const page = html("/");
    expect(linkHref(page, "icon", "image/svg+xml")).toMatch(/^\/assets\/favicon-\w+\.svg$/);
    expect(pngSize(build.files.get(linkHref(page, "icon", "image/png")!.slice(1)) as Uint8Array)).toEqual([32, 32]);
    expect(pngSize(build.files.get(linkHref(page, "apple-touch-icon")!.slice(1)) as Uint8Array)).toEqual([180, 180]);
    expect(linkHref(page, "manifest")).toBe("/site.webmanifest");
    const manifest = JSON.parse(build.files.get("site.webmanifest") as string);
    expect(manifest).toMatchObject({ name: site.seo.name, short_name: site.seo.shortName, description: site.footer.tagline, start_url: "/", display: "standalone" });
    const brand600 = /--color-brand-600:\s*(#[0-9a-f]+)/.exec(readFileSync(path.join(ROOT, "templates/styles.css"), "utf8"))![1];
    expect(manifest.theme_color).toBe(brand600);
    expect(metaTag(page, "theme-color")).toBe(brand600);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of icons) {
      expect(icon.type).toBe("image/png");
      expect(pngSize(build.files.get(icon.src.slice(1)) as Uint8Array).join("x")).toBe(icon.sizes);
    }
  });

  it("puts the Organization on every page and breadcrumbs that follow the address on every page below home", () => {
    const built = new Set(build.routes.filter((r) => !r.alias).map((r) => site.url + r.path));
    for (const route of build.routes) {
      const graph = jsonLd(html(route.path))["@graph"];
      const org = graph.find((n) => n["@type"] === "Organization")!;
      expect(org, route.path).toMatchObject({ name: site.brand, url: `${site.url}/`, contactPoint: { "@type": "ContactPoint", email: site.contactEmail } });
      expect(org["sameAs"]).toEqual(site.footer.social.map((s: { href: string }) => s.href));
      expect(build.files.has(local(org["logo"] as string))).toBe(true);
      const crumbs = graph.find((n) => n["@type"] === "BreadcrumbList");
      if (route.canonical === "/" || route.status === 404) {
        expect(crumbs, route.path).toBeUndefined();
        continue;
      }
      const items = (crumbs!["itemListElement"] as { position: number; name: string; item: string }[]).map((i) => i);
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
      expect(items[0]!.item).toBe(`${site.url}/`);
      expect(items.at(-1)!.item, route.path).toBe(site.url + route.canonical);
      for (const i of items.slice(1)) {
        expect(built.has(i.item), i.item).toBe(true);
        expect(route.canonical.startsWith(i.item.slice(site.url.length)), i.item).toBe(true);
      }
    }
    const guide = jsonLd(html("/resources/guides/analytics"))["@graph"].find((n) => n["@type"] === "BreadcrumbList")!;
    expect((guide["itemListElement"] as { item: string }[]).map((i) => i.item.slice(site.url.length))).toEqual(["/", "/resources", "/resources/guides/analytics"]);
  });

  it("describes each product as a SoftwareApplication on its page, and only there", () => {
    for (const product of products) {
      for (const route of build.routes.filter((r) => r.canonical === product.href)) {
        const apps = jsonLd(html(route.path))["@graph"].filter((n) => n["@type"] === "SoftwareApplication");
        expect(apps).toEqual([expect.objectContaining({ name: product.title, description: product.description, url: site.url + product.href })]);
      }
    }
    expect(jsonLd(html("/features"))["@graph"].some((n) => n["@type"] === "SoftwareApplication")).toBe(false);
  });

  it("lists on /pricing the plans' offers with exactly the prices of plans.json, in US dollars", () => {
    const apps = jsonLd(html("/pricing"))["@graph"].filter((n) => n["@type"] === "SoftwareApplication");
    expect(apps).toHaveLength(1);
    expect(apps[0]!["name"]).toBe(site.seo.name);
    const offers = apps[0]!["offers"] as Record<string, unknown>[];
    expect(offers.map((o) => o["name"])).toEqual(plans.map((p) => p.name));
    for (const [i, plan] of plans.entries()) {
      const offer = offers[i]!;
      if (!plan.prices) {
        expect(offer["price"]).toBeUndefined();
        continue;
      }
      const expected = Object.entries(pricingTable.buildingTypes as Record<string, { label: string; sizes: Record<string, string> }>).flatMap(([type, t]) =>
        Object.entries(t.sizes).map(([size, label]) => ({ name: `${plan.name}: ${t.label}, ${label}`, price: plan.prices![type]![size] })),
      );
      const prices = expected.map((e) => e.price as number);
      if (new Set(prices).size === 1) {
        expect(offer).toMatchObject({ "@type": "Offer", price: prices[0], priceCurrency: "USD" });
        continue;
      }
      expect(offer).toMatchObject({ "@type": "AggregateOffer", priceCurrency: "USD", lowPrice: Math.min(...prices), highPrice: Math.max(...prices), offerCount: 6 });
      const inner = (offer["offers"] as { name: string; price: number; priceCurrency: string }[]).map((o) => ({ name: o.name, price: o.price }));
      expect(inner).toEqual(expected);
    }
  });

  it("gives the sitemap a lastmod for every listed page, and lists no alias or not-found page", () => {
    const sitemap = build.files.get("sitemap.xml") as string;
    const urls = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)].map((m) => m[1]);
    expect(urls).toEqual(build.routes.filter((r) => !r.alias && r.status === 200).map((r) => site.url + r.path));
  });
});

describe("structured data escaping", () => {
  it("keeps </script> in content inside the JSON-LD", async () => {
    const evil = "Tickets </script><script>alert(1)</script> & more <!-- here";
    const items = read("content/collections/products.json");
    items.items[0].description = evil;
    const build = await runPipeline(project({ "content/collections/products.json": JSON.stringify(items) }), { mode: "build", write: false });
    const page = build.files.get("products/urbi-kore/index.html") as string;
    const app = jsonLd(page)["@graph"].find((n) => n["@type"] === "SoftwareApplication")!;
    expect(app["description"]).toBe(evil);
    expect(page).not.toContain("<script>alert(1)");
  }, 60_000);
});

describe("sitemap lastmod", () => {
  it("is the date of the last commit of the page's files, or the file's time when it has changes not committed", async () => {
    const p = project();
    const git = (args: string[], date?: string) =>
      execFileSync("git", args, {
        cwd: p.root,
        env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com", ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
      });
    git(["init", "-q"]);
    git(["add", "content"]);
    git(["commit", "-q", "-m", "all"], "2024-03-01T12:00:00Z");
    const plansFile = path.join(p.content, "collections/plans.json");
    writeFileSync(plansFile, readFileSync(plansFile, "utf8").replace('"Flow"', '"Flow plan"'));
    git(["commit", "-q", "-am", "plans"], "2024-05-06T23:30:00-02:00");
    const contact = path.join(p.content, "pages/about/contact.json");
    writeFileSync(contact, readFileSync(contact, "utf8") + "\n");
    utimesSync(contact, new Date("2025-01-02T10:00:00Z"), new Date("2025-01-02T10:00:00Z"));
    const added = path.join(p.content, "pages/added.json");
    const login = JSON.parse(readFileSync(path.join(p.content, "pages/login.json"), "utf8"));
    writeFileSync(added, JSON.stringify({ ...login, title: "A page not committed yet", description: "A page that git does not track yet, so its date is the file's modification time." }));
    utimesSync(added, new Date("2025-02-03T10:00:00Z"), new Date("2025-02-03T10:00:00Z"));

    const build = await runPipeline(p, { mode: "build", write: false });
    const sitemap = build.files.get("sitemap.xml") as string;
    const lastmod = (route: string) => new RegExp(`<loc>${site.url}${route}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    expect(lastmod("/features")).toBe("2024-03-01");
    // /pricing shows the plans: their change dates it (in UTC).
    expect(lastmod("/pricing")).toBe("2024-05-07");
    expect(lastmod("/about/contact")).toBe("2025-01-02");
    expect(lastmod("/added")).toBe("2025-02-03");
  }, 60_000);

  it("uses the files' times where there is no git history", async () => {
    const p = project();
    const when = new Date("2023-07-08T09:00:00Z");
    for (const f of ["pages/login.json"]) utimesSync(path.join(p.content, f), when, when);
    const build = await runPipeline(p, { mode: "build", write: false });
    expect(build.files.get("sitemap.xml") as string).toContain(`<loc>${site.url}/login</loc><lastmod>2023-07-08</lastmod>`);
  }, 60_000);
});

describe("unique titles and descriptions", () => {
  const page = (title: string, description: string) =>
    JSON.stringify({ $schema: "../../schemas/page.schema.json", title, description, sections: [{ type: "notFound", heading: "Gone", link: { label: "Home", href: "/" } }] });

  it("fails naming both pages when two titles or two descriptions are the same", async () => {
    const r = await runPipeline(project({ "content/pages/copy.json": page("Careers at Urbi", "A page written by a test whose description no other page has, to test titles.") }), { mode: "check" });
    expect(r.ok).toBe(false);
    const errors = r.issues.filter((i) => i.severity === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("/about/careers (content/pages/about/careers.json) and /copy have the same title");
    const d = await runPipeline(
      project({ "content/pages/copy.json": page("A title no page has", read("content/pages/login.json").description) }),
      { mode: "check" },
    );
    expect(d.issues.filter((i) => i.severity === "error").map((i) => `${i.file} ${i.pointer} ${i.message}`)).toEqual([
      expect.stringMatching(/^content\/pages\/login\.json \/description The pages \/copy \(content\/pages\/copy\.json\) and \/login have the same description/),
    ]);
  }, 60_000);

  it("accepts aliases, which share their page's title", async () => {
    const r = await runPipeline(project(), { mode: "check" });
    expect(r.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(r.routes.some((r) => r.alias)).toBe(true);
  }, 60_000);

  it("fails when a share image names a page that does not exist", async () => {
    const s = read("content/site.json");
    s.seo.shareImages.push({ page: "/nowhere" });
    const r = await runPipeline(project({ "content/site.json": JSON.stringify(s, null, 2) }), { mode: "check" });
    expect(r.issues.filter((i) => i.severity === "error").map((i) => `${i.file} ${i.pointer} ${i.message}`)).toEqual([
      `content/site.json /seo/shareImages/${s.seo.shareImages.length - 1}/page No page has the address /nowhere, so it cannot have a share image.`,
    ]);
  }, 60_000);
});

describe("share image helpers", () => {
  const entries = [{ page: "/" }, { page: "/features" }, { page: "/products/kore" }, { page: "/customers", also: ["/portfolio"] }];
  it("maps a page to its own entry, an entry listing it, the closest above it, else the first", () => {
    expect(shareEntryFor("/features", entries).page).toBe("/features");
    expect(shareEntryFor("/features/iot", entries).page).toBe("/features");
    expect(shareEntryFor("/features-old", entries).page).toBe("/");
    expect(shareEntryFor("/products/kore", entries).page).toBe("/products/kore");
    expect(shareEntryFor("/products", entries).page).toBe("/");
    expect(shareEntryFor("/portfolio", entries).page).toBe("/customers");
    expect(shareEntryFor("/login", [{ page: "/pricing" }]).page).toBe("/pricing");
  });

  it("breadcrumbs skip addresses that are no page", () => {
    const route = (p: string, title: string) => ({ path: p, canonical: p, output: "", status: 200 as const, alias: false, page: { file: "", kind: "page" as const, name: "", data: { title } } });
    const routes = [route("/", "Home"), route("/a", "A"), route("/a/b/c", "C")];
    expect(breadcrumbs(routes[2]!, routes, { brand: "B", url: "https://x.test" } as never)).toEqual([
      { name: "B", url: "https://x.test/" },
      { name: "A", url: "https://x.test/a" },
      { name: "C", url: "https://x.test/a/b/c" },
    ]);
    expect(breadcrumbs(routes[0]!, routes, { brand: "B", url: "https://x.test" } as never)).toEqual([]);
  });

  describe("text in the image", () => {
    let kit: ImageKit;
    beforeAll(async () => {
      kit = await loadImageKit(path.join(ROOT, "templates"));
    });
    const textBoxes = (svg: string) =>
      [...svg.matchAll(/<text [^>]*>.*?<\/text>/g)].map((m) => {
        const one = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="630">${m[0]}</svg>`;
        return new Resvg(one, { font: { loadSystemFonts: false, fontFiles: FONTS, defaultFontFamily: "Inter" } }).getBBox()!;
      });
    const mark = readFileSync(path.join(ROOT, "content/assets/favicon.svg"));

    it("stays inside the image for every share image of the site (measured by resvg itself)", () => {
      for (const entry of site.seo.shareImages as { page: string }[]) {
        const file = entry.page === "/" ? "index" : `${entry.page.slice(1)}`;
        const candidates = [`content/pages/${file}.json`, `content/pages/${file}/index.json`];
        const source = candidates.map((c) => { try { return read(c); } catch { return undefined; } }).find(Boolean);
        const svg = shareCardSvg({ brand: site.brand, heading: source.title, text: source.description, host: "www.example.com", mark }, kit);
        for (const box of textBoxes(svg)) {
          expect(box.width, entry.page).toBeGreaterThan(0);
          expect(box.x + box.width, entry.page).toBeLessThanOrEqual(SHARE_WIDTH - 80);
          expect(box.y + box.height, entry.page).toBeLessThanOrEqual(630);
        }
      }
    });

    it("keeps drawn images among the generated files by what they show, and reads them from there", async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "bos-image-cache-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const templates = path.join(ROOT, "templates");
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#123456"/></svg>`;
      const kit = await loadImageKit(templates);
      const first = drawImage(kit, "assets/box.png", svg, 40, 20, undefined, new GeneratedFiles(dir));
      const bytes = await first.bytes;
      expect(pngSize(bytes)).toEqual([40, 20]);
      const kept = path.join(dir, "images", path.basename(first.output));
      await vi.waitFor(() => expect(readFileSync(kept).equals(Buffer.from(bytes))).toBe(true));
      // What the store holds under that name is what the next build uses: nothing is drawn again.
      const other = await kit.png(svg, 80);
      writeFileSync(kept, other);
      const again = drawImage(await loadImageKit(templates), "assets/box.png", svg, 40, 20, undefined, new GeneratedFiles(dir));
      expect(again.output).toBe(first.output);
      expect(Buffer.from(await again.bytes).equals(Buffer.from(other))).toBe(true);
    });

    it("cuts a text too long for its lines with an ellipsis, and escapes it", () => {
      const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
      const svg = shareCardSvg({ brand: "A & B", heading: `<Heading> ${long}`, text: long, host: "x.test", mark }, kit);
      expect(svg).toContain("A &amp; B");
      expect(svg).toContain("&lt;Heading&gt;");
      expect(svg.match(/…<\/tspan>/g)).toHaveLength(2);
      for (const box of textBoxes(svg)) expect(box.x + box.width).toBeLessThanOrEqual(SHARE_WIDTH - 80);
    });
  });
});
