/**
 * Islands: the only code that runs in the browser. Every .tsx file in
 * templates/islands/ becomes an ES module entry. By default the entry hydrates the
 * island with Preact (the generator's runtime/hooks.ts swapped for hooks.browser.ts;
 * the entries' runners, runtime/hydrate.browser.ts and enhance.browser.ts, and the
 * dialog loader, runtime/lazy.browser.ts, are the generator's too). An island with a
 * <Name>.browser.ts beside it is enhanced instead: that plain DOM module runs over
 * the server's markup and Preact is not loaded for it (the header, on every page,
 * is one).
 *
 * Each plain DOM module, and the dialog loader, is one self-contained file: no chunk to
 * fetch after it, so a page loads one file per island it uses (the home page: 4, where
 * chunks shared between them made 10). The little code two of them share is in both.
 * Islands hydrated with Preact share Preact and their parts through chunks, and a page
 * without them never loads Preact. Every file is named by its content hash.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { fileURLToPath } from "node:url";
import { listFiles } from "../../../lib/fs.ts";

/** The generator's browser runtime of islands (scripts/runtime/). */
const RUNTIME = fileURLToPath(new URL("../../../runtime", import.meta.url));
const HOOKS = path.join(RUNTIME, "hooks.ts");

export interface IslandEntry {
  /** URL of the island's entry module. */
  url: string;
  /** URLs of the chunks it imports (for modulepreload). */
  imports: string[];
  /** True when the entry hydrates the island with Preact (it then reads its props). */
  hydrate: boolean;
}

export interface IslandBundle {
  /** Output path inside dist/ -> bytes. */
  files: Map<string, Uint8Array>;
  entries: Map<string, IslandEntry>;
}

const OUT = "assets/islands";
/** The entry that loads dialog islands on first interaction (scripts/runtime/lazy.browser.ts). */
export const LAZY_LOADER = "lazy";

/** Each .tsx file directly in templates/islands/ is an island; subfolders hold their parts. */
export async function islandNames(templatesDir: string): Promise<string[]> {
  const dir = path.join(templatesDir, "islands");
  return (await listFiles(dir))
    .filter((f) => f.endsWith(".tsx") && path.dirname(f) === dir)
    .map((f) => path.basename(f, ".tsx"));
}

/** The island's plain DOM module (templates/islands/<name>.browser.ts), when it has one: the island is then enhanced, not hydrated. */
export function enhancerPath(templatesDir: string, name: string): string | undefined {
  const file = path.join(templatesDir, "islands", `${name}.browser.ts`);
  return existsSync(file) ? file : undefined;
}

function browserPlugin(templatesDir: string): Plugin {
  return {
    name: "islands",
    setup(b) {
      b.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice("island:".length), namespace: "island" }));
      b.onLoad({ filter: /.*/, namespace: "island" }, (args) => {
        const enhancer = enhancerPath(templatesDir, args.path);
        const [module, runner, run] = enhancer
          ? [enhancer, "enhance.browser.ts", "enhanceIslands"]
          : [path.join(templatesDir, "islands", `${args.path}.tsx`), "hydrate.browser.ts", "hydrateIslands"];
        return {
          contents: [
            `import Island from ${JSON.stringify(module)};`,
            `import { ${run} } from ${JSON.stringify(path.join(RUNTIME, runner))};`,
            `${run}(${JSON.stringify(args.path)}, Island);`,
          ].join("\n"),
          resolveDir: templatesDir,
          loader: "ts",
        };
      });
      // Hooks come from Preact in the browser.
      b.onResolve({ filter: /(^|\/)hooks(\.ts)?$/ }, (args) =>
        path.resolve(args.resolveDir, args.path).replace(/(\.ts)?$/, ".ts") === HOOKS ? { path: path.join(RUNTIME, "hooks.browser.ts") } : undefined,
      );
      // React must never reach the browser.
      b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({
        errors: [{ text: `${path.relative(templatesDir, args.importer)} imports ${args.path}: islands use hooks from scripts/islands-api.ts, never React itself.` }],
      }));
    },
  };
}

