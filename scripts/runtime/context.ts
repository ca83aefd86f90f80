/**
 * What every template can know about the page being rendered: the render context the
 * generator provides (pipeline/stages/render/render.tsx) and templates read with useRenderContext().
 * Generic over the site's own types: a site binds them once (this repository's site in
 * templates/context.ts), so the generator never names a site's content types.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { ImagePreload } from "./model.ts";

export interface RenderContext<Site = unknown, Page = unknown> {
  site: Site;
  page: Page;
  /** The address being rendered ("/" for home). */
  path: string;
  /** The primary address of the page. */
  canonical: string;
  /** Names of the islands the page hydrates on load, filled in while rendering. */
  islands: Set<string>;
  /** Names of the islands the page loads on first interaction (dialogs). */
  lazyIslands: Set<string>;
  /** The dialogs that buttons on the page open (data-open values), filled in while rendering. */
  dialogTriggers: Set<string>;
  /** The URL of an island's browser module. */
  islandUrl(name: string): string;
  /**
   * Whether the browser hydrates the island with Preact (and so needs its props), or
   * runs its plain DOM module (templates/islands/<Name>.browser.ts) over the server's
   * markup, which then carries everything that module reads.
   */
  hydrates(name: string): boolean;
  /** The page's main image, preloaded from the head: set by the first <Picture priority> (runtime/Picture.tsx). */
  imagePreload?: ImagePreload;
  /** Photos drawn, with the widest their slot shows them (CSS px): the build warns of a photo narrower than that. */
  photoSlots?: [file: string, width: number][];
  /** The URL of a file in content/assets (for example "assets/favicon.svg"). */
  assetUrl(name: string): string;
  /**
   * Set by the build: stands in for a part shared by many pages (runtime/Cached.tsx),
   * rendered once per id and value of `by` (called once the page has rendered) and
   * spliced in. Absent: parts render in place.
   */
  cached?(id: string, by: () => unknown[], children: ReactNode): ReactNode;
  /**
   * Set by the build: every record of a collection, or every entry of a Markdown kind (each
   * with its id and its page's address), by name; noted as read by the page (its key then
   * holds the list). Use api.ts useEntries.
   */
  entries?(name: string): readonly unknown[];
}

export const Ctx = createContext<RenderContext | null>(null);

/** The render context, typed with the site's own Site and Page types. */
export function useRenderContext<Site = unknown, Page = unknown>(): RenderContext<Site, Page> {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("Templates must be rendered inside <Ctx.Provider>");
  return ctx as RenderContext<Site, Page>;
}
