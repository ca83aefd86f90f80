import { createHash } from "node:crypto";

/** A short content hash for cache-safe file names. */
export function contentHash(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("base64url").replace(/[-_]/g, "").slice(0, 10).toLowerCase();
}

/** "assets/hero.svg" + bytes -> "assets/hero-1a2b3c4d5e.svg" */
export function hashedName(name: string, data: string | Uint8Array): string {
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}-${contentHash(data)}${name.slice(dot)}`;
}

/** The full hash of a text, for keys (what a memo keeps of it: pipeline/support/memo.ts, file-memo.ts). */
export const hashText = (text: string | Uint8Array): string => createHash("sha1").update(text).digest("base64url");
