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

/** A field's place in words: "/sections/2/heading" -> "Section 3 › Heading"; "" -> "The whole file". */
export function fieldInWords(pointer: string): string {
  const parts: string[] = [];
  for (const token of pointer.split("/").slice(1).map(unescapePointerToken)) {
    if (/^\d+$/.test(token) && parts.length) parts[parts.length - 1] = `${parts.at(-1)!.replace(/(?<=[a-z])s$/, "")} ${Number(token) + 1}`;
    else parts.push(/^\d+$/.test(token) ? `Item ${Number(token) + 1}` : inWords(token));
  }
  return parts.join(" › ") || "The whole file";
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
