/**
 * The build's memo between runs of `npm run build` (memo/memo.ts keeps it within one
 * process): what dist/ holds, file by file, and for each page the little the checks need of
 * it (its shared parts, its photos, its pieces as read), plus the shared parts, the parsed
 * Markdown texts and what was learnt of each content file (file-memo.ts). With it, a build renders only the pages whose render key is new, and
 * writes only the files that differ (stages/write/write.ts updateOutput).
 *
 * In the build cache (lib/cache.ts), one file per project and dist/, written whole after a
 * build that wrote dist/. It is used only when it was made by the same generator, templates
 * and schemas (their files' hashes: codeKey) and dist/ is still the folder it describes
 * (the version dist points at, with the same inode and time: no other build swapped or updated it since). Anything else, or
 * `npm run build -- --full`, builds from scratch.
 */
import { createHash } from "node:crypto";
import { promises as fs, readFileSync } from "node:fs";
import { holds } from "../stages/write/write.ts";
import path from "node:path";
import v8 from "node:v8";
import { defaultCacheDir, writeCacheFile } from "../../lib/cache.ts";
import { listFiles } from "../../lib/fs.ts";
import type { ProjectPaths } from "../../lib/paths.ts";
import { generatorCode } from "../cache.ts";
import type { Located } from "../../lib/json.ts";
import type { FragmentCache } from "../stages/render/render.tsx";
import { dumpMarkdown, primeMarkdownStored, type StoredMarkdown } from "../stages/resolve/markdown.ts";
import type { RenderMemo } from "./memo.ts";
import type { KeptPage, OutputState, FileFacts } from "../model.ts";

/** Bumped when what is stored changes shape. */
const FORMAT = 9;

interface Stored {
  format: number;
  code: string;
  siteKey: string;
  output: OutputState;
  spare: OutputState | undefined;
  pages: Map<string, KeptPage>;
  /** The lists each page's render read, by its own key (memo.ts RenderMemo.lists). */
  lists: Map<string, string[]>;
  fragments: FragmentCache;
  markdown: StoredMarkdown[];
  files: Map<string, StoredFacts>;
}

/** A file's facts (file-memo.ts), its front matter without the body and with its positions packed (packPositions). */
type StoredFacts = Omit<FileFacts, "frontMatter" | "json"> & { frontMatter?: [data: Record<string, unknown>, pointers: string[], lines: Int32Array] };

function storedFacts({ frontMatter, json: _json, ...rest }: FileFacts): StoredFacts {
  if (!frontMatter) return rest;
  const { body: _, ...fields } = frontMatter.data;
  return { ...rest, frontMatter: [fields, ...packPositions(frontMatter.positions)] };
}

function factsStored({ frontMatter, ...rest }: StoredFacts): FileFacts {
  return frontMatter ? { ...rest, frontMatter: { data: frontMatter[0], positions: unpackPositions(frontMatter[1], frontMatter[2]), bodyless: true } } : rest;
}

/** Front matter positions packed: each pointer, and its value's and key's line and column (-1 for no key). */
export function packPositions(positions: Map<string, Located>): [string[], Int32Array] {
  const lines = new Int32Array(positions.size * 4);
  let i = 0;
  for (const { value, key } of positions.values()) {
    lines.set([value.line, value.column, key?.line ?? -1, key?.column ?? -1], i);
    i += 4;
  }
  return [[...positions.keys()], lines];
}

export function unpackPositions(pointers: string[], lines: Int32Array): Map<string, Located> {
  return new Map(pointers.map((pointer, n): [string, Located] => {
    const i = n * 4;
    const value = { line: lines[i]!, column: lines[i + 1]! };
    return [pointer, lines[i + 2]! < 0 ? { value } : { value, key: { line: lines[i + 2]!, column: lines[i + 3]! } }];
  }));
}

/**
 * The same reads are stored once: most pages share most pieces (a guide's head, its header),
 * and the serializer writes an object it has written before as a reference to it. Reading
 * the memo back makes a fifth of the objects (4,000 guides: 5.4 MB to 1.6 MB).
 */
