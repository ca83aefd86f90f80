/**
 * What the build gives search engines and link previews besides the pages
 * themselves: checks that every page has its own title and description, the share
 * image, icons and structured data of each page (PageSeo, drawn by the head), the
 * web app manifest, and the dates for the sitemap's <lastmod>.
 */
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { PageSeo } from "../../../runtime/model.ts";
import type { Crumb, PageFacts, SiteModule, SiteSettings as Site } from "../../../api.ts";
import { rel, type ProjectPaths } from "../../../lib/paths.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { issueAt, type Issue } from "../../../problems/issues.ts";
import type { ResolvedContent } from "../resolve/resolve.ts";
import { pageRoute, type Route } from "../routes/routes.ts";
import { drawIcons, drawImage, SHARE_HEIGHT, SHARE_WIDTH, shareCardSvg, shareImageName, type DrawnImage, type IconSet, type ImageKit } from "../media/share-images.ts";
import type { Annotation } from "../../model.ts";
import type { GeneratedFiles } from "../../../lib/generated.ts";

export type { PageSeo };

export const MANIFEST = "site.webmanifest";
/** The web app's background while it starts, unless the site module's manifest() gives its own. */
const APP_BACKGROUND = "#ffffff";

type ShareEntry = Site["seo"]["shareImages"][number];
interface Meta {
  title: string;
  description: string;
}

const meta = (route: Route) => route.page.data as unknown as Meta;

/**
 * The pages that are served at their own address (not aliases), by address. Kept per
 * route list: every page's breadcrumbs read it, and building it per page made a
 * build of n pages cost n² (a second at 4,000 pages).
 */
const primaryByRoutes = new WeakMap<Route[], Map<string, Route>>();
function primaryRoutes(routes: Route[]): Map<string, Route> {
  let primary = primaryByRoutes.get(routes);
  if (!primary) primaryByRoutes.set(routes, (primary = new Map(routes.filter((r) => !r.alias).map((r) => [r.path, r]))));
  return primary;
}

/**
 * Errors for two pages with the same title or the same description (aliases share
 * their main page's, which is fine), and for share images of pages that do not exist.
 */
export function seoIssues(content: ResolvedContent, routes: Route[]): Issue[] {
  const issues: Issue[] = [];
  const siteFile = content.files.find((f) => f.kind === "site")!;
  const site = siteFile.data as unknown as Site;
  const at = (file: string, pointer: string, p: Problem) => issueAt(content.sources.get(file)!, pointer, p);
  for (const field of ["title", "description"] as const) {
    const seen = new Map<string, Route>();
    for (const route of routes.filter((r) => !r.alias)) {
      const key = meta(route)[field].trim().toLowerCase();
      const other = seen.get(key);
      if (!other) {
        seen.set(key, route);
        continue;
      }
      issues.push(
        at(route.page.file, `/${field}`, problem(`duplicate-${field}`, { otherPath: other.path, otherFile: other.page.file, path: route.path, value: meta(route)[field] })),
      );
    }
  }
  const primary = primaryRoutes(routes);
  site.seo.shareImages.forEach((entry, i) => {
    const pages = [[`/seo/shareImages/${i}/page`, entry.page], ...(entry.also ?? []).map((p, j) => [`/seo/shareImages/${i}/also/${j}`, p])] as const;
    for (const [pointer, page] of pages)
      if (primary.get(page)?.status !== 200)
        issues.push(at(siteFile.file, pointer, problem("share-image-for-missing-page", { page })));
  });
  return issues;
}

/** The share image entry a page uses: its own, one listing it in "also", the closest above it, else the first. */
export function shareEntryFor(path: string, entries: ShareEntry[]): ShareEntry {
  const own = entries.find((e) => e.page === path) ?? entries.find((e) => e.also?.includes(path));
  if (own) return own;
  const above = entries.filter((e) => e.page === "/" || path.startsWith(`${e.page}/`)).sort((a, b) => b.page.length - a.page.length);
  return above[0] ?? entries[0]!;
}

/** The primary pages above a page and the page itself, from the home page down (none for the home page). */
export function breadcrumbs(route: Route, routes: Route[], site: Site): Crumb[] {
  if (route.canonical === "/" || route.status !== 200) return [];
  const primary = primaryRoutes(routes);
  const parts = route.canonical.split("/").slice(1);
  const crumbs: Crumb[] = [{ name: site.brand, url: `${site.url}/` }];
  for (let i = 1; i <= parts.length; i++) {
    const p = primary.get(`/${parts.slice(0, i).join("/")}`);
    if (p?.status === 200) crumbs.push({ name: meta(p).title, url: site.url + p.path });
  }
  return crumbs;
}


