// @ts-check
/**
 * The generator pre-bundled, for commands that start often and should start fast
 * (scripts/build.mjs). Through tsx, a build spends ~0.3 s before its first stage and more in
 * each worker thread: every one of ~300 modules (ours, the site's templates, Markdown's many
 * small packages) goes through tsx's loader hooks, a round trip to the hooks' thread each.
 * Here esbuild turns our code and the site's templates into one CommonJS file per entry (packages
 * with native code or data files stay requires, resolved by Node as before) kept in the build
 * cache, and scripts/lib/run-bundle.cjs runs it from a V8 code cache made by its first run.
 *
 * - One file for both roles: it runs the command (scripts/build.ts), or, in a thread that set
 *   globalThis[Symbol.for("ssg.role")] to "worker", the build's worker thread (pipeline/stages/render/pool.ts finds it
 *   through BUNDLE_KEY). Two files bundled most of the generator twice: ~100 ms more per bundle.
 * - CommonJS, one file each, because Node 20 can run a script from a code cache (vm.Script
 *   cachedData) but has no such thing for ES modules: from ESM chunks (~40 files) the 44-page
 *   build took ~0.70 s, from these ~0.54 s (median of 10, interleaved). Dynamic imports become
 *   requires, so every package left out of the bundle must be loadable by require.
 * - The site's templates are in the bundle too, because they and the generator must share
 *   one copy of the runtime (React contexts are compared by identity). They are loaded when
 *   the generator asks for them (scripts/lib/template-import.ts, through TEMPLATES_KEY), so
 *   a template that throws is reported where it was before: at the site module's load.
 * - `import.meta.url` in a bundled file is its own address, not the bundle's: paths that the
 *   code finds from its own place (ROOT, the runtime folder, the worker) stay right.
 * - Kept while every file the bundle was made from (esbuild's metafile lists them) has the
 *   same bytes, esbuild, Node and NODE_ENV are the same and the templates folder has the same
 *   entries; otherwise made again (~0.15 s). The source map is made only when a stack trace
 *   through the bundle is printed (run-bundle.cjs runs `node bundle.mjs --map <file>`, ~0.5 s,
 *   once), so that stack traces name our files: made with every bundle, it tripled the time a
 *   fresh clone's first build spent bundling.
 * - When esbuild cannot bundle (a mistake in a template), `bundled` returns the problems and the
 *   caller runs the command through tsx, whose messages name the file, line and column.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { GENERATOR, ROOT } from "./project.mjs";

export { ROOT };
/** globalThis[TEMPLATES_KEY]: the site's template modules by absolute path, each a function that loads it. */
export const TEMPLATES_KEY = Symbol.for("ssg.templates");
/** globalThis[BUNDLE_KEY]: { worker, runner } — the bundle's address (run as the worker), and run-bundle.cjs's path (to start it). */
export const BUNDLE_KEY = Symbol.for("ssg.bundle");
/** Where the bundles are kept (deleting it is safe: the next start bundles again). */
export const BUNDLES_DIR = path.join(ROOT, "node_modules", ".cache", "site-generator", "bundles");
const DIR = BUNDLES_DIR;
/**
 * Packages left as requires: native code, WebAssembly or data files found from their own
 * folder, and tools loaded only on some builds; each must have a CommonJS entry (an ES-only
 * package, such as @capsizecss/unpack, is bundled). The others are bundled: ~150 small modules
 * (Markdown's packages, Lucide's icons) cost more to resolve and load one by one than to compile.
 */
const EXTERNAL = ["esbuild", "sharp", "@resvg/resvg-js", "tailwindcss", "@tailwindcss/*", "lightningcss", "subset-font", "tsx", "typescript", "ajv", "ajv/*", "vitest", "playwright-core", "lighthouse", "serve-handler", "jsonc-parser", "json-schema-to-typescript"];
/** Bumped when what the bundle holds changes shape. */
const FORMAT = 4;
/** scripts/lib/run-bundle.cjs: what runs a file of the bundle. */
export const RUNNER = path.join(GENERATOR, "lib", "run-bundle.cjs");

