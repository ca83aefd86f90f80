/**
 * The build cache (model.ts BuildCache): work kept between builds, under one rule. An entry
 * is found by its name and arguments, hashed with the generator's own code, and holds a
 * trace: every file the computation read, with the hash of its bytes, and every folder it
 * listed, with the names in it, recorded as it read them (model.ts Reads), never listed by
 * hand. The entry is used only while each of those is as it was (as Salsa, Turbopack and
 * Bazel verify what a result was computed from), so a file nobody thought of is still in
 * the key: a template, a package a bundle pulls in, the font, the stylesheet's imports.
 *
 * Entries live as JSON files in the build cache folder (lib/cache.ts, `traced/<name>/`), the
 * newest few of each name, and in memory while the cache is open. A file changed while
 * the computation ran (its time is not before the computation started) keeps the result
 * from being kept: the trace would hold the new bytes' hash beside what the old ones made.
 * tests/unit/cache.test.ts holds it against the computation without the cache.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { defaultCacheDir, writeCacheFile } from "../lib/cache.ts";
import { ROOT } from "../lib/paths.ts";
import type { BuildCache, Codec, Reads } from "./model.ts";

/** Bumped when an entry's shape changes. */
const FORMAT = 1;
/** Entries kept per name and arguments (each edit of a template makes one), and per name (each share image is one name's). */
const KEEP = 8;
const KEEP_PER_NAME = 400;
/** A file whose time is this close to the start of the computation may have changed while it ran (file times are coarse on some disks). */
const RACY_MS = 1000;
const MISSING = "-";

interface Trace {
  files: [abs: string, hash: string][];
  trees: [abs: string, hash: string][];
}

const sha = (data: string | Uint8Array) => createHash("sha256").update(data).digest("base64url");

function fileHash(abs: string): string {
  try {
    return sha(readFileSync(abs));
  } catch {
    return MISSING;
  }
}