export interface SeoOutput {
  head(route: Route): PageSeo;
  /** The paths inside dist/ that files() gives. */
  outputs: Set<string>;
  /** The images (when drawn) and the manifest. */
  files(): Promise<[string, string | Uint8Array][]>;
}

export interface SiteImages {
  /** Share image entry's page -> its image. */
  shares: Map<string, DrawnImage & { alt: string }>;
  icons: IconSet;
  themeColor: string;
}

/**
 * Starts drawing the share images and icons. It needs only validated content (page
 * titles and descriptions, the favicon), so the worker draws while the build resolves
 * and renders; pages can name the images right away.
 */
export function drawSiteImages(kit: ImageKit, content: { files: { kind: string; name: string; data: unknown; entry?: { route: string } }[]; assets: Map<string, Uint8Array> }, mark: string, store?: GeneratedFiles): SiteImages {
  const site = content.files.find((f) => f.kind === "site")!.data as Site;
  const pages = new Map<string, Meta>();
  for (const f of content.files)
    if (f.kind === "page" || f.entry) pages.set(f.entry ? f.entry.route : pageRoute(f.name), f.data as Meta);
  const favicon = content.assets.get(mark)!;
  const host = site.url.replace(/^https?:\/\//, "");
  const shares = new Map<string, DrawnImage & { alt: string }>();
  for (const entry of site.seo.shareImages) {
    const source = pages.get(entry.page);
    if (!source) continue; // reported by seoIssues
    const { title, description } = source;
    const svg = shareCardSvg({ brand: site.brand, heading: title, text: description, host, mark: favicon }, kit);
    const alt = title.includes(site.brand) ? title : `${site.brand} – ${title}`;
    shares.set(entry.page, { ...drawImage(kit, shareImageName(entry.page), svg, SHARE_WIDTH, SHARE_HEIGHT, undefined, store), alt });
  }
  return { shares, icons: drawIcons(kit, favicon, store), themeColor: kit.colours.brand };
}

/** The head data of each page, and the files for dist/ (the images once drawn, the manifest). */
export function planSeo({ shares, icons, themeColor }: SiteImages, site: Site, routes: Route[], content: ResolvedContent, siteModule: Pick<SiteModule<Site>, "seo" | "manifest">): SeoOutput {
  const extra = siteModule.manifest?.(site) ?? {};
  const manifest = webManifest(site, icons, themeColor, extra.description, extra.background);
  const collection = (name: string) => (content.files.find((f) => f.kind === "collection" && f.name === name)?.data["items"] ?? []) as Record<string, unknown>[];
  const images = [...shares.values(), ...Object.values(icons)];
  const headOf = (route: Route): PageSeo => {
    const url = site.url + route.canonical;
    const share = shares.get(shareEntryFor(route.canonical, site.seo.shareImages).page)!;
    const facts: PageFacts<Site> = { site, kind: route.page.kind, data: route.page.data, url, crumbs: breadcrumbs(route, routes, site), logo: site.url + icons.icon512.url, collection };
    return {
      ogType: route.page.entry ? "article" : "website",
      image: { url: site.url + share.url, width: share.width, height: share.height, alt: share.alt },
      themeColor,
      icons: { png32: icons.png32.url, appleTouch: icons.appleTouch.url },
      manifest: `/${MANIFEST}`,
      jsonLd: (siteModule.seo?.structuredData?.(facts) ?? {}) as Record<string, unknown>,
    };
  };
  // Each route's head once: an incremental build hashes it into the page's key before the page renders it.
  const heads = new WeakMap<Route, PageSeo>();
  return {
    outputs: new Set([...images.map((i) => i.output), MANIFEST]),
    head(route) {
      let head = heads.get(route);
      if (!head) heads.set(route, (head = headOf(route)));
      return head;
    },
    async files() {
      const drawn = await Promise.all(images.map(async (i) => [i.output, await i.bytes] as [string, Uint8Array]));
      return [...drawn, [MANIFEST, manifest]];
    },
  };
}

export function webManifest(site: Site, icons: IconSet, themeColor: string, description?: string, background = APP_BACKGROUND): string {
  const icon = (i: DrawnImage, purpose?: string) => ({ src: i.url, sizes: `${i.width}x${i.height}`, type: "image/png", ...(purpose ? { purpose } : {}) });
  return (
    JSON.stringify(
      {
        name: site.seo.name,
        short_name: site.seo.shortName,
        ...(description ? { description } : {}),
        lang: site.language,
        start_url: "/",
        display: "standalone",
        theme_color: themeColor,
        background_color: background,
        icons: [icon(icons.icon192), icon(icons.icon512), icon(icons.maskable512, "maskable")],
      },
      null,
      2,
    ) + "\n"
  );
}

const run = promisify(execFile);

/**
 * When each content file last changed (YYYY-MM-DD, UTC), by project-relative path:
 * the date of the last commit that touched it, from one `git log`; files that git
 * does not know or that have changes not yet committed use their modification time.
 */
export async function contentDates(paths: ProjectPaths): Promise<(file: string) => Promise<string>> {
  const git = (args: string[]) => run("git", ["-C", paths.content, ...args], { maxBuffer: 32 << 20 }).then((r) => r.stdout);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const committed = new Map<string, string>();
  const dirty = new Set<string>();
  try {
    // Files git does not track are in no commit, so they use their time without asking.
    const [log, changed] = await Promise.all([
      git(["log", "--format=@%ct", "--name-only", "--relative", "--no-renames", "--", "."]),
      git(["diff", "HEAD", "--name-only", "--relative", "--", "."]),
    ]);
    let date = "";
    for (const line of log.split("\n")) {
      if (line.startsWith("@")) date = day(Number(line.slice(1)) * 1000);
      else if (line) {
        const file = rel(paths.root, path.join(paths.content, line));
        if (!committed.has(file)) committed.set(file, date);
      }
    }
    for (const line of changed.split("\n")) if (line) dirty.add(rel(paths.root, path.join(paths.content, line)));
  } catch {
    // Not a git checkout, or no git: every file uses its modification time.
  }
  // Synchronous: thousands of asynchronous stats at once took ~60 ms at 4,000 guides, these ~15.
  return async (file) => {
    const date = dirty.has(file) ? undefined : committed.get(file);
    return date ?? day(statSync(path.join(paths.root, file)).mtimeMs);
  };
}

/**
 * The content files each page is made from: its own file, and the collections and
 * Markdown entries it shows (through x-ref fields, also those of the records it shows).
 */
export function pageSources(content: ResolvedContent, annotations: Annotation[]): Map<string, string[]> {
  // Collections by name; Markdown entries by "<collection>:<name>" (x-ref to their kind's collection, by id).
  const fileOf = new Map<string, string>();
  for (const f of content.files) {
    if (f.kind === "collection") fileOf.set(f.name, f.file);
    if (f.entry) fileOf.set(`${f.entry.collection}:${f.name}`, f.file);
  }
  const refs = new Map<string, Set<string>>();
  for (const a of annotations) {
    if (a.kind !== "ref") continue;
    const target = fileOf.get(`${a.arg}:${a.value}`) ?? fileOf.get(String(a.arg));
    if (target) refs.set(a.file, (refs.get(a.file) ?? new Set()).add(target));
  }
  const out = new Map<string, string[]>();
  for (const f of content.files) {
    if (f.kind !== "page" && !f.entry) continue;
    const seen = new Set([f.file]);
    const todo = [f.file];
    while (todo.length) for (const next of refs.get(todo.pop()!) ?? []) if (!seen.has(next)) seen.add(next), todo.push(next);
    out.set(f.file, [...seen].sort());
  }
  return out;
}

/** The sitemap's date of each page: the latest change of the files it is made from. */
export async function lastModified(routes: Route[], sources: Map<string, string[]>, dateOf: (file: string) => Promise<string>): Promise<Map<string, string>> {
  // Each file's date once, then each page's latest (the dates are ISO days: their text order is their time order).
  const files = new Set(routes.flatMap((r) => sources.get(r.page.file) ?? [r.page.file]));
  const dates = new Map(await Promise.all([...files].map(async (f) => [f, await dateOf(f)] as const)));
  const out = new Map<string, string>();
  for (const r of routes) {
    let latest = "";
    for (const f of sources.get(r.page.file) ?? [r.page.file]) if (dates.get(f)! > latest) latest = dates.get(f)!;
    out.set(r.path, latest);
  }
  return out;
}