/**
 * The templates folder a command will use: `--project <dir>` among its arguments, else
 * SSG_PROJECT_TEMPLATES, else this repository's (as scripts/lib/paths.ts decides).
 * @param {string[]} args
 */
export function templatesFolder(args) {
  const at = args.indexOf("--project");
  const dir = at >= 0 ? args[at + 1] : undefined;
  if (dir && !dir.startsWith("--")) return path.join(path.resolve(dir), "templates");
  return process.env["SSG_PROJECT_TEMPLATES"] || path.join(ROOT, "templates");
}

/**
 * The modules the generator imports from a templates folder by name: site.ts and
 * sections/<Type>.tsx (lib/site-module.ts, pipeline/stages/render/render.tsx).
 * @param {string} templates
 */
function templateEntries(templates) {
  const out = [];
  const site = path.join(templates, "site.ts");
  if (fs.existsSync(site)) out.push(site);
  const sections = path.join(templates, "sections");
  let names = [];
  try {
    names = fs.readdirSync(sections);
  } catch {
    // no sections folder: the site module says what is missing
  }
  for (const name of names.sort()) if (/^[A-Z][A-Za-z0-9]*\.tsx$/.test(name)) out.push(path.join(sections, name));
  return out;
}

/**
 * Where the bundles of `command` with these templates are kept (each in a folder of its own, and current.json).
 * @param {string} command
 * @param {string} templates
 */
export function bundleFolder(command, templates) {
  return path.join(DIR, sha(`${command}\n${templates}`).slice(0, 16));
}

/** @param {string | Buffer} data */
const sha = (data) => createHash("sha256").update(data).digest("hex");

/**
 * @typedef {{ format: number; node: string; esbuild: string; templates: string; entries: string[]; command: string; nodeEnv: string; inputs: [string, string][]; dir: string; main: string }} Manifest
 */

/**
 * @param {Manifest} m
 * @param {{ node: string; esbuild: string; templates: string; entries: string[]; command: string; nodeEnv: string }} want
 * @param {string} dir
 */
function fresh(m, want, dir) {
  if (m.format !== FORMAT || m.node !== want.node || m.esbuild !== want.esbuild || m.templates !== want.templates || m.command !== want.command || m.nodeEnv !== want.nodeEnv) return false;
  if (m.entries.join("\n") !== want.entries.join("\n")) return false;
  if (!fs.existsSync(path.join(dir, m.main))) return false;
  for (const [file, hash] of m.inputs) {
    let bytes;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      return false;
    }
    if (sha(bytes) !== hash) return false;
  }
  return true;
}

/**
 * The bundle of `command` (a path in the generator's folder, "build.ts") with the site's
 * templates: its main entry's address, or undefined when esbuild could not make it (the
 * reasons are in `problems`).
 * @param {string} command
 * @param {string} templates
 * @returns {Promise<{ main: string } | { problems: string[] }>}
 */
