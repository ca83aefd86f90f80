/**
 * The site module: templates/site.ts, whose default export (defineSite, scripts/api.ts)
 * tells the generator what it cannot guess about a site. Loaded once per templates
 * folder (and once in each render worker).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SiteFont, SiteModule } from "../api.ts";
import { importTemplate } from "./template-import.ts";

export const SITE_MODULE = "site.ts";

/**
 * A mistake in a site's code rather than in its content: templates/site.ts missing,
 * throwing, or declaring what does not exist. Its message is one sentence, naming the
 * file (and line, when known); the commands print it without a stack trace.
 */
export class SiteModuleError extends Error {
  override name = "SiteModuleError";
}

/** Where in the site's templates an error was thrown ("templates/site.ts:3:9"), from its stack. */
function thrownAt(err: unknown, templatesDir: string): string | undefined {
  const stack = err instanceof Error ? (err.stack ?? "") : "";
  for (const m of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):(\d+)/g)) {
    if (m[1]!.startsWith(templatesDir + path.sep)) return `${path.join(path.basename(templatesDir), path.relative(templatesDir, m[1]!))}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

const loaded = new Map<string, Promise<SiteModule<unknown>>>();

export function loadSiteModule(templatesDir: string): Promise<SiteModule<unknown>> {
  let p = loaded.get(templatesDir);
  if (!p) {
    p = load(templatesDir);
    loaded.set(templatesDir, p);
    p.catch(() => loaded.delete(templatesDir));
  }
  return p;
}

async function load(templatesDir: string): Promise<SiteModule<unknown>> {
  const file = path.join(templatesDir, SITE_MODULE);
  const shown = path.join(path.basename(templatesDir), SITE_MODULE);
  if (!existsSync(file)) throw new SiteModuleError(`${shown} is missing: a site declares itself there with \`export default defineSite({ ... })\` (see docs/getting-started.md).`);
  let mod: { default?: SiteModule<unknown> };
  try {
    mod = (await importTemplate(file)) as typeof mod;
  } catch (err) {
    const at = thrownAt(err, templatesDir);
    // Paths in the message from the templates folder: "Cannot find module 'templates/layout/Heading.tsx' imported from templates/site.ts".
    const why = (err instanceof Error ? err.message.split("\n")[0]! : String(err)).replace(/\.$/, "").replaceAll(pathToFileURL(templatesDir).href, path.basename(templatesDir)).replaceAll(templatesDir, path.basename(templatesDir));
    throw new SiteModuleError(`${shown} (or a template it imports) could not be loaded: ${why}${at ? ` (at ${at})` : ""}.`, { cause: err });
  }
  const site = mod.default;
  const missing = !site ? ["the default export"] : [!site.document?.Head && "document.Head", !site.document?.Body && "document.Body", typeof site.language !== "function" && "language", !site.templateAssets?.length && "templateAssets", !(site.font?.family && site.font.file && site.font.weights && site.font.imageFiles) && "font (family, file, weights, features, imageFiles)"].filter(Boolean);
  if (missing.length) throw new SiteModuleError(`${shown} must default-export defineSite({ ... }) with ${missing.join(", ")}.`);
  return site!;
}

/** The site's font with its files found: where they are, and the package (name@version) each comes from. */
export interface ResolvedFont extends SiteFont {
  path: string;
  imagePaths: { regular: string; bold: string };
  /** name@version of the packages the files come from (or the files' names), for cache keys and image names. */
  sources: { file: string; images: string };
  /** The family as a file name ("Open Sans" -> "open-sans"). */
  slug: string;
}

export function resolveFont(font: SiteFont, templatesDir: string): ResolvedFont {
  const root = path.dirname(templatesDir);
  const require = createRequire(path.join(templatesDir, SITE_MODULE));
  const find = (spec: string, what: string) => {
    if (spec.startsWith(".") || path.isAbsolute(spec)) {
      const abs = path.resolve(root, spec);
      if (!existsSync(abs)) throw new SiteModuleError(`templates/site.ts: the font's ${what} ${spec} does not exist (paths are relative to the project folder).`);
      return abs;
    }
    try {
      return require.resolve(spec);
    } catch {
      throw new SiteModuleError(`templates/site.ts: the font's ${what} ${spec} is not installed (npm install the package it comes from).`);
    }
  };
  const p = find(font.file, "file");
  const imagePaths = { regular: find(font.imageFiles.regular, "imageFiles.regular"), bold: find(font.imageFiles.bold, "imageFiles.bold") };
  return { ...font, path: p, imagePaths, sources: { file: packageOf(p), images: packageOf(imagePaths.regular) }, slug: font.family.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "font" };
}

/** name@version of the package a file is in (the nearest package.json with a name above it), or the file's name. */
export function packageOf(file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
    if (name) return `${name}@${version ?? ""}`;
  }
  return path.basename(file);
}
