/**
 * Three-way merge of a content file's data, for saves made from an older version than the
 * one on disk (another tab, another editor, a `git pull`): what the editor opened (base),
 * what the editor has now (mine) and what is on disk now (theirs).
 *
 * - A field changed on one side only takes that side's value; a field changed the same way on
 *   both sides is that value. Objects merge key by key.
 * - Lists merge item by item when no item was added or removed on either side; otherwise they
 *   are aligned as diff3 aligns lines (node-diff3, items compared whole), so one side's new item
 *   and the other's edit to another item both stay.
 * - Text over several lines (a Markdown body or field) merges line by line, as git merges files.
 * - Anything else changed differently on both sides is a conflict at its JSON pointer: the
 *   merged value keeps mine there, and the caller asks the editor (nothing is decided for them).
 */
import { diff3Merge } from "node-diff3";
import { escapePointerToken, unescapePointerToken } from "../lib/json.ts";

export interface MergeConflict {
  pointer: string;
  mine: unknown;
  theirs: unknown;
}

export interface Merged {
  value: unknown;
  conflicts: MergeConflict[];
  /** Where the merged value differs from mine: the other side's changes that were kept. */
  fromTheirs: string[];
}

export function mergeData(base: unknown, mine: unknown, theirs: unknown): Merged {
  const conflicts: MergeConflict[] = [];
  const value = merge3(base, mine, theirs, "", conflicts);
  return { value, conflicts, fromTheirs: differences(mine, value, "") };
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON with keys sorted: equal for equal data, whatever the order of its keys. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(",")}}`;
  return v === undefined ? "undefined" : JSON.stringify(v);
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
const child = (at: string, key: string | number) => `${at}/${escapePointerToken(String(key))}`;

function merge3(base: unknown, mine: unknown, theirs: unknown, at: string, conflicts: MergeConflict[]): unknown {
  if (same(mine, theirs)) return mine;
  if (same(base, mine)) return theirs;
  if (same(base, theirs)) return mine;
  if (isObject(mine) && isObject(theirs)) {
    const from = isObject(base) ? base : {};
    const out: Obj = {};
    for (const key of [...Object.keys(mine), ...Object.keys(theirs).filter((k) => !(k in mine))]) {
      const v = merge3(from[key], mine[key], theirs[key], child(at, key), conflicts);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }
  if (Array.isArray(mine) && Array.isArray(theirs)) return mergeLists(Array.isArray(base) ? base : [], mine, theirs, at, conflicts);
  if (typeof mine === "string" && typeof theirs === "string" && typeof base === "string" && (mine.includes("\n") || theirs.includes("\n") || base.includes("\n"))) {
    const lines = mergeLines(base, mine, theirs);
    if (lines !== undefined) return lines;
  }
  conflicts.push({ pointer: at, mine, theirs });
  return mine;
}

function mergeLists(base: unknown[], mine: unknown[], theirs: unknown[], at: string, conflicts: MergeConflict[]): unknown[] {
  if (base.length === mine.length && mine.length === theirs.length) return mine.map((m, i) => merge3(base[i], m, theirs[i], child(at, i), conflicts));
  const parse = (s: string): unknown => (s === "undefined" ? undefined : JSON.parse(s));
  const out: unknown[] = [];
  const before = conflicts.length;
  for (const region of diff3Merge(mine.map(canonical), base.map(canonical), theirs.map(canonical), { excludeFalseConflicts: true })) {
    if (region.ok) out.push(...region.ok.map(parse));
    else if (region.conflict) {
      const { a, o, b } = region.conflict;
      // The same items changed on both sides, none added or removed: merge them item by item.
      if (a.length === o.length && o.length === b.length) for (let i = 0; i < a.length; i++) out.push(merge3(parse(o[i]!), parse(a[i]!), parse(b[i]!), child(at, out.length), conflicts));
      // Items edited in place on one side, next to items added or removed on the other: both apply.
      else if (a.length === o.length && reshaped(o, a, b)) out.push(...reshaped(o, a, b)!.map(parse));
      else if (b.length === o.length && reshaped(o, b, a)) out.push(...reshaped(o, b, a)!.map(parse));
      else {
        conflicts.length = before;
        conflicts.push({ pointer: at, mine, theirs });
        return mine;
      }
    }
  }
  return out;
}

/**
 * `moved` is `base` with items added or removed (the others unchanged, in order); `edited` is
 * `base` with items changed in place. The result is `moved` with the edits of the items it
 * kept, or undefined when an item edited was removed (the editor must choose).
 */
function reshaped(base: string[], edited: string[], moved: string[]): string[] | undefined {
  const out: string[] = [];
  const kept = new Set<number>();
  let j = 0;
  for (const item of moved) {
    let k = j;
    while (k < base.length && base[k] !== item) k++;
    if (k < base.length) {
      out.push(edited[k]!);
      kept.add(k);
      j = k + 1;
    } else out.push(item);
  }
  for (let k = 0; k < base.length; k++) if (!kept.has(k) && edited[k] !== base[k]) return undefined;
  return out;
}

/** A line-by-line merge of text, or undefined when both sides changed the same lines. */
function mergeLines(base: string, mine: string, theirs: string): string | undefined {
  const split = (s: string) => s.split(/(?<=\n)/);
  const out: string[] = [];
  for (const region of diff3Merge(split(mine), split(base), split(theirs), { excludeFalseConflicts: true })) {
    if (region.ok) out.push(...region.ok);
    else return undefined;
  }
  return out.join("");
}

/** The pointers where `b` differs from `a`, as deep as both have the same shape. */
function differences(a: unknown, b: unknown, at: string): string[] {
  if (same(a, b)) return [];
  if (isObject(a) && isObject(b)) return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((k) => differences(a[k], b[k], child(at, k)));
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) return a.flatMap((v, i) => differences(v, b[i], child(at, i)));
  return [at];
}

/** What changed from `before` to `after`, field by field, for people to read (the Changes panel). */
export function fieldChanges(before: unknown, after: unknown): { pointer: string; before: unknown; after: unknown }[] {
  const at = (data: unknown, pointer: string) => pointer.split("/").slice(1).reduce<unknown>((node, t) => (node as Record<string, unknown> | undefined)?.[unescapePointerToken(t)], data);
  return differences(before, after, "").map((pointer) => ({ pointer, before: at(before, pointer), after: at(after, pointer) }));
}