/** The islands' esbuild builds under way. */
const inFlight = new Set<Promise<unknown>>();

/**
 * Waits (at most `ms`) for the islands' bundles under way: a process that exits while esbuild
 * waits on one of this module's plugins made esbuild's own process print Go's "all goroutines are
 * asleep - deadlock!" and its stacks after the build's message (build.ts exitNow).
 */
export async function islandBuildsSettled(ms: number): Promise<void> {
  if (!inFlight.size) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The bundles, and `inputs`: the absolute paths of every file esbuild read (its metafile), for the build cache's trace (cache.ts). */
export async function buildIslands(templatesDir: string): Promise<{ bundle: IslandBundle; inputs: string[] }> {
  const names = await islandNames(templatesDir);
  const enhanced = names.filter((n) => enhancerPath(templatesDir, n));
  const hydrated = names.filter((n) => !enhanced.includes(n));
  const root = path.dirname(templatesDir);
  const outdir = path.join(root, ".islands-out"); // nothing is written there: write is false
  // Loaded here: a build whose bundles are in the build cache never needs esbuild.
  const { build } = await import("esbuild");
  const options = {
    bundle: true,
    format: "esm" as const,
    platform: "browser" as const,
    target: ["es2020"],
    minify: true,
    write: false as const,
    metafile: true as const,
    outdir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    jsx: "automatic" as const,
    jsxImportSource: "preact",
    legalComments: "none" as const,
    charset: "utf8" as const,
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [browserPlugin(templatesDir)],
    logLevel: "silent" as const,
    absWorkingDir: root,
  };
  // Two builds: the hydrated islands, split into chunks, and the plain DOM islands and the dialog
  // loader, each bundled whole (splitting off). The few small modules both kinds use are then in
  // several files (runtime/open-requests.ts keeps its one registry on globalThis for that).
  const running = Promise.all([
    hydrated.length ? build({ ...options, splitting: true, entryPoints: hydrated.map((n) => ({ in: `island:${n}`, out: n })) }) : undefined,
    build({ ...options, splitting: false, entryPoints: [...enhanced.map((n) => ({ in: `island:${n}`, out: n })), { in: path.join(RUNTIME, "lazy.browser.ts"), out: LAZY_LOADER }] }),
  ]);
  inFlight.add(running);
  const results = (await running.finally(() => inFlight.delete(running))).filter((r) => r !== undefined);
  const files = new Map<string, Uint8Array>();
  const toUrl = (abs: string) => `/${OUT}/${path.relative(outdir, abs).split(path.sep).join("/")}`;
  const entries = new Map<string, IslandEntry>();
  const inputs = new Set<string>();
  for (const result of results) {
    for (const f of result.outputFiles) files.set(toUrl(f.path).slice(1), f.contents);
    for (const [out, meta] of Object.entries(result.metafile.outputs)) {
      if (!meta.entryPoint) continue;
      const seen = new Set<string>();
      const walk = (file: string) => {
        for (const imp of result.metafile.outputs[file]?.imports ?? []) {
          if (imp.kind !== "import-statement" || seen.has(imp.path)) continue;
          seen.add(imp.path);
          walk(imp.path);
        }
      };
      walk(out);
      const url = toUrl(path.resolve(root, out));
      const imports = [...seen].map((p) => toUrl(path.resolve(root, p))).sort();
      const name = meta.entryPoint.startsWith("island:") ? meta.entryPoint.slice("island:".length) : LAZY_LOADER;
      entries.set(name, { url, imports, hydrate: hydrated.includes(name) });
    }
    // Inputs from a plugin's namespace ("island:Name") are made in memory from the files esbuild then reads.
    for (const k of Object.keys(result.metafile.inputs)) if (!/^[a-z-]+:/.test(k)) inputs.add(path.resolve(root, k));
  }
  return { bundle: { files, entries: new Map([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) }, inputs: [...inputs].sort() };
}
