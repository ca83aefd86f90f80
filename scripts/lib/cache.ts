/**
 * The build's cache between runs: node_modules/.cache/site-generator/ (where tools keep
 * such files; `npm ci` starts it afresh). Every entry is named by a hash of all it
 * depends on, so a stale entry is never read, only left behind. SSG_CACHE_DIR moves
 * the folder; SSG_CACHE=0 turns the cache off.
 */
import path from "node:path";
import { writeWhole } from "./fs.ts";
import { ROOT } from "./paths.ts";

export function defaultCacheDir(): string | undefined {
  if (process.env["SSG_CACHE"] === "0") return undefined;
  return process.env["SSG_CACHE_DIR"] || path.join(ROOT, "node_modules", ".cache", "site-generator");
}

/** Writes a cache file whole or not at all (lib/fs.ts writeWhole): a build reading it at the same time never sees half a file. */
export const writeCacheFile = writeWhole;
