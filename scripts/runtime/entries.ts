/**
 * useEntries: a collection's records or a Markdown kind's entries, for templates that list them
 * (an index of posts, the latest three guides), so that no page keeps a hand-made list. The
 * build notes which lists each page read, and renders a page again when one of them changes
 * (stages/render/index.ts): a new guide shows on the index with no other edit.
 */
import { useRenderContext } from "./context.ts";

export interface EntriesOptions<T> {
  /** Keeps the entries for which it is true. */
  where?: (entry: T) => boolean;
  /** A field to sort by (numbers by value, text alphabetically, numbers in it by value), or a comparison. Without it: the collection's order, a kind's entries by file name. */
  sort?: (keyof T & string) | ((a: T, b: T) => number);
  /** "descending" turns the order round (newest first, for a date). */
  order?: "ascending" | "descending";
  /** At most this many, after filtering and sorting. */
  limit?: number;
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The records of the collection `name` (content/collections/<name>.json), or the entries of the
 * Markdown kind `name` (each with its `id`, the file name, and `href`, its page's address): all,
 * or those `options` keep, in the order it asks. Type it with the generated types:
 * `useEntries<GuideEntry>("guides", { sort: "title" })`. Server-side templates only.
 */
export function useEntries<T = Record<string, unknown>>(name: string, options: EntriesOptions<T> = {}): T[] {
  const ctx = useRenderContext();
  if (!ctx.entries) throw new Error(`useEntries("${name}") is for templates the build renders (sections, layouts, a kind's component), not for islands.`);
  let list = [...(ctx.entries(name) as readonly T[])];
  if (options.where) list = list.filter(options.where);
  const { sort } = options;
  const sign = options.order === "descending" ? -1 : 1;
  // A stable sort: entries that compare equal keep their order either way.
  if (sort) list.sort(typeof sort === "function" ? (a, b) => sign * sort(a, b) : (a, b) => sign * compareValues(a[sort], b[sort]));
  else if (sign < 0) list.reverse();
  return options.limit === undefined ? list : list.slice(0, Math.max(0, options.limit));
}