function sharedReads(pages: Map<string, KeptPage>): Map<string, KeptPage> {
  const byText = new Map<string, unknown>();
  // The pages kept from the last build share their reads already: each object is spelt out once.
  const byObject = new Map<unknown, unknown>();
  const once = <T>(value: T): T => {
    let shared = byObject.get(value);
    if (shared === undefined) {
      const text = JSON.stringify(value);
      shared = byText.get(text);
      if (shared === undefined) byText.set(text, (shared = value));
      byObject.set(value, shared);
    }
    return shared as T;
  };
  return new Map([...pages].map(([key, page]) => [key, { keys: once(page.keys), photoSlots: page.photoSlots, reads: page.reads.map(once) }]));
}

function storeFile(paths: ProjectPaths): string | undefined {
  const dir = defaultCacheDir();
  return dir && path.join(dir, "incremental", `${createHash("sha1").update(`${paths.root}\n${paths.dist}`).digest("hex").slice(0, 16)}.bin`);
}

/** A hash of the code and rules pages are made with: the generator (cache.ts generatorCode: its source, packages and Node), the site's templates, its schemas. */
export async function codeKey(paths: ProjectPaths): Promise<string> {
  const hash = createHash("sha1").update(`${FORMAT}\n${generatorCode()}\n`);
  // Read synchronously: a few hundred small files at once through the thread pool took ~100 ms
  // of an incremental build's start (and held up the content, which waits for the memo).
  for (const dir of [paths.templates, paths.schemas]) {
    for (const f of (await listFiles(dir)).sort()) hash.update(`${f}\n`).update(readFileSync(f));
  }
  return hash.digest("base64url");
}

/** The stored memo for this project, when it was made with the same code and dist/ is as it left it; its Markdown texts go to the parser's cache. */
export async function loadStoredMemo(paths: ProjectPaths, code: Promise<string>): Promise<(RenderMemo & { files: Map<string, FileFacts> }) | undefined> {
  const file = storeFile(paths);
  if (!file) return undefined;
  let stored: Stored;
  try {
    // One read (fs.promises.readFile takes a file this size in a score of thread-pool round trips).
    stored = v8.deserialize(readFileSync(file)) as Stored;
  } catch {
    return undefined; // none yet, or unreadable: a build from scratch makes it
  }
  if (stored.format !== FORMAT || stored.code !== (await code) || !(await holds(stored.output, paths.dist))) return undefined;
  primeMarkdownStored(stored.markdown);
  const files = new Map([...stored.files].map(([key, facts]) => [key, factsStored(facts)]));
  return { siteKey: stored.siteKey, pages: new Map(), kept: stored.pages, lists: stored.lists, fragments: stored.fragments, reads: new Map(), output: stored.output, spare: stored.spare, files };
}

/** Stores what this build left in dist/ (after it wrote it). */
export async function saveStoredMemo(paths: ProjectPaths, code: string, memo: RenderMemo & { output: OutputState }, pages: Map<string, KeptPage>, markdownTexts: Iterable<[text: string, mode: "inline" | "block"]>, files: Map<string, FileFacts>): Promise<void> {
  const file = storeFile(paths);
  if (!file) return;
  const stored: Stored = {
    format: FORMAT,
    code,
    siteKey: memo.siteKey,
    output: { ...memo.output, changes: undefined },
    spare: memo.spare,
    pages: sharedReads(pages),
    lists: memo.lists ?? new Map(),
    fragments: memo.fragments,
    markdown: dumpMarkdown(markdownTexts),
    files: new Map([...files].map(([key, facts]) => [key, storedFacts(facts)])),
  };
  await writeCacheFile(file, v8.serialize(stored));
}

/** Forgets the stored memo (a build from scratch that failed, or --full). */
export async function dropStoredMemo(paths: ProjectPaths): Promise<void> {
  const file = storeFile(paths);
  if (file) await fs.rm(file, { force: true });
}
