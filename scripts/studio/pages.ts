/**
 * Pages as an editor thinks of them: an address, not a file. A page's address comes
 * from its file's name (pipeline/stages/routes/routes.ts: content/pages/a/b.json is /a/b,
 * content/pages/a/index.json is /a, content/pages/index.json is /), plus the other
 * addresses in its "aliases". The Studio's new page, rename and delete are planned
 * here against a project folder; each returns what to write (or why not) and writes
 * nothing, so the server writes it all or none of it:
 * - newPage: a copy of another page (its title replaced, its aliases dropped) or a blank
 *   page with a hero, at a free address;
 * - renamePage: the file moved to the new address's file, the old address kept as an
 *   alias if asked, and every internal link to the old address rewritten if asked;
 * - deletePlan: refused while anything links to the page or one of its aliases, and
 *   always for the home page and the not-found page.
 * findLinks lists the links to an address: a JSON string equal to it (or it followed by
 * #… or ?…) anywhere in content/, and Markdown links to it in .md files.
 */
import { STARTER_HERO_TEXT, starterDescription } from "../lib/starter-text.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { escapePointerToken, unescapePointerToken } from "../lib/json.ts";
import { pageRoute } from "../pipeline/stages/routes/routes.ts";
import { contentFile } from "./confine.ts";
import { editJson, formatNewJson } from "./json-edit.ts";
import { editMarkdown } from "./md-edit.ts";
import { parseFrontMatter } from "../lib/front-matter.ts";

export interface LinkPlace {
  /** Project-relative ("content/site.json"). */
  file: string;
  /** JSON pointer of the value ("/nav/1/href"), or "/body" for a link in a Markdown body. */
  pointer: string;
}

const ADDRESS = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;

/** The page file of an address: "/" -> content/pages/index.json, "/a/b" -> content/pages/a/b.json. */
export function pageFileFor(address: string): string {
  if (!ADDRESS.test(address))
    throw new Error(`"${address}" cannot be a page's address: write it with a / at the start, then lower-case letters, digits and dashes, with / between parts and none at the end, for example /about/team.`);
  if (address === "/404") throw new Error('"/404" is the address of the page shown for addresses that do not exist; pick another one.');
  if (address.split("/").includes("index")) throw new Error(`"${address}" cannot be a page's address: "index" is the name of a folder's own page. Pick another word.`);
  return address === "/" ? "content/pages/index.json" : `content/pages${address}.json`;
}

