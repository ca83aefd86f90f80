/**
 * What a long-running builder (the dev server's) keeps from one build to the next so that
 * a save redoes only what it changed, each piece keyed by a hash of everything it is made from:
 *
 * - a page, rendered (stages/render/render.tsx), by its render key: the hash of its route, its resolved
 *   data (its own content, and what it shows of other files: a guide's card, a collection's
 *   records, resolved links) and its head, together with the site-wide inputs every page is
 *   drawn with (site.json, the stylesheet, the islands, the assets' addresses, the font).
 *   So the pages that list a changed guide have a new key as the guide's own page has, and
 *   the others do not: the dependency map is in the keys;
 * - the shared parts (header, footer, dialogs), while the site-wide inputs are the same;
 * - each piece of markup as the check stage read it (stages/check/check.ts), by its text;
 * - what the last build wrote into dist/'s version and the spare, file by file (the page's
 *   render key, or the hash of a file's bytes), so the next one brings the spare up to date
 *   with only the files that differ and swaps it in (stages/write/write.ts updateOutput), instead of
 *   writing every file into a new folder.
 *
 * Valid only while templates/ and schemas/ are unchanged: the dev server starts a new
 * builder (an empty memo) when they change. Entries not used by a build are dropped.
 */
import type { OutputState, KeptPage, PieceRead } from "../model.ts";
export type { OutputState, KeptPage };
import type { FragmentCache, RenderedPage } from "../stages/render/render.tsx";

export interface RenderMemo {
  /** The hash of the render input the pages below were rendered with (stages/render/render.tsx renderDataKey; in each page's key too). */
  siteKey: string;
  pages: Map<string, RenderedPage>;
  /** Pages by render key, as a build stored them (stored-memo.ts): usable while dist/ holds them. */
  kept?: Map<string, KeptPage>;
  /**
   * The lists (useEntries) each page's last render read, by the page's own key (stages/render/index.ts
   * pageKey): its render key is that key with those lists' hashes (withLists). Absent: each page renders.
   */
  lists?: Map<string, string[]>;
  fragments: FragmentCache;
  /** Reads of pieces by their text (a long-running builder). */
  reads: Map<string, PieceRead>;
  /** The version dist/ shows, and the spare (stages/write/write.ts updateOutput). */
  output?: OutputState | undefined;
  spare?: OutputState | undefined;
}

/** The memo for a build with these site-wide inputs: the last one's, or a new one when they changed (every page then renders again). */
export function memoFor(previous: RenderMemo | undefined, siteKey: string): RenderMemo {
  if (previous && previous.siteKey === siteKey) return previous;
  return { siteKey, pages: new Map(), fragments: new Map(), reads: new Map(), output: previous?.output, spare: previous?.spare };
}
