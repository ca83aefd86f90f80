/** The URL rules shared by content links and Markdown links. */

export type LinkClass =
  | { kind: "internal"; path: string; hash: string }
  | { kind: "anchor" }
  | { kind: "external" }
  | { kind: "unsafe"; reason: string; hint?: string };

const SAFE_SCHEMES = /^(https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s]+|tel:\+?[0-9 ()\-.]+)$/i;

export function classifyLink(href: string): LinkClass {
  const value = href.trim();
  if (value !== href) return { kind: "unsafe", reason: "The address starts or ends with spaces.", hint: "Remove the spaces." };
  if (value.startsWith("#")) return { kind: "anchor" };
  if (value.startsWith("//")) return { kind: "unsafe", reason: `"${value}" has no scheme.`, hint: `Write https:${value}.` };
  if (value.startsWith("/")) {
    const hashAt = value.search(/[?#]/);
    const path = hashAt === -1 ? value : value.slice(0, hashAt);
    return { kind: "internal", path, hash: hashAt === -1 ? "" : value.slice(hashAt) };
  }
  if (SAFE_SCHEMES.test(value)) return { kind: "external" };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  if (scheme && !["http", "https", "mailto", "tel"].includes(scheme.toLowerCase()))
    return {
      kind: "unsafe",
      reason: `Links starting with "${scheme}:" are not allowed.`,
      hint: "Use a page of this site (/about), an https:// address, mailto: or tel:.",
    };
  if (scheme) return { kind: "unsafe", reason: `"${value}" is not a complete address.` };
  return {
    kind: "unsafe",
    reason: `"${value}" is neither a page of this site nor a full address.`,
    hint: /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(value) ? `Write https://${value}.` : `Pages of this site start with a slash: /${value}.`,
  };
}

/** "/solutions/" and "/solutions" are the same route; "/" stays "/". */
export function normalizeRoute(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}
