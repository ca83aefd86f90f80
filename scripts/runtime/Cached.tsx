/**
 * A part of the page that many pages share word for word (the header, the footer,
 * the dialogs, the inlined stylesheet). The build renders it once for each distinct
 * `by` and splices the same text into every page that uses it, instead of React
 * rendering tens of kilobytes again per page (scripts/pipeline/stages/render/render.tsx).
 *
 * The rule: the children may depend on the site (content/site.json, the build's
 * assets) and on the values listed in `by`, nothing else. Islands, dialogs and dialog
 * triggers the children register are replayed on every page that uses the part. The
 * part is rendered after the rest of the page, and `by` is a function called then, so
 * a part may depend on what the page's sections registered (dialogTriggers).
 * Rendered without the build's cache (tests, a plain renderToStaticMarkup), it renders
 * its children in place: the same markup.
 */
import type { ReactNode } from "react";
import { useRenderContext as useRender } from "./context.ts";

export function Cached({ id, by, children }: { id: string; by?: () => unknown[]; children: ReactNode }) {
  const ctx = useRender();
  if (!ctx.cached) return <>{children}</>;
  return <>{ctx.cached(id, by ?? (() => []), children)}</>;
}
