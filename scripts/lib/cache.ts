/**
 * The build's cache between runs: node_modules/.cache/site-generator/ (where tools keep
 * such files; `npm ci` starts it afresh). Every entry is named by a hash of all it
 * depends on, so a stale entry is never read, only left behind. SSG_CACHE_DIR moves
 * the folder; SSG_CACHE=0 turns the cache off.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { ROOT } from "./paths.ts";

export function defaultCacheDir(): string | undefined {
  if (process.env["SSG_CACHE"] === "0") return undefined;
  return process.env["SSG_CACHE_DIR"] || path.join(ROOT, "node_modules", ".cache", "site-generator");
}

/**
 * Writes a cache file whole or not at all: into a temporary name of this process and
 * write, then renamed over the file, so that a reader (another build at the same time)
 * never sees half a file. Makes the folder first.
 */
export async function writeCacheFile(file: string, data: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}
