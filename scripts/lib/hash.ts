import crypto, { createHash } from "node:crypto";

/** A short content hash for cache-safe file names. */
export function contentHash(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("base64url").replace(/[-_]/g, "").slice(0, 10).toLowerCase();
}

/** "assets/hero.svg" + bytes -> "assets/hero-1a2b3c4d5e.svg" */
export function hashedName(name: string, data: string | Uint8Array): string {
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}-${contentHash(data)}${name.slice(dot)}`;
}

/**
 * The full hash of a text, for keys (what a memo keeps of it: pipeline/memo/memo.ts, file-memo.ts).
 * crypto.hash, the one-shot form (Node 20.12+), is about twice as fast on small texts as a Hash
 * object; 4,000 guides hash their texts, keys and pages a few times each per build.
 */
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: "base64url") => string }).hash;
export const hashText = oneShot ? (text: string | Uint8Array): string => oneShot("sha1", text, "base64url") : (text: string | Uint8Array): string => createHash("sha1").update(text).digest("base64url");
