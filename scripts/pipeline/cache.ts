/**
 * The build cache (model.ts BuildCache): work kept between builds, under one rule. An entry
 * is found by its name and arguments, hashed with the generator's own code, and holds a
 * trace: every file the computation read, with the hash of its bytes, and every folder it
 * listed, with the names in it, recorded as it read them (model.ts Reads), never listed by
 * hand. The entry is used only while each of those is as it was (as Salsa, Turbopack and
 * Bazel verify what a result was computed from), so a file nobody thought of is still in
 * the key: a template, a package a bundle pulls in, the font, the stylesheet's imports.
 *
 * Entries live as JSON files among the project's generated files (lib/generated.ts,
 * `cache/<name>/`: committed, so a fresh clone has them; `npm run build` removes those it did
 * not use), with the paths in their arguments and traces written from the project's and the
 * generator's folders, so that they hold on any machine; and in memory while the cache is open. A file changed while
 * the computation ran (its time is not before the computation started) keeps the result
 * from being kept: the trace would hold the new bytes' hash beside what the old ones made.
 * tests/unit/cache.test.ts holds it against the computation without the cache.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { GeneratedFiles } from "../lib/generated.ts";
import { GENERATOR } from "../lib/paths.ts";

/** The folder holding the generator's: its repository (scripts/ in it), or the node_modules/ of a site that installed it. */
const HOME = path.dirname(GENERATOR);
import type { BuildCache, Codec, Reads } from "./model.ts";

/** Bumped when an entry's shape changes. */
const FORMAT = 2;
/** Entries kept in memory per name and arguments (each edit of a template makes one). */
const KEEP = 8;
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

/** A folder's list of files, by their paths inside it (the same list in another clone gives the same hash). */
const treeHash = (abs: string, files: string[]) => sha(files.map((f) => path.relative(abs, f).split(path.sep).join("/")).join("\n"));

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
    this.trees.set(abs, treeHash(abs, files));
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
    if (now === undefined) known.set(`\0${abs}`, (now = treeHash(abs, treeFiles(abs))));
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
 * (scripts/) and its packages (package-lock.json). Not Node's version: what is kept is made by
 * the packages (esbuild, Tailwind), the same under any Node, and a committed entry must hold
 * on every machine.
 */
export function generatorCode(): string {
  if (code !== undefined) return code;
  const hash = createHash("sha256").update(`${FORMAT}\n`);
  for (const f of treeFiles(GENERATOR)) if (!f.includes(`${path.sep}node_modules${path.sep}`)) hash.update(`${path.relative(HOME, f)}\n`).update(readFileSync(f));
  try {
    hash.update(readFileSync(path.join(HOME, "package-lock.json")));
  } catch {
    // installed in a site: its package.json (hashed above) pins the packages' versions
  }
  return (code = hash.digest("base64url"));
}

/** Entries a long-running builder keeps in memory from one build to the next (index.ts WarmCache). */
export type CacheMemory = Map<string, { trace: Trace; value: unknown }[]>;

/**
 * Paths as kept in a committed entry: under the project's folder or the generator's, written
 * from there ("<project>/templates/site.ts"), so that another clone reads them as its own.
 */
class Portable {
  private readonly places: [string, string][];
  constructor(project: string) {
    // The longer first (the project may be inside the generator's folder); the generator's when they are one: this
    // repository's templates are "<generator>/templates" whether the site built is the repository's or a copy's.
    this.places = (
      [
        ["<generator>", HOME],
        ["<project>", project],
      ] as [string, string][]
    ).sort(([, a], [, b]) => b.length - a.length);
  }
  out(abs: string): string {
    for (const [tag, dir] of this.places) if (abs === dir || abs.startsWith(dir + path.sep)) return tag + abs.slice(dir.length).split(path.sep).join("/");
    return abs;
  }
  in(kept: string): string {
    for (const [tag, dir] of this.places) if (kept === tag || kept.startsWith(`${tag}/`)) return path.join(dir, ...kept.slice(tag.length + 1).split("/"));
    return kept;
  }
  args(args: unknown): unknown {
    return JSON.parse(JSON.stringify(args), (_k, v: unknown) => (typeof v === "string" ? this.out(v) : v));
  }
  trace(t: Trace, way: "out" | "in"): Trace {
    const map = (list: [string, string][]) => list.map(([p, h]) => [way === "out" ? this.out(p) : this.in(p), h] as [string, string]);
    return { files: map(t.files), trees: map(t.trees) };
  }
}

function parse(text: string | undefined): { format: number; trace: Trace; value: unknown } | undefined {
  if (text === undefined) return undefined;
  try {
    const stored = JSON.parse(text) as { format: number; trace: Trace; value: unknown };
    return stored.format === FORMAT ? stored : undefined;
  } catch {
    return undefined; // a damaged entry: made again
  }
}

/**
 * The entries kept in `store` (`cache/<name>/<key>-<trace>.json`, paths written from the
 * project's and the generator's folders): `find` gives those under `key`, newest first, with
 * this machine's paths; `put` keeps one.
 */
function shelf(store: GeneratedFiles, portable: Portable) {
  return {
    *find(name: string, key: string): Iterable<{ trace: Trace; value: unknown }> {
      for (const file of newestFirst(store.file(`cache/${name}`), key)) {
        const stored = parse(store.read(path.relative(store.dir, file))?.toString("utf8"));
        if (stored) yield { trace: portable.trace(stored.trace, "in"), value: stored.value };
      }
    },
    async put(name: string, key: string, trace: Trace, value: unknown): Promise<void> {
      const kept = portable.trace(trace, "out");
      await store.write(`cache/${name}/${key}-${sha(JSON.stringify(kept)).slice(0, 16)}.json`, `${JSON.stringify({ format: FORMAT, trace: kept, value })}\n`);
    },
  };
}

/**
 * The build cache, for one build: kept in the generated files `store` of the project in
 * `root` (lib/generated.ts openGenerated: the project's, or the build cache folder's with
 * SSG_GENERATED=0; none with SSG_CACHE=0 too: in memory only). Each file a trace names is
 * hashed once per build, however many entries name it. Entries it finds or makes are kept in
 * `memory` too (a long-running builder hands the same one to each build).
 */
export function openCache(store: { files: GeneratedFiles; root: string } | undefined, memory: CacheMemory = new Map()): BuildCache {
  const known = new Map<string, string>();
  const portable = store ? new Portable(store.root) : undefined;
  const kept = store ? shelf(store.files, portable!) : undefined;
  const keep = (key: string, trace: Trace, value: unknown): void => {
    const list = memory.get(key) ?? [];
    list.unshift({ trace, value });
    memory.set(key, list.slice(0, KEEP));
  };
  return {
    async remember<T>(name: string, args: unknown, make: (reads: Reads) => Promise<T>, codec: Codec<T>): Promise<T> {
      const key = sha(JSON.stringify([generatorCode(), name, portable ? portable.args(args) : args]));
      for (const e of memory.get(key) ?? []) if (holds(e.trace, known)) return e.value as T;
      for (const stored of kept?.find(name, key) ?? []) {
        if (!holds(stored.trace, known)) continue;
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
      await kept?.put(name, key, trace, codec.encode(value));
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
