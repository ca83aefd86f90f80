/**
 * Stage 5, render: each route through the page template with React
 * (static markup: the browser hydrates islands with Preact, so React's own
 * hydration markers are not needed).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Guide, Page, Site } from "../../templates/content-types.ts";
import { GuideArticle } from "../../templates/layout/GuideArticle.tsx";
import { Ctx, type RenderContext } from "../../templates/context.ts";
import { Body } from "../../templates/layout/Body.tsx";
import { Head } from "../../templates/layout/Head.tsx";
import { LAZY_LOADER, type IslandBundle } from "./islands.ts";
import type { OutputAsset } from "./resolve.ts";
import type { Route } from "./routes.ts";
import type { PageSeo } from "./seo.ts";

/** Content assets that templates use by name (not through a content field). */
export const FAVICON = "assets/favicon.svg";
export const TEMPLATE_ASSETS = [FAVICON];

export type SectionComponent = ComponentType<{ section: never }>;

export function componentName(type: string): string {
  return type[0]!.toUpperCase() + type.slice(1);
}

/** Loads templates/sections/<Type>.tsx for each section type, by naming convention. */
export async function loadSectionComponents(templatesDir: string, types: Iterable<string>): Promise<Map<string, SectionComponent>> {
  const out = new Map<string, SectionComponent>();
  for (const type of types) {
    const name = componentName(type);
    const file = path.join(templatesDir, "sections", `${name}.tsx`);
    const mod = (await import(pathToFileURL(file).href)) as Record<string, SectionComponent>;
    const component = mod[name];
    if (!component) throw new Error(`templates/sections/${name}.tsx must export a component named ${name}`);
    out.set(type, component);
  }
  return out;
}

export interface RenderInput {
  site: Site;
  routes: Route[];
  assets: Map<string, OutputAsset>;
  islands: IslandBundle;
  /** The site's stylesheet, inlined into every page's head (measured faster to first paint than a linked file). */
  css: string;
  sections: Map<string, SectionComponent>;
  /** Each route's share image, icons and structured data, by route path (plain data: render workers get a copy). */
  seoHeads: Map<string, PageSeo>;
}

export function pageTitle(page: Page, site: Site): string {
  return page.title.includes(site.brand) ? page.title : `${page.title} | ${site.brand}`;
}

export function renderRoute(route: Route, input: RenderInput): string {
  const { site } = input;
  // A guide is a Markdown file: its page has no sections, only the article.
  const guide = route.page.kind === "guide" ? (route.page.data as unknown as Guide) : undefined;
  const page = guide ? ({ title: guide.title, description: guide.description, sections: [] } as unknown as Page) : (route.page.data as unknown as Page);
  const ctx: RenderContext = {
    site,
    page,
    path: route.path,
    canonical: route.canonical,
    islands: new Set(),
    lazyIslands: new Set(),
    dialogTriggers: new Set(),
    islandUrl(name) {
      const entry = input.islands.entries.get(name);
      if (!entry) throw new Error(`The island ${name} is used by a template but templates/islands/${name}.tsx does not exist.`);
      return entry.url;
    },
    hydrates(name) {
      return input.islands.entries.get(name)?.hydrate ?? true;
    },
    assetUrl(name) {
      const a = input.assets.get(name);
      if (!a) throw new Error(`A template uses content/${name}, which does not exist.`);
      return a.url;
    },
  };
  const body = renderToStaticMarkup(
    <Ctx.Provider value={ctx}>
      <Body>
        {guide ? (
          <GuideArticle guide={guide} />
        ) : (
          page.sections.map((section, i) => {
            const Section = input.sections.get(section.type)!;
            return <Section key={i} section={section as never} />;
          })
        )}
      </Body>
    </Ctx.Provider>,
  );
  const scripts: string[] = [];
  const preloads = new Set<string>();
  // Islands hydrated on load, plus the small click handler that loads dialogs on first use.
  const eager = [...ctx.islands].sort();
  if (ctx.lazyIslands.size > 0) eager.push(LAZY_LOADER);
  for (const name of eager) {
    scripts.push(ctx.islandUrl(name));
    input.islands.entries.get(name)!.imports.forEach((u) => preloads.add(u));
  }
  const head = renderToStaticMarkup(
    <Head
      title={pageTitle(page, site)}
      description={page.description}
      canonicalUrl={site.url + route.canonical}
      siteName={site.brand}
      favicon={ctx.assetUrl(FAVICON)}
      css={input.css}
      scripts={scripts}
      preloads={[...preloads].sort()}
      noindex={route.status === 404}
      seo={input.seoHeads.get(route.path)!}
    />,
  );
  return `<!DOCTYPE html><html lang="${site.language}"><head>${head}</head><body>${body}</body></html>\n`;
}
