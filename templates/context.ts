/** What every template can know about the page being rendered. */
import { createContext, useContext } from "react";
import type { Page, Site } from "./content-types.ts";

export interface RenderContext {
  site: Site;
  page: Page;
  /** The address being rendered ("/" for home). */
  path: string;
  /** The primary address of the page. */
  canonical: string;
  /** Names of the islands the page uses, filled in while rendering. */
  islands: Set<string>;
  /** The URL of a file in content/assets (for example "assets/favicon.svg"). */
  assetUrl(name: string): string;
}

export const Ctx = createContext<RenderContext | null>(null);

export function useRender(): RenderContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("Templates must be rendered inside <Ctx.Provider>");
  return ctx;
}
