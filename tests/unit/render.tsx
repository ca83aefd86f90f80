import path from "node:path";
import { enhancerPath } from "../../scripts/pipeline/stages/render/islands.ts";
/** Test helper: server HTML of a template inside a render context with a small stand-in site. */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Ctx } from "../../scripts/runtime/context.ts";
import type { RenderContext } from "../../templates/context.ts";

const SITE = {
  labels: {
    newTab: "(opens in a new tab)",
    hiring: "We're Hiring",
    rating: "Rated {rating} out of 5",
    comingSoon: "Coming Soon",
    readMore: "Read more",
    readMoreAbout: "about {title}",
  },
  links: { calendar: "https://cal.example.com" },
  dialogs: { demo: { title: "Schedule a Demo" } },
  appStores: [
    { title: "App Store", href: "https://apps.example.com/ios", external: true },
    { title: "Google Play", href: "https://apps.example.com/android", external: true },
  ],
};

/** Renders node and returns its HTML and the islands it asked the page to load. */
export function renderStatic(node: ReactNode): { html: string; islands: string[] } {
  const ctx = {
    site: SITE,
    page: { demoTitle: "Schedule a Demo" },
    islands: new Set<string>(),
    dialogTriggers: new Set<string>(),
    lazyIslands: new Set<string>(),
    islandUrl: (name: string) => `/assets/islands/${name}.js`,
    // As the build decides: an island with a plain DOM module is not hydrated and gets no props.
    hydrates: (name: string) => !enhancerPath(path.resolve("templates"), name),
  } as unknown as RenderContext;
  const html = renderToStaticMarkup(<Ctx.Provider value={ctx}>{node}</Ctx.Provider>);
  return { html, islands: [...ctx.islands] };
}
