/**
 * The generator's render context (useRenderContext, scripts/api.ts) with this site's
 * content types: what every template can know about the page being rendered.
 */
import { useRenderContext, type RenderContext as GenericContext } from "json-site/api";
import type { Page, Site } from "./content-types.ts";

export type RenderContext = GenericContext<Site, Page>;

export function useRender(): RenderContext {
  return useRenderContext<Site, Page>();
}