export async function bundled(command, templates) {
  const esbuildVersion = JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve("esbuild/package.json"), "utf8")).version;
  const entries = templateEntries(templates);
  // React's build (development or production) is chosen by NODE_ENV: only the one this process uses is bundled.
  const nodeEnv = process.env["NODE_ENV"] ?? "";
  const want = { node: process.version, esbuild: esbuildVersion, templates, entries, command, nodeEnv };
  const base = bundleFolder(command, templates);
  const pointer = path.join(base, "current.json");
  try {
    /** @type {Manifest} */
    const m = JSON.parse(fs.readFileSync(pointer, "utf8"));
    const dir = path.join(base, m.dir);
    if (fresh(m, want, dir)) return { main: pathToFileURL(path.join(dir, m.main)).href };
  } catch {
    // none yet, or unreadable: made below
  }
  const made = await runEsbuild(command, templates, entries, nodeEnv, base, false);
  if ("problems" in made) return made;
  const { result, seen, tmp } = made;
  fs.writeFileSync(path.join(tmp, "recipe.json"), JSON.stringify({ command, templates, nodeEnv }));
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith("ssg-entry:"))
    .map((f) => path.resolve(GENERATOR, f))
    .concat(path.join(GENERATOR, "package.json"), fileURLToPath(import.meta.url), RUNNER)
    .sort();
  const hashed = inputs.map((f) => /** @type {[string, string]} */ ([f, seen.get(f) ?? sha(fs.readFileSync(f))]));
  // Each bundle in a folder named by its inputs, never replaced: a build still loading chunks of an older one is not disturbed.
  const name = sha(JSON.stringify([want, hashed])).slice(0, 16);
  /** @type {Manifest} */
  const manifest = { format: FORMAT, ...want, inputs: hashed, dir: name, main: "main.cjs" };
  const dir = path.join(base, name);
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // the same bundle, made meanwhile by another build
  }
  const next = `${pointer}.${process.pid}`;
  fs.writeFileSync(next, JSON.stringify(manifest));
  fs.renameSync(next, pointer);
  // Older bundles of this command go once no build can still be loading them.
  for (const old of fs.readdirSync(base)) {
    const at = path.join(base, old);
    if (old === name || old.startsWith("current.json")) continue;
    try {
      if (Date.now() - fs.statSync(at).mtimeMs > 10 * 60_000) fs.rmSync(at, { recursive: true, force: true });
    } catch {
      // gone already
    }
  }
  return { main: pathToFileURL(path.join(dir, "main.cjs")).href };
}

/**
 * Runs `command` from its bundle with the site's templates, as `npm run build` runs build.ts:
 * the bundle's address once it runs, or the problems that kept esbuild from making it (the
 * caller then runs the command through tsx).
 * @param {string} command
 * @param {string} templates
 * @returns {Promise<{ main: string } | { problems: string[] }>}
 */
export async function runFromBundle(command, templates) {
  const made = await bundled(command, templates);
  if (!("main" in made)) return made;
  // The build's worker threads run the same file (pipeline/stages/render/pool.ts finds it here).
  /** @type {Record<symbol, unknown>} */ (globalThis)[BUNDLE_KEY] = { worker: made.main, runner: RUNNER };
  /** @type {{ runBundled(file: string): unknown }} */
  const runner = createRequire(import.meta.url)(RUNNER);
  runner.runBundled(fileURLToPath(made.main));
  return made;
}

/**
 * esbuild over the command and the templates, into a new folder in `base`; with `sourcemap`, the
 * source map too (the same code: only the map's comment is added at the end).
 * @param {string} command
 * @param {string} templates
 * @param {string[]} entries
 * @param {string} nodeEnv
 * @param {string} base
 * @param {boolean} sourcemap
 * @returns {Promise<{ problems: string[] } | { result: import("esbuild").BuildResult & { metafile: import("esbuild").Metafile }; seen: Map<string, string>; tmp: string }>}
 */
