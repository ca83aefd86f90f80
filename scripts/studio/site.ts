/**
 * What the Studio lists and picks from, read from the project as the build reads it
 * (pipeline/stages/load/load.ts and the route table of a check): the content files as an editor
 * thinks of them (pages with their addresses, records, settings, Markdown entries),
 * every address a link may use, the images of content/assets and the records of each
 * collection.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { imageSize } from "../lib/image-size.ts";
import type { ProjectPaths } from "../lib/paths.ts";
import { load } from "../pipeline/stages/load/load.ts";
import type { SourceFile } from "../pipeline/model.ts";
import { schemaPathOf } from "../pipeline/stages/validate/validate.ts";
import { pageRoute } from "../pipeline/stages/routes/routes.ts";
import type { SchemaSet } from "../pipeline/stages/validate/schemas.ts";
import { loadSiteModule } from "../lib/site-module.ts";
import { humanize } from "./bundle-schemas.ts";
import type { StudioAsset, StudioFileEntry, StudioRecord, StudioSite } from "./protocol.ts";

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** Where the Studio serves content/assets/<name> for thumbnails. */
export const assetUrl = (name: string) => `/files/${name.split("/").map(encodeURIComponent).join("/")}`;

export async function assetInfo(paths: ProjectPaths, name: string, bytes?: Buffer): Promise<StudioAsset> {
  const data = bytes ?? (await fs.readFile(path.join(paths.content, name)));
  let size: { width: number; height: number } | undefined;
  try {
    size = imageSize(data, name);
  } catch {
    size = undefined;
  }
  return { name, url: assetUrl(name), bytes: data.length, ...(size ? { width: size.width, height: size.height } : {}) };
}

function label(file: SourceFile): string {
  const data = file.data as { title?: unknown } | null;
  if (file.kind === "site") return "Site settings";
  if (file.kind === "collection") return humanize(file.name);
  if (data && typeof data.title === "string" && data.title) return data.title;
  return file.name;
}

/** `sources`: what each page is made from, by its file (a check's BuildResult.sources), for the files' shownOn. */
export async function describeSite(paths: ProjectPaths, schemas: SchemaSet, git: boolean, sources?: Map<string, string[]>): Promise<StudioSite> {
  const module = await loadSiteModule(paths.templates);
  const loaded = await load(paths, module.kinds ?? []);
  const files: StudioFileEntry[] = [];
  const addresses = new Set<string>();
  const records: Record<string, StudioRecord[]> = {};
  for (const file of loaded.files) {
    const schema = schemaPathOf(file, schemas) ?? "";
    const address = file.kind === "page" ? (file.name === "404" ? "/404" : pageRoute(file.name)) : file.entry?.route;
    files.push({ path: file.file, kind: file.kind, label: label(file), ...(address ? { address } : {}), schema });
    if (address && address !== "/404") addresses.add(address);
    const data = file.data as { aliases?: unknown; items?: unknown; title?: unknown } | null;
    if (file.kind === "page" && Array.isArray(data?.aliases)) for (const a of data.aliases) if (typeof a === "string") addresses.add(a);
    if (file.kind === "collection" && Array.isArray(data?.items))
      records[file.name] = data.items
        .filter((r): r is { id: string } => typeof (r as { id?: unknown })?.id === "string")
        .map((r) => {
          const t = (r as { title?: unknown; name?: unknown; quote?: unknown }).title ?? (r as { name?: unknown }).name;
          return { id: r.id, label: typeof t === "string" ? t : r.id };
        });
    if (file.entry) (records[file.entry.collection] ??= []).push({ id: file.name, label: label(file) });
  }
  if (sources) addShownOn(files, sources);
  const assets = await Promise.all([...loaded.assets].filter(([name]) => IMAGE.test(name)).map(([name, bytes]) => assetInfo(paths, name, bytes)));
  // The site's name as its settings give it (a name, a brand, or the search engines' name), else its folder's.
  const siteData = loaded.files.find((f) => f.kind === "site")?.data as { name?: unknown; brand?: unknown; seo?: { name?: unknown } } | undefined;
  const name = [siteData?.seo?.name, siteData?.name, siteData?.brand].find((n): n is string => typeof n === "string" && n !== "");
  return {
    name: name ?? path.basename(paths.root),
    files: files.sort((a, b) => order(a) - order(b) || (a.address ?? a.label).localeCompare(b.address ?? b.label)),
    addresses: [...addresses].sort(),
    assets,
    records,
    git,
  };
}

/** Each collection's (and other non-page file's but the site settings, which every page shows) pages that show it: the most specific first. */
function addShownOn(files: StudioFileEntry[], sources: Map<string, string[]>): void {
  const addressOf = new Map(files.filter((f) => f.kind === "page" && f.address && f.address !== "/404").map((f) => [f.path, f.address!]));
  for (const f of files) {
    if (f.kind === "page" || f.kind === "site" || f.address) continue;
    const pages = [...sources]
      .filter(([page, from]) => page !== f.path && addressOf.has(page) && from.includes(f.path))
      .sort(([a, fa], [b, fb]) => fa.length - fb.length || addressOf.get(a)!.localeCompare(addressOf.get(b)!))
      .map(([page]) => addressOf.get(page)!);
    if (pages.length) f.shownOn = pages;
  }
}

/** Pages first, then settings, records and entries. */
const order = (f: StudioFileEntry) => (f.kind === "page" ? 0 : f.kind === "site" ? 1 : f.kind === "collection" ? 2 : 3);
