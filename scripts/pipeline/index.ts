/**
 * The whole pipeline: load -> validate -> resolve -> route table -> link check ->
 * render -> write. "check" stops before rendering. Content mistakes come back as
 * issues; the previous dist/ is touched only by a build that succeeded.
 */
import type { Site } from "../../templates/content-types.ts";
import type { ProjectPaths } from "../lib/paths.ts";
import { headerFiles } from "./headers.ts";
import { buildIslands, type IslandBundle } from "./islands.ts";
import { sortIssues, type Issue } from "./issues.ts";
import { checkContentLinks, internalRefsInHtml } from "./links.ts";
import { load } from "./load.ts";
import { loadSectionComponents, renderRoute, type SectionComponent } from "./render.tsx";
import { resolve } from "./resolve.ts";
import { buildRoutes, type Route } from "./routes.ts";
import { loadSchemas, type SchemaSet } from "./schemas.ts";
import { buildStyles } from "./styles.ts";
import { unusedContent } from "./unused.ts";
import { createValidator, validateContent } from "./validate.ts";
import { writeOutput } from "./write.ts";
import { hashedName } from "../lib/hash.ts";
import { normalizeRoute } from "../lib/url.ts";

export interface BuildResult {
  ok: boolean;
  issues: Issue[];
  routes: Route[];
  /** Output path inside dist/ -> content (only for a build). */
  files: Map<string, string | Uint8Array>;
  timings: Record<string, number>;
}

export interface BuildOptions {
  mode: "check" | "build";
  /** Write to paths.dist (default true for a build). */
  write?: boolean;
  /**
   * Work kept between builds by a long-running process (the dev server's builder):
   * schemas and their compiled validator, the browser bundles and the stylesheet, the
   * section components. Only valid while schemas/ and templates/ stay as they were.
   */
  warm?: WarmCache;
}

export interface WarmCache {
  schemas?: Promise<SchemaSet>;
  validator?: ReturnType<typeof createValidator>;
  assets?: Promise<[IslandBundle, string]>;
  sections?: Promise<Map<string, SectionComponent>>;
}

export async function runPipeline(paths: ProjectPaths, options: BuildOptions): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((now - t) * 10) / 10;
    t = now;
  };
  const fail = (issues: Issue[], routes: Route[] = []): BuildResult => ({ ok: false, issues: sortIssues(issues), routes, files: new Map(), timings });

  // Browser code and styles do not depend on content: start them right away.
  const warm = options.warm;
  const assetsJob: Promise<[IslandBundle, string]> | undefined =
    options.mode === "build" ? (warm?.assets ?? Promise.all([buildIslands(paths.templates), buildStyles(paths.templates)])) : undefined;
  if (warm && assetsJob) warm.assets = assetsJob;
  assetsJob?.catch(() => {}); // awaited below; avoid an unhandled rejection if content fails first

  const schemasJob = warm?.schemas ?? loadSchemas(paths.schemas);
  if (warm) warm.schemas = schemasJob;
  const [schemas, loaded] = await Promise.all([schemasJob, load(paths)]);
  lap("load");
  const validator = warm?.validator ?? createValidator(schemas);
  if (warm) warm.validator = validator;
  const validated = validateContent(loaded, schemas, validator);
  lap("validate");
  if (validated.issues.some((i) => i.severity === "error")) return fail(validated.issues);

  const resolved = resolve(validated);
  lap("resolve");
  const { routes, issues: routeIssues } = buildRoutes(resolved);
  const issues = [...validated.issues, ...resolved.issues, ...routeIssues, ...checkContentLinks(resolved, routes)];
  if (!issues.some((i) => i.severity === "error")) issues.push(...unusedContent(resolved, validated.annotations, routes));
  lap("routes+links");
  if (issues.some((i) => i.severity === "error")) return fail(issues, routes);
  if (options.mode === "check") return { ok: true, issues: sortIssues(issues), routes, files: new Map(), timings };

  const [islands, css] = await assetsJob!;
  lap("islands+styles");
  const files = new Map<string, string | Uint8Array>();
  const stylesheet = hashedName("assets/site.css", css);
  files.set(stylesheet, css);
  for (const [out, bytes] of islands.files) files.set(out, bytes);
  for (const a of resolved.assets.values()) files.set(a.output, a.bytes);

  const site = resolved.files.find((f) => f.kind === "site")!.data as unknown as Site;
  const sectionsJob = warm?.sections ?? loadSectionComponents(paths.templates, schemas.sectionTypes.keys());
  if (warm) warm.sections = sectionsJob;
  const sections = await sectionsJob;
  const input = { site, routes, assets: resolved.assets, islands, stylesheet: `/${stylesheet}`, sections };
  const builtPaths = new Set(routes.filter((r) => r.status === 200).map((r) => r.path));
  for (const route of routes) {
    const html = renderRoute(route, input);
    files.set(route.output, html);
    // Links written in templates (not content) must resolve too.
    for (const ref of new Set(internalRefsInHtml(html))) {
      if (files.has(ref.slice(1)) || islands.files.has(ref.slice(1)) || builtPaths.has(normalizeRoute(ref))) continue;
      issues.push({
        severity: "error",
        file: route.page.file,
        line: 1,
        column: 1,
        pointer: "",
        message: `The page ${route.path} links to ${ref}, which is not built. The link comes from a template in templates/.`,
      });
    }
  }
  lap("render");
  if (issues.some((i) => i.severity === "error")) return fail(issues, routes);

  files.set("sitemap.xml", sitemap(site, routes));
  files.set("robots.txt", `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  files.set(
    "routes.json",
    JSON.stringify(
      routes.map((r) => ({ path: r.path, output: r.output, canonical: r.canonical, status: r.status, alias: r.alias, source: r.page.file })),
      null,
      2,
    ) + "\n",
  );
  // Security and caching headers (dist/_headers and its nginx and CloudFront twins), from the finished output.
  const headers = headerFiles(site, files, routes);
  issues.push(...headers.issues);
  if (issues.some((i) => i.severity === "error")) return fail(issues, routes);
  for (const [out, text] of headers.files) files.set(out, text);
  const sorted = new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
  if (options.write !== false) await writeOutput(paths.dist, sorted);
  lap("write");
  return { ok: true, issues: sortIssues(issues), routes, files: sorted, timings };
}

function sitemap(site: Site, routes: Route[]): string {
  const urls = routes
    .filter((r) => r.status === 200 && !r.alias)
    .map((r) => `  <url><loc>${site.url}${r.path}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
