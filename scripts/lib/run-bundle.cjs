// @ts-check
/**
 * Runs a file of the generator's bundle (scripts/lib/bundle.mjs: one CommonJS file per
 * entry) with a V8 code cache beside it, for `npm run build` (scripts/build.mjs) and its
 * worker thread (pipeline/stages/render/pool.ts). Node 20 keeps no compiled code between runs of
 * a module; here the bundle is compiled with vm.Script from the bytecode the first run left in
 * `<file>.v8` (made when that run ended, so it holds every function the build called), which
 * takes the 44-page build from ~0.70 to ~0.54 s (median of 10, interleaved). A cache V8
 * refuses (another Node, other flags) is made again by the next run that ends.
 *
 * Stack traces name the files the bundle was made from (templates/site.ts:3:9, not
 * main.cjs:81234:5): its source map is read the first time a stack through the bundle is
 * printed. Node's own source map support (--enable-source-maps) does not cover vm.Script.
 *
 * Plain CommonJS, so that a worker thread's startup code can require it.
 */
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { createRequire, SourceMap } = require("node:module");

/**
 * Runs `file`, a CommonJS file of the bundle, as Node would run it as a module (exports,
 * require from its own place, module, __filename, __dirname), compiled from its code cache
 * when there is one. The cache is written when the process ends, if it had none
 * (`writeCacheOnExit: false`: never, for a thread that is terminated rather than ended).
 * @param {string} file
 * @param {{ writeCacheOnExit?: boolean }} [options]
 */
function runBundled(file, options = {}) {
  const params = ["exports", "require", "module", "__filename", "__dirname"];
  const run = cachedFunction(fs.readFileSync(file, "utf8"), file, params, options.writeCacheOnExit !== false);
  mapStacks(file);
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** Code caches to write when the process ends: one exit listener for all of them. */
/** @type {Map<string, vm.Script>} */
const toWrite = new Map();

/**
 * `source`, the body of a function of `params`, compiled from a V8 code cache kept at
 * `<file>.v8` (written when the process ends if there was none, or V8 refused it, unless
 * `writeOnExit` is false). For the bundle (runBundled) and for generated code read from a
 * file of the build cache (ajv's compiled schema validators: pipeline/stages/validate/compiled-schemas.ts),
 * which `new Function` compiled again on every build.
 * @param {string} source
 * @param {string} file
 * @param {string[]} params
 * @param {boolean} [writeOnExit]
 * @param {string} [cacheFile] where the code cache is kept (beside `file` unless given)
 * @returns {(...args: unknown[]) => unknown}
 */
function cachedFunction(source, file, params, writeOnExit = true, cacheFile = `${file}.v8`) {
  /** @type {Buffer | undefined} */
  let cached;
  try {
    cached = fs.readFileSync(cacheFile);
  } catch {
    // none yet: made when this run ends
  }
  // The wrapper on a line of its own, so that the file's lines and columns are the script's (lineOffset).
  const script = new vm.Script(`(function (${params.join(", ")}) {\n${source}\n})`, { filename: file, lineOffset: -1, ...(cached ? { cachedData: cached } : {}) });
  if ((!cached || script.cachedDataRejected) && writeOnExit) {
    if (toWrite.size === 0) process.once("exit", () => toWrite.forEach((s, f) => writeCache(s, f)));
    toWrite.set(cacheFile, script);
  }
  return script.runInThisContext();
}

/**
 * @param {vm.Script} script
 * @param {string} cacheFile
 */
function writeCache(script, cacheFile) {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
  } catch {
    // a read-only cache folder: the next run compiles the bundle as this one did
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing to remove
    }
  }
}

/** Files whose frames are mapped, each with its source map once read (null: none could be read). */
/** @type {Map<string, SourceMap | null | undefined>} */
const mapped = new Map();

/**
 * Stack traces through `file` name the original files, lines and columns (its linked source
 * map, `<file>.map`, read on first use).
 * @param {string} file
 */
function mapStacks(file) {
  mapped.set(file, undefined);
  if (mapped.size > 1) return; // installed already
  Error.prepareStackTrace = (error, frames) => {
    let header;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = "Error";
    }
    const lines = frames.map((frame) => {
      const text = frame.toString();
      const name = frame.getFileName();
      if (!name || !mapped.has(name)) return `    at ${text}`;
      const line = frame.getLineNumber();
      const column = frame.getColumnNumber();
      const map = sourceMapOf(name);
      const entry = map && line && column ? map.findEntry(line - 1, column - 1) : undefined;
      if (!entry || !("originalSource" in entry) || !entry.originalSource) return `    at ${text}`;
      const original = path.resolve(path.dirname(name), entry.originalSource);
      return `    at ${text.replace(`${name}:${line}:${column}`, `${original}:${entry.originalLine + 1}:${entry.originalColumn + 1}`)}`;
    });
    return [header, ...lines].join("\n");
  };
}

/** @param {string} file */
function readMap(file) {
  try {
    return new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
  } catch {
    return null;
  }
}

/** @param {string} file */
function sourceMapOf(file) {
  let map = mapped.get(file);
  if (map === undefined) {
    map = readMap(file);
    if (!map && fs.existsSync(path.join(path.dirname(file), "recipe.json"))) {
      // Made the first time a stack goes through the bundle (scripts/lib/bundle.mjs makeSourceMap): bundling never waits for it.
      try {
        require("node:child_process").execFileSync(process.execPath, [path.join(__dirname, "bundle.mjs"), "--map", file], { stdio: "ignore", timeout: 120_000 });
      } catch {
        // no map: the stack names the bundle's lines
      }
      map = readMap(file);
    }
    mapped.set(file, map);
  }
  return map;
}

module.exports = { runBundled, cachedFunction };