function treeFiles(abs: string): string[] {
  try {
    return readdirSync(abs, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}

const treeHash = (files: string[]) => sha(files.join("\n"));

class Recorder implements Reads {
  readonly files = new Map<string, string>();
  readonly trees = new Map<string, string>();

  file(abs: string): Buffer {
    const bytes = readFileSync(abs);
    this.files.set(abs, sha(bytes));
    return bytes;
  }

  saw(files: Iterable<string>): void {
    for (const abs of files) if (!this.files.has(abs)) this.files.set(abs, fileHash(abs));
  }

  tree(abs: string): string[] {
    const files = treeFiles(abs);
    this.trees.set(abs, treeHash(files));
    return files;
  }

  trace(): Trace {
    return { files: [...this.files].sort(([a], [b]) => (a < b ? -1 : 1)), trees: [...this.trees].sort(([a], [b]) => (a < b ? -1 : 1)) };
  }
}

/** Whether everything the trace read is as it was; `known` keeps each file's and folder's hash for the other entries looked at. */
function holds(trace: Trace, known: Map<string, string>): boolean {
  for (const [abs, hash] of trace.trees) {
    // Folders are listed once per build too (under a key no file path has).
    let now = known.get(`\0${abs}`);
    if (now === undefined) known.set(`\0${abs}`, (now = treeHash(treeFiles(abs))));
    if (now !== hash) return false;
  }
  for (const [abs, hash] of trace.files) {
    let now = known.get(abs);
    if (now === undefined) known.set(abs, (now = fileHash(abs)));
    if (now !== hash) return false;
  }
  return true;
}

/** Whether a file the trace read changed after `since` (while the computation ran, or too close to its start to tell). */
function racy(trace: Trace, since: number): boolean {
  for (const [abs] of trace.files) {
    try {
      if (statSync(abs).mtimeMs > since - RACY_MS) return true;
    } catch {
      // gone: its hash says so
    }
  }
  return false;
}

let code: string | undefined;

/**
 * The generator's own code, hashed once per process (the code this process runs): its source
 * (scripts/), its packages (package-lock.json) and Node's version.
 */
export function generatorCode(): string {
  if (code !== undefined) return code;
  const hash = createHash("sha256").update(`${FORMAT}\n${process.version}\n`);
  for (const f of treeFiles(path.join(ROOT, "scripts"))) hash.update(`${path.relative(ROOT, f)}\n`).update(readFileSync(f));
  try {
    hash.update(readFileSync(path.join(ROOT, "package-lock.json")));
  } catch {
    // no lockfile: the packages' versions are read where they are used
  }
  return (code = hash.digest("base64url"));
}

/** Entries a long-running builder keeps in memory from one build to the next (index.ts WarmCache). */
export type CacheMemory = Map<string, { trace: Trace; value: unknown }[]>;

/**
 * The build cache in `dir` (lib/cache.ts defaultCacheDir; undefined: in memory only, as with
 * SSG_CACHE=0), for one build: each file a trace names is hashed once per build, however many
 * entries name it (two font files for every share image). Entries it finds or makes are kept
 * in `memory` too (a long-running builder hands the same one to each build).
 */
export function openCache(dir = defaultCacheDir(), memory: CacheMemory = new Map()): BuildCache {
  const known = new Map<string, string>();
  const keep = (key: string, trace: Trace, value: unknown): void => {
    const list = memory.get(key) ?? [];
    list.unshift({ trace, value });
    memory.set(key, list.slice(0, KEEP));
  };
  return {
    async remember<T>(name: string, args: unknown, make: (reads: Reads) => Promise<T>, codec: Codec<T>): Promise<T> {
      const key = sha(JSON.stringify([generatorCode(), name, args]));
      const kept = memory.get(key) ?? [];
      for (const e of kept) if (holds(e.trace, known)) return e.value as T;
      const folder = dir && path.join(dir, "traced", name);
      for (const file of folder ? newestFirst(folder, key) : []) {
        let stored: { format: number; trace: Trace; value: unknown };
        try {
          stored = JSON.parse(readFileSync(file, "utf8")) as typeof stored;
        } catch {
          continue; // a damaged entry: made again below
        }
        if (stored.format !== FORMAT || !holds(stored.trace, known)) continue;
        const value = codec.decode(stored.value);
        keep(key, stored.trace, value);
        return value;
      }
      const started = Date.now();
      const reads = new Recorder();
      const value = await make(reads);
      const trace = reads.trace();
      if (racy(trace, started)) return value;
      keep(key, trace, value);
      if (folder) {
        const file = path.join(folder, `${key}-${sha(JSON.stringify(trace)).slice(0, 16)}.json`);
        // Without a cache folder the next build makes it again.
        await writeCacheFile(file, JSON.stringify({ format: FORMAT, trace, value: codec.encode(value) })).catch(() => {});
        prune(folder, key);
      }
      return value;
    },
  };
}

/** A cache that keeps nothing: each computation runs (what a build with SSG_CACHE=0 got before; tests compare with it). */
export const uncached: BuildCache = { remember: (_name, _args, make) => make(new Recorder()) };

/** The entries stored under `key`, the newest first. */
function newestFirst(folder: string, key: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.startsWith(`${key}-`) && n.endsWith(".json"));
  } catch {
    return [];
  }
  return names
    .map((n) => {
      const file = path.join(folder, n);
      try {
        return { file, t: statSync(file).mtimeMs };
      } catch {
        return { file, t: 0 };
      }
    })
    .sort((a, b) => b.t - a.t)
    .map((e) => e.file);
}

/** Keeps the newest KEEP entries of a key and the newest KEEP_PER_NAME of its name. */
function prune(folder: string, key: string): void {
  try {
    const dated = readdirSync(folder)
      .filter((n) => n.endsWith(".json"))
      .map((n) => ({ n, t: statSync(path.join(folder, n)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    const mine = dated.filter((e) => e.n.startsWith(`${key}-`));
    for (const { n } of [...mine.slice(KEEP), ...dated.slice(KEEP_PER_NAME)]) rmSync(path.join(folder, n), { force: true });
  } catch {
    // another build pruned it meanwhile
  }
}
