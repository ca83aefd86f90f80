/**
 * The browser bundles (islands.ts, esbuild) and the stylesheet (styles.ts, Tailwind) depend
 * on templates/ and packages only, never on content: kept in the build cache it is handed
 * (cache.ts) with the trace of what they read: every file esbuild bundled (its metafile, the
 * packages' files too), styles.css and what it imports, each file Tailwind scanned, the font
 * file, and the list of files in templates/ (a new island, a new file to scan). A build with a
 * hit spawns no esbuild process and starts no worker thread for Tailwind.
 */
import path from "node:path";
import type { ResolvedFont } from "../../../lib/site-module.ts";
import type { BuildCache, Codec } from "../../model.ts";
import { buildIslands, type IslandBundle, type IslandEntry } from "./islands.ts";
import type { Styles } from "./styles.ts";

export type BrowserAssets = [IslandBundle, string];

interface Stored {
  css: string;
  files: [string, string][];
  entries: [string, IslandEntry][];
}

const codec: Codec<BrowserAssets> = {
  encode: ([islands, css]): Stored => ({ css, files: [...islands.files].map(([f, bytes]) => [f, Buffer.from(bytes).toString("base64")]), entries: [...islands.entries] }),
  decode: (stored) => {
    const s = stored as Stored;
    return [{ files: new Map(s.files.map(([f, b64]) => [f, Buffer.from(b64, "base64")])), entries: new Map(s.entries) }, s.css];
  },
};

/** `styles`: compiles the stylesheet (in a worker thread when the build has one). */
export function browserAssets(cache: BuildCache, templatesDir: string, font: ResolvedFont, styles: () => Promise<Styles>): Promise<BrowserAssets> {
  return cache.remember(
    "assets",
    { templatesDir, font },
    async (reads) => {
      reads.tree(templatesDir);
      const [{ bundle, inputs }, made] = await Promise.all([buildIslands(templatesDir), styles()]);
      reads.saw(inputs);
      reads.saw(made.read.map((f) => path.resolve(templatesDir, f)));
      return [bundle, made.css];
    },
    codec,
  );
}