/** Every file under a folder, project-relative, with forward slashes. */
function filesUnder(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

interface PageInfo {
  file: string;
  address: string;
  aliases: string[];
}

/** The pages of the project, with their addresses and aliases. */
function readPages(root: string): PageInfo[] {
  return filesUnder(root, "content/pages")
    .filter((f) => f.endsWith(".json"))
    .map((file) => {
      let aliases: string[] = [];
      try {
        const data = JSON.parse(readFileSync(path.join(root, file), "utf8")) as { aliases?: unknown };
        if (Array.isArray(data.aliases)) aliases = data.aliases.filter((a): a is string => typeof a === "string");
      } catch {
        // A broken file still has its address.
      }
      return { file, address: pageRoute(file.slice("content/pages/".length, -".json".length)), aliases };
    });
}

/** The page that has `address`, as its own address or an alias. */
function pageAt(pages: PageInfo[], address: string): { page: PageInfo; alias: boolean } | undefined {
  for (const page of pages) if (page.address === address) return { page, alias: false };
  for (const page of pages) if (page.aliases.includes(address)) return { page, alias: true };
  return undefined;
}

function refuseTaken(pages: PageInfo[], address: string, taken: Iterable<string> | undefined, self?: string): void {
  const found = pageAt(pages, address);
  if (found && found.page.file !== self)
    throw new Error(
      found.alias
        ? `${address} is already another address of ${found.page.file} (in its "aliases"). Pick another address, or remove it there first.`
        : `${address} is already the address of ${found.page.file}. Pick another address.`,
    );
  if (!found && [...(taken ?? [])].includes(address)) throw new Error(`${address} is already the address of another entry of the site. Pick another address.`);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a string value is a link to `address` (exactly, or with #fragment / ?query). */
const isLinkTo = (value: string, address: string) => value === address || value.startsWith(address + "#") || value.startsWith(address + "?");
/** Whether a string value is, or has in its Markdown, a link to `address`. */
const linksTo = (value: string, address: string) => isLinkTo(value, address) || markdownLinks(address).test(value);

/** Markdown links to `address` in `text`: [x](address…) and [x]: address… definitions; group 1 ends just before the address. */
const markdownLinks = (address: string) => new RegExp(`(\\]\\(\\s*<?|^[ \\t]{0,3}\\[[^\\]\\n]+\\]:[ \\t]*<?)${escapeRegExp(address)}(?=[#?)>\\s]|$)`, "gm");

function walkStrings(value: unknown, pointer: string, visit: (s: string, pointer: string) => void): void {
  if (typeof value === "string") visit(value, pointer);
  else if (Array.isArray(value)) value.forEach((v, i) => walkStrings(v, `${pointer}/${i}`, visit));
  else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) walkStrings(v, `${pointer}/${escapePointerToken(k)}`, visit);
}

/** Every place in content/ that links to `address`. A page's own aliases are addresses, not links. */
export async function findLinks(root: string, address: string): Promise<LinkPlace[]> {
  const places: LinkPlace[] = [];
  for (const file of filesUnder(root, "content")) {
    if (file.startsWith("content/assets/")) continue;
    const text = readFileSync(path.join(root, file), "utf8");
    const isPage = file.startsWith("content/pages/");
    if (file.endsWith(".json")) {
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        continue;
      }
      walkStrings(data, "", (s, pointer) => {
        if (isPage && /^\/aliases\/\d+$/.test(pointer)) return;
        if (linksTo(s, address)) places.push({ file, pointer });
      });
    } else if (file.endsWith(".md")) {
      let data: Record<string, unknown>;
      try {
        data = parseFrontMatter(text).data;
      } catch {
        continue;
      }
      const { body, ...fields } = data;
      walkStrings(fields, "", (s, pointer) => {
        if (linksTo(s, address)) places.push({ file, pointer });
      });
      if (typeof body === "string" && markdownLinks(address).test(body)) places.push({ file, pointer: "/body" });
    }
  }
  return places;
}

/** The path from a file's folder to the page schema, as "$schema" names it. */
function schemaRef(pageFile: string): string {
  return path.posix.relative(path.posix.dirname(pageFile), "schemas/page.schema.json");
}

/** A page file named by project path ("content/pages/x.json") or by address ("/x"). */
function pagePath(root: string, pages: PageInfo[], which: string): string {
  if (which.startsWith("/")) {
    const found = pages.find((p) => p.address === which);
    if (!found) throw new Error(`There is no page at ${which}.`);
    return found.file;
  }
  contentFile(root, which);
  if (!which.startsWith("content/pages/") || !which.endsWith(".json") || !existsSync(path.join(root, which))) throw new Error(`${which} is not a page: pages are the .json files in content/pages.`);
  return which;
}

/** The first image for a blank page's hero: an SVG or photo in content/assets, one named hero-… first. */
function heroImage(root: string): string | undefined {
  const images = filesUnder(root, "content/assets")
    .map((f) => f.slice("content/".length))
    .filter((f) => /\.(svg|png|jpe?g|webp|avif)$/.test(f) && !/favicon|icon|logo/.test(f));
  return images.find((f) => path.posix.basename(f).startsWith("hero-")) ?? images[0];
}

const describeMe = starterDescription;

/** A new page at `address`: a copy of `from` (a page's path or address) with `title`, or a blank page with a hero. Writes nothing. */
export async function newPage(root: string, options: { address: string; from?: string; title: string; taken?: Iterable<string> }): Promise<{ path: string; text: string }> {
  const file = pageFileFor(options.address);
  const title = options.title.trim();
  if (!title) throw new Error("Give the new page a title.");
  const pages = readPages(root);
  refuseTaken(pages, options.address, options.taken);
  if (existsSync(path.join(root, file))) throw new Error(`${file} already exists. Pick another address.`);

  if (options.from) {
    const source = pagePath(root, pages, options.from);
    const text = readFileSync(path.join(root, source), "utf8");
    const data = JSON.parse(text) as Record<string, unknown>;
    // The copy's description would repeat the original's, which the site's checks refuse (duplicate-description).
    const next: Record<string, unknown> = { ...data, title, description: describeMe(title) };
    delete next["aliases"];
    if (typeof data["$schema"] === "string") next["$schema"] = schemaRef(file);
    return { path: file, text: editJson(text, next) };
  }

  if (!existsSync(path.join(root, "schemas/sections/hero.schema.json")))
    throw new Error("This site has no hero section for a blank page: start the new page from an existing one.");
  const image = heroImage(root);
  if (!image) throw new Error("A blank page starts with a hero, which needs an image: add one to content/assets first, or start from an existing page.");
  const page = {
    $schema: schemaRef(file),
    title,
    description: describeMe(title),
    sections: [{ type: "hero", heading: title, text: STARTER_HERO_TEXT, images: [{ src: image, decorative: true }] }],
  };
  return { path: file, text: formatNewJson(page) };
}

/** Sets the value at a JSON pointer in a parsed JSON value (in place). */
function setAt(data: unknown, pointer: string, value: unknown): void {
  const tokens = pointer.split("/").slice(1).map(unescapePointerToken);
  const last = tokens.pop()!;
  let node = data as Record<string, unknown>;
  for (const t of tokens) node = node[t] as Record<string, unknown>;
  node[last] = value;
}
function getAt(data: unknown, pointer: string): unknown {
  let node = data as Record<string, unknown> | undefined;
  for (const t of pointer.split("/").slice(1).map(unescapePointerToken)) node = node?.[t] as Record<string, unknown> | undefined;
  return node;
}

/** `text` (a JSON or Markdown file) with the links at `places` moved from `from` to `to`, keeping #… and ?…. */
function relink(file: string, text: string, places: LinkPlace[], from: string, to: string): string {
  const moved = (s: string) => (isLinkTo(s, from) ? to + s.slice(from.length) : s.replace(markdownLinks(from), (_, before: string) => before + to));
  if (file.endsWith(".json")) {
    const data = JSON.parse(text) as unknown;
    for (const p of places) setAt(data, p.pointer, moved(getAt(data, p.pointer) as string));
    return editJson(text, data);
  }
  const { body, ...fields } = parseFrontMatter(text).data;
  for (const p of places) if (p.pointer !== "/body") setAt(fields, p.pointer, moved(getAt(fields, p.pointer) as string));
  const newBody = places.some((p) => p.pointer === "/body") ? moved(String(body)) : String(body);
  return editMarkdown(text, fields, newBody);
}

/**
 * The page at `path` moved to `address`: its text at the new file (with the old address
 * added to its aliases when keepAlias), and, with updateLinks, every file linking to the
 * old address rewritten to the new one. Writes nothing: write `writes`, then remove `remove`.
 */
export async function renamePage(
  root: string,
  options: { path: string; address: string; keepAlias: boolean; updateLinks: boolean; taken?: Iterable<string> },
): Promise<{ writes: Map<string, string>; remove: string; newPath: string }> {
  const pages = readPages(root);
  const oldPath = pagePath(root, pages, options.path);
  const page = pages.find((p) => p.file === oldPath)!;
  if (page.address === "/" || page.address === "/404") throw new Error(`${oldPath} is ${page.address === "/" ? "the home page" : "the page shown for addresses that do not exist"}; it keeps its address.`);
  const newPath = pageFileFor(options.address);
  if (options.address === page.address) throw new Error(`${oldPath} already has the address ${page.address}.`);
  refuseTaken(pages, options.address, options.taken, oldPath);
  if (existsSync(path.join(root, newPath))) throw new Error(`${newPath} already exists. Pick another address.`);

  const writes = new Map<string, string>();
  const texts = new Map<string, string>();
  const read = (f: string) => texts.get(f) ?? readFileSync(path.join(root, f), "utf8");
  if (options.updateLinks) {
    const byFile = new Map<string, LinkPlace[]>();
    for (const place of await findLinks(root, page.address)) (byFile.get(place.file) ?? byFile.set(place.file, []).get(place.file)!).push(place);
    for (const [file, places] of byFile) texts.set(file, relink(file, read(file), places, page.address, options.address));
  }

  const text = read(oldPath);
  const data = JSON.parse(text) as Record<string, unknown>;
  const next: Record<string, unknown> = { ...data };
  // The new address stops being an alias of this page (a rename to one of its aliases); the old one becomes one if asked.
  const aliases = (Array.isArray(data["aliases"]) ? (data["aliases"] as unknown[]) : []).filter((a) => a !== options.address);
  if (options.keepAlias && !aliases.includes(page.address)) aliases.push(page.address);
  if (aliases.length) next["aliases"] = aliases;
  else delete next["aliases"];
  if (typeof data["$schema"] === "string") next["$schema"] = schemaRef(newPath);
  texts.delete(oldPath);
  writes.set(newPath, editJson(text, next));
  for (const [file, t] of texts) writes.set(file, t);
  return { writes, remove: oldPath, newPath };
}

/** Whether the page at `path` may be deleted: not while anything else links to it or to one of its aliases. */
export async function deletePlan(root: string, pagePathOrAddress: string): Promise<{ ok: true } | { ok: false; linkedFrom: LinkPlace[]; message: string }> {
  const pages = readPages(root);
  const file = pagePath(root, pages, pagePathOrAddress);
  const page = pages.find((p) => p.file === file)!;
  if (page.address === "/") return { ok: false, linkedFrom: [], message: `${file} is the home page; a site always has one, so it cannot be deleted. Change its content instead.` };
  if (page.address === "/404") return { ok: false, linkedFrom: [], message: `${file} is the page shown for addresses that do not exist; a site always has one, so it cannot be deleted. Change its content instead.` };
  const linkedFrom: LinkPlace[] = [];
  for (const address of [page.address, ...page.aliases]) for (const place of await findLinks(root, address)) if (place.file !== file) linkedFrom.push(place);
  if (!linkedFrom.length) return { ok: true };
  const files = [...new Set(linkedFrom.map((l) => l.file))];
  return {
    ok: false,
    linkedFrom,
    message: `${file} (${page.address}) cannot be deleted while ${files.length === 1 ? "a file links" : `${files.length} files link`} to it: ${files.join(", ")}. Change or remove those links first.`,
  };
}