async function runEsbuild(command, templates, entries, nodeEnv, base, sourcemap) {
  const esbuild = await import("esbuild");
  /** @type {Record<string, string>} */
  const exports = JSON.parse(fs.readFileSync(path.join(GENERATOR, "package.json"), "utf8")).exports ?? {};
  const registry = `globalThis[Symbol.for("ssg.templates")] = new Map([${entries.map((e) => `[${JSON.stringify(e)}, () => import(${JSON.stringify(e)})]`).join(", ")}]);\n`;
  const worker = path.join(GENERATOR, "pipeline", "stages", "render", "worker.ts");
  const source = `${registry}if (globalThis[Symbol.for("ssg.role")] === "worker") require(${JSON.stringify(worker)});\nelse require(${JSON.stringify(path.join(GENERATOR, command))});\n`;
  const ownCode = [GENERATOR + path.sep, templates + path.sep];
  /** The hash of each file as esbuild was given it (a file saved during the bundling makes the next start bundle again). */
  const seen = new Map();
  /** @type {import("esbuild").Plugin} */
  const plugin = {
    name: "ssg-bundle",
    setup(b) {
      b.onResolve({ filter: /^ssg-entry:/ }, (a) => ({ path: a.path.slice("ssg-entry:".length), namespace: "ssg-entry" }));
      b.onLoad({ filter: /.*/, namespace: "ssg-entry" }, () => ({ contents: source, loader: "js", resolveDir: GENERATOR }));
      // The generator's public modules (its package.json "exports"): always this generator's, one copy with the code running.
      b.onResolve({ filter: /^json-site\// }, (a) => {
        const target = exports[`.${a.path.slice("json-site".length)}`];
        return target ? { path: path.join(GENERATOR, target) } : undefined;
      });
      b.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, async (a) => {
        if (!ownCode.some((d) => a.path.startsWith(d))) return undefined;
        const bytes = await fs.promises.readFile(a.path);
        seen.set(a.path, sha(bytes));
        const text = bytes.toString("utf8");
        const url = JSON.stringify(pathToFileURL(a.path).href);
        return { contents: text.replaceAll("import.meta.url", url), loader: a.path.endsWith(".tsx") ? "tsx" : a.path.endsWith(".mjs") ? "js" : "ts" };
      });
    },
  };
  fs.mkdirSync(base, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(base, "tmp-"));
  try {
    const result = await esbuild.build({
      entryPoints: [{ in: "ssg-entry:main", out: "main" }],
      absWorkingDir: GENERATOR,
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      // import() of a bundled module becomes its initialisation, of a package left out a require.
      supported: { "dynamic-import": false },
      external: EXTERNAL,
      // A site elsewhere (--project) finds the packages where the generator has them.
      nodePaths: [path.join(path.dirname(GENERATOR), "node_modules"), path.join(ROOT, "node_modules")],
      jsx: "automatic",
      define: { "process.env.NODE_ENV": JSON.stringify(nodeEnv) },
      ...(sourcemap ? { sourcemap: /** @type {const} */ ("linked"), sourcesContent: false } : {}),
      outdir: tmp,
      outExtension: { ".js": ".cjs" },
      metafile: true,
      logLevel: "silent",
      plugins: [plugin],
    });
    return { result, seen, tmp };
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    const errors = /** @type {{ errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }} */ (err).errors;
    return { problems: errors?.length ? errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text)) : [String(err)] };
  }
}

/**
 * The source map of a bundle's file, made when first needed (run-bundle.cjs, when a stack
 * trace goes through it): the bundle made again with its recipe, its map kept beside `file`.
 * In a folder beside the bundle's own, so that the map's relative paths hold there.
 * @param {string} file
 */
export async function makeSourceMap(file) {
  const dir = path.dirname(file);
  const recipe = JSON.parse(fs.readFileSync(path.join(dir, "recipe.json"), "utf8"));
  const made = await runEsbuild(recipe.command, recipe.templates, templateEntries(recipe.templates), recipe.nodeEnv, path.dirname(dir), true);
  if ("problems" in made) return;
  const map = path.join(made.tmp, `${path.basename(file)}.map`);
  const next = `${file}.map.${process.pid}`;
  fs.renameSync(map, next);
  fs.renameSync(next, `${file}.map`);
  fs.rmSync(made.tmp, { recursive: true, force: true });
}

const asCommand = import.meta.url === pathToFileURL(process.argv[1] ?? "").href;
if (asCommand && process.argv[2] === "--map" && process.argv[3]) await makeSourceMap(process.argv[3]);
if (asCommand && process.argv[2] === "--prepare") await prepare();

/**
 * `npm ci` and `npm install` (package.json "prepare"): the bundle `npm run build` runs from,
 * made once at install as a package's compiled code is, not by the first build after it (which
 * would spend half a second of a one-second build bundling). As scripts/build.mjs makes it:
 * production React, this repository's templates. Never fails the install: a build makes it then.
 */
async function prepare() {
  process.env["NODE_ENV"] ??= "production";
  const started = performance.now();
  try {
    const made = await bundled("build.ts", templatesFolder([]));
    if ("problems" in made) console.log(`The generator's bundle is not made (the build makes it, or runs without it): ${made.problems[0]}`);
    else console.log(`The generator's bundle is ready for npm run build (${Math.round(performance.now() - started)} ms).`);
  } catch (err) {
    console.log(`The generator's bundle is not made (the build makes it): ${err instanceof Error ? err.message : String(err)}`);
  }
}
