/**
 * The widgets' decisions as plain functions (no React, no DOM), so that tests can
 * check them directly: which addresses match what is typed, which images match a
 * search, what a record picker offers, and what a Markdown button does to a selection.
 */
import type { StudioAsset, StudioRecord } from "../../protocol.ts";

/** Which widget (a key of studioWidgets) edits a field with this schema, or undefined for rjsf's own. */
export function widgetFor(schema: object): string | undefined {
  const s = schema as Record<string, unknown>;
  if (s["x-asset"] === true) return "AssetWidget";
  if (typeof s["x-ref"] === "string" && s["x-ref"] !== "") return "RecordWidget";
  if (s["x-markdown"] === "inline" || s["x-markdown"] === "block") return "MarkdownWidget";
  if (s["x-link"] === true) return "LinkWidget";
  return undefined;
}

/**
 * The addresses that contain what is typed, anywhere, ignoring case; those that start
 * with it first (keeping the site's order otherwise). Nothing typed: every address.
 */
export function filterAddresses(addresses: readonly string[], typed: string): string[] {
  const q = typed.trim().toLowerCase();
  if (!q) return [...addresses];
  const starts: string[] = [];
  const inside: string[] = [];
  for (const address of addresses) {
    const at = address.toLowerCase().indexOf(q);
    if (at === 0) starts.push(address);
    else if (at > 0) inside.push(address);
  }
  return [...starts, ...inside];
}

/** "assets/team/ann.jpg" -> "team/ann.jpg": what a person calls the file. */
export function assetFileName(name: string): string {
  return name.startsWith("assets/") ? name.slice("assets/".length) : name;
}

/** The images whose name contains every word of the search, ignoring case. */
export function filterAssets(assets: readonly StudioAsset[], search: string): StudioAsset[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return assets.filter((asset) => {
    const name = assetFileName(asset.name).toLowerCase();
    return words.every((word) => name.includes(word));
  });
}

/** Whether an asset is an image the picker can show ("assets/x.svg" and the raster formats). */
export function isImageAsset(asset: StudioAsset): boolean {
  return /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(asset.name);
}

export interface RecordOption {
  value: string;
  text: string;
  missing?: boolean;
}

/**
 * What a record picker lists: an empty choice unless the field is required and has a
 * value, every record as "Label (id)", and a value that is no record's id kept as
 * "<id> (not found)" so that nothing is lost by opening the form.
 */
export function recordOptions(records: readonly StudioRecord[], value: unknown, required: boolean): RecordOption[] {
  const current = typeof value === "string" ? value : value == null ? "" : String(value);
  const options: RecordOption[] = [];
  if (!required || current === "") options.push({ value: "", text: required ? "Choose…" : "None" });
  if (current !== "" && !records.some((r) => r.id === current)) options.push({ value: current, text: `${current} (not found)`, missing: true });
  for (const record of records) options.push({ value: record.id, text: record.label && record.label !== record.id ? `${record.label} (${record.id})` : record.id });
  return options;
}

/** A text edit: replace [from, to) with insert, then select [anchor, head]. */
export interface TextEdit {
  changes: { from: number; to: number; insert: string }[];
  anchor: number;
  head: number;
}

/**
 * Bold (**) or italic (_) for the selection [from, to) of doc: wraps it, or unwraps it
 * when it is already wrapped (markers inside the selection or right around it). An empty
 * selection gets the two markers with the cursor between them.
 */
export function toggleWrap(doc: string, from: number, to: number, marker: string): TextEdit {
  const n = marker.length;
  const selected = doc.slice(from, to);
  // Markers inside the selection: "**word**" selected.
  if (selected.length >= 2 * n && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(n, selected.length - n);
    return { changes: [{ from, to, insert: inner }], anchor: from, head: from + inner.length };
  }
  // Markers right around it: "**|word|**".
  if (from >= n && doc.slice(from - n, from) === marker && doc.slice(to, to + n) === marker && !(marker === "_" && doc.slice(from - 2 * n, from) === marker + marker)) {
    return {
      changes: [
        { from: from - n, to: from, insert: "" },
        { from: to, to: to + n, insert: "" },
      ],
      anchor: from - n,
      head: to - n,
    };
  }
  // Keep spaces at the selection's ends outside the markers: "**word **" is not bold in Markdown.
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.trimStart().length - selected.trim().length;
  const a = from + lead;
  const b = Math.max(a, to - trail);
  return {
    changes: [
      { from: a, to: a, insert: marker },
      { from: b, to: b, insert: marker },
    ],
    anchor: a + n,
    head: b + n,
  };
}

/**
 * A link around the selection: "[text](https://)" with "https://" selected, so that what
 * is typed next (an address of the site or another) replaces it. An empty selection
 * gets "[](https://)" with the cursor between the brackets.
 */
export function makeLink(doc: string, from: number, to: number): TextEdit {
  const text = doc.slice(from, to);
  const insert = `[${text}](https://)`;
  if (text === "") return { changes: [{ from, to, insert }], anchor: from + 1, head: from + 1 };
  const urlStart = from + text.length + 3;
  return { changes: [{ from, to, insert }], anchor: urlStart, head: urlStart + "https://".length };
}

/** One line for an inline field: line breaks (from a paste) become spaces. */
export function oneLine(text: string): string {
  return text.replace(/\r\n?|\n/g, " ");
}

/**
 * The smallest change that turns before into after (one replaced span), so that the
 * cursor and the undo history of an editor survive a value replaced from outside.
 */
export function diffText(before: string, after: string): { from: number; to: number; insert: string } | undefined {
  if (before === after) return undefined;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) {
    endB--;
    endA--;
  }
  return { from: start, to: endB, insert: after.slice(start, endA) };
}
