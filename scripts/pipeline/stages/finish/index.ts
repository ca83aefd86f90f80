/**
 * Stage "finish": the photos' copies (encoded while pages rendered; a damaged one stops the
 * build), then for a whole build the share images and icons, the sitemap (each page dated by
 * the last commit of its files), robots.txt and routes.json.
 */
import type { SiteSettings as Site } from "../../../api.ts";
import type { Stage } from "../../build.ts";
import type { Route } from "../routes/routes.ts";
import { lastModified, pageSources } from "../render/seo.ts";

export const finishStage: Stage = {
  name: "images+dates",
  runs: (b) => b.options.mode === "build",
  async run(b) {
    const { files, photos, issues, options, routes, resolved, seo } = b;
    const encoded = await photos!.encoded;
    if (encoded.issues.length) return { issues: [...issues, ...encoded.issues], routes };
    for (const [out, data] of encoded.files) files.set(out, data);
    if (options.only) return;
    for (const [out, data] of await seo.files()) files.set(out, data);
    const site = b.input.site as unknown as Site;
    files.set("sitemap.xml", sitemap(site, routes, await lastModified(routes, pageSources(resolved, resolved.annotations), await b.jobs.dates!)));
    files.set("robots.txt", `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
    files.set(
      "routes.json",
      JSON.stringify(
        routes.map((r) => ({ path: r.path, output: r.output, canonical: r.canonical, status: r.status, alias: r.alias, source: r.page.file })),
        null,
        2,
      ) + "\n",
    );
  },
};

function sitemap(site: Site, routes: Route[], lastmod: Map<string, string>): string {
  const urls = routes
    .filter((r) => r.status === 200 && !r.alias)
    .map((r) => `  <url><loc>${site.url}${r.path}</loc><lastmod>${lastmod.get(r.path)}</lastmod></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
