/**
 * The site module: templates/site.ts, whose default export (defineSite, scripts/api.ts)
 * tells the generator what it cannot guess about a site. Loaded once per templates
 * folder (and once in each render worker).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SiteModule } from "../../api.ts";

export const SITE_MODULE = "site.ts";

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
  if (!existsSync(file)) throw new Error(`${shown} is missing: a site declares itself there with \`export default defineSite({ ... })\` (see "Make your own site" in README.md).`);
  const mod = (await import(pathToFileURL(file).href)) as { default?: SiteModule<unknown> };
  const site = mod.default;
  const missing = !site ? ["the default export"] : [!site.document?.Head && "document.Head", !site.document?.Body && "document.Body", typeof site.language !== "function" && "language", !site.templateAssets?.length && "templateAssets"].filter(Boolean);
  if (missing.length) throw new Error(`${shown} must default-export defineSite({ ... }) with ${missing.join(", ")}.`);
  return site!;
}
