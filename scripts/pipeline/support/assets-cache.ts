/**
 * The browser bundles (islands.ts, esbuild) and the stylesheet (styles.ts, Tailwind)
 * depend on templates/ and a few packages only, never on content: a build keeps them
 * in the build cache (scripts/lib/cache.ts) under a hash of every file in templates/
 * and schemas/ (templates may import a schema), the site's font file (its @font-face
 * rules are measured from it), the versions of the packages that make them and the
 * source of the modules that do. A build with a hit spawns no
 * esbuild process and starts no worker thread for Tailwind.
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultCacheDir, writeCacheFile } from "../../lib/cache.ts";
import { listFiles } from "../../lib/fs.ts";
import { ROOT } from "../../lib/paths.ts";
import type { IslandBundle, IslandEntry } from "./islands.ts";

const PACKAGES = ["esbuild", "preact", "tailwindcss", "@tailwindcss/node", "@tailwindcss/oxide", "@capsizecss/unpack"];
const MAKERS = ["./assets-cache.ts", "./islands.ts", "./styles.ts", "./font.ts"];

interface Stored {
  css: string;
  files: [string, string][];
  entries: [string, IslandEntry][];
}

export async function cachedAssets(templatesDir: string, fontFile: string, make: () => Promise<[IslandBundle, string]>, cacheDir = defaultCacheDir()): Promise<[IslandBundle, string]> {
  if (!cacheDir) return make();
  const file = path.join(cacheDir, "assets", `${await key(templatesDir, fontFile)}.json`);
  const hit = await fs.readFile(file, "utf8").catch(() => undefined);
  if (hit !== undefined) {
    try {
      const s = JSON.parse(hit) as Stored;
      return [{ files: new Map(s.files.map(([f, b64]) => [f, Buffer.from(b64, "base64")])), entries: new Map(s.entries) }, s.css];
    } catch {
      // a damaged file: make them again
    }
  }
  const made = await make();
  const [islands, css] = made;
  const stored: Stored = { css, files: [...islands.files].map(([f, bytes]) => [f, Buffer.from(bytes).toString("base64")]), entries: [...islands.entries] };
  await writeCacheFile(file, JSON.stringify(stored)).catch(() => {}); // without a cache the next build makes them again
  await prune(path.dirname(file)).catch(() => {});
  return made;
}

async function key(templatesDir: string, fontFile: string): Promise<string> {
  const hash = createHash("sha256");
  hash.update(await fs.readFile(fontFile));
  // Read directly: some packages do not export their package.json.
  for (const p of PACKAGES) hash.update(`${p}@${(JSON.parse(await fs.readFile(path.join(ROOT, "node_modules", p, "package.json"), "utf8")) as { version: string }).version}\n`);
  for (const m of MAKERS) hash.update(await fs.readFile(fileURLToPath(new URL(m, import.meta.url))).catch(() => Buffer.from(m)));
  const root = path.dirname(templatesDir);
  // The generator's browser runtime of islands (scripts/runtime/) is bundled into them too.
  for (const dir of [templatesDir, path.join(root, "schemas"), fileURLToPath(new URL("../../runtime", import.meta.url))]) {
    const files = (await listFiles(dir).catch(() => [] as string[])).sort();
    const texts = await Promise.all(files.map((f) => fs.readFile(f)));
    files.forEach((f, i) => hash.update(`${path.relative(root, f)}\0${texts[i]!.length}\0`).update(texts[i]!));
  }
  return hash.digest("hex").slice(0, 32);
}

/** Keeps the newest few: each edit of a template makes a new entry. */
async function prune(dir: string, keep = 8): Promise<void> {
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith(".json"));
  if (names.length <= keep) return;
  const dated = await Promise.all(names.map(async (n) => ({ n, t: (await fs.stat(path.join(dir, n))).mtimeMs })));
  dated.sort((a, b) => b.t - a.t);
  await Promise.all(dated.slice(keep).map(({ n }) => fs.rm(path.join(dir, n), { force: true })));
}
