import { unescapePointerToken } from "../lib/json.ts";

/** Names written for code as words for people: "cardGrid" -> "Card grid", "share_images" -> "Share images". For the server and the app alike. */
export function inWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Field names that read better otherwise than their words. */
const NAMES: Record<string, string> = { src: "Image", alt: "Alternative text", href: "Link", url: "Address", cta: "Call to action", id: "Id", ms: "Milliseconds", srLabel: "Label for screen readers", seo: "Search engines (SEO)" };

/** A field's name as the form shows it: "srLabel" -> "Label for screen readers", "delayMs" -> "Delay (milliseconds)". */
export function fieldLabel(name: string): string {
  if (NAMES[name]) return NAMES[name];
  if (/^\d+$/.test(name)) return `Item ${Number(name) + 1}`;
  return inWords(name.replace(/Ms$/, " (milliseconds)"));
}

/**
 * A field's place in words: "/sections/2/heading" -> "Section 3 › Heading"; "" -> "The whole file".
 * Given the file's data, an item of a list is also named by what it says, as the form names it:
 * "/items/1/name" -> "Item 2: Flow › Name".
 */
export function fieldInWords(pointer: string, data?: unknown): string {
  const parts: string[] = [];
  let node = data;
  for (const token of pointer.split("/").slice(1).map(unescapePointerToken)) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[token] : undefined;
    if (/^\d+$/.test(token)) {
      const said = summaryOf(node);
      const base = parts.length ? parts.pop()!.replace(/(?<=[a-z])s$/, "") : "Item";
      parts.push(`${base} ${Number(token) + 1}${said ? `: ${said}` : ""}`);
    } else parts.push(fieldLabel(token));
  }
  return parts.join(" › ") || "The whole file";
}

/** The words that name an item of a list: its label, title, name or heading, else its first short text (the form's item titles, and fieldInWords). */
export function summaryOf(data: unknown): string {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "";
  const o = data as Record<string, unknown>;
  const text = ["label", "title", "name", "heading", "author", "value", "question", "alt"].map((k) => o[k]).find((v) => typeof v === "string" && v.trim()) ?? Object.entries(o).find(([k, v]) => k !== "type" && k !== "id" && typeof v === "string" && v.trim() && v.length < 80)?.[1];
  const words = typeof text === "string" ? text.replace(/[*_`[\]]|\(([^)]*)\)/g, "").trim() : "";
  return words.length > 48 ? `${words.slice(0, 47)}…` : words;
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
