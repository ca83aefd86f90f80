/**
 * Stage 8, write: the site goes into a version folder of its own beside dist/, and dist is
 * pointed at it in one step once every file is there (lib/swap.ts). A failed or killed build
 * leaves the previous dist/ as it was; two builds at once each write their own folder.
 *
 * An incremental build (updateOutput: the dev server's builder, and `npm run build` with its
 * stored memo) brings the spare version (the one dist showed before the last swap) up to date,
 * writing only the files that differ from what it holds, and swaps it in, all under the lock:
 * dist/ itself is never written. A build killed while it updates the spare leaves dist/ as it
 * was, and the spare's time changed (it is marked first), so the next build writes a new folder
 * whole instead of trusting what it knew of the spare.
 */
import type { OutputData, OutputState } from "../../model.ts";
export type { OutputData };
import { promises as fs, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isFsError } from "../../../lib/fs-errors.ts";
import { linkTarget, lockDist, newBuildFolder, swapHolding, swapIn, swapPaths } from "../../../lib/swap.ts";
import { hashText } from "../../../lib/hash.ts";
import { Worker } from "node:worker_threads";

const WRITES_AT_ONCE = 16;

/** For tests (killed-build.test.ts): called once an incremental build has replaced its first file in the spare version. */
export const updateHooks: { afterFirstChange?: () => void } = {};

/** The bytes of an output file (for tests and tools that compare builds, and the Studio's preview). */
export function outputBytes(data: OutputData): Buffer {
  return typeof data === "string" ? Buffer.from(data, "utf8") : "copyFrom" in data ? readFileSync(data.copyFrom) : Buffer.from(data);
}

/**
 * The temporary folder a build writes into, written by a thread of its own
 * (stages/write/writer-thread.mjs) from the moment the build knows its pages: the folders while
 * the main thread renders, each page as soon as it is rendered, the other files at commit.
 * Creating thousands of folders and files is kernel work (4,000 pages: 1-4 s on this
 * project's machines); there it runs on the second core beside the rendering and checking,
 * instead of after them.
 */
export interface OutputFolder {
  /** Starts making the folders these files go in (returns at once). */
  prepare(files: Iterable<string>): void;
  /**
   * Writes a page now (returns at once): its pieces with the shared parts between them
   * (stages/render/render.tsx RenderedPage), each part's markup found by its key. commit() leaves it as written.
   */
  page(file: string, page: { pieces: string[]; keys: string[] }, part: (key: string) => string): void;
  /** Writes a file now (returns at once; commit() leaves it as written): one known before the pages are, such as an asset. */
  file(file: string, data: OutputData): void;
  /** Writes the files and points dist/ at the folder: returns the folder and the version that became the spare. */
  commit(files: Map<string, OutputData>, chunks?: (file: string) => Uint8Array[] | undefined): Promise<{ folder: string; spare?: string }>;
  /** The build failed: removes the folder; dist/ stays as it was. */
  abandon(): Promise<void>;
}

/** A file-system error the writer thread met, as the Error Node would have thrown (fs-errors.ts reads its code, syscall and path). */
type WriterFailure = { code: string; syscall: string; message: string; path?: string; errno?: number };

export function startOutput(dist: string): OutputFolder {
  const tmp = newBuildFolder(dist);
  // (The pipeline has already repaired what a dead build left: lib/swap.ts recoverDist.)
  const writer = new Worker(new URL("./writer-thread.mjs", import.meta.url), { execArgv: [], stdout: false, stderr: false });
  writer.unref();
  const waiting = new Map<number, { resolve(failure: WriterFailure | undefined): void; reject(err: Error): void }>();
  let flushes = 0;
  let stopped: Error | undefined;
  const stop = (err: Error) => {
    stopped ??= err;
    for (const w of waiting.values()) w.reject(stopped);
    waiting.clear();
  };
  writer.on("message", (m: { id: number; error?: WriterFailure }) => {
    waiting.get(m.id)?.resolve(m.error);
    waiting.delete(m.id);
  });
  writer.on("error", stop);
  writer.on("exit", (code) => stop(new Error(`The build's writer thread stopped (exit code ${code}).`)));
  const send = (msg: object) => {
    if (!stopped) writer.postMessage(msg);
  };
  /** Waits until the writer has handled everything sent so far; throws the first error it met. */
  const flush = async () => {
    if (stopped) throw stopped;
    const id = flushes++;
    const failure = await new Promise<WriterFailure | undefined>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      writer.postMessage({ op: "flush", id });
    });
    if (failure) throw Object.assign(new Error(failure.message), failure);
  };
  send({ op: "start", tmp, dist });
  const sentParts = new Set<string>();
  const written = new Set<string>();
  let ended = false;
  const end = async () => {
    if (ended) return;
    ended = true;
    await writer.terminate();
  };

  return {
    prepare(files) {
      const dirs = new Set<string>();
      for (const f of files) dirs.add(path.dirname(f));
      dirs.delete(".");
      send({ op: "dirs", dirs: [...dirs] });
    },
    page(file, page, part) {
      for (const key of page.keys) {
        if (sentParts.has(key)) continue;
        sentParts.add(key);
        send({ op: "part", key, html: part(key) });
      }
      send({ op: "page", file, pieces: page.pieces, keys: page.keys });
      written.add(file);
    },
    file(file, data) {
      send({ op: "file", file, data: typeof data === "string" ? encodeCopy(data) : data });
      written.add(file);
    },
    async commit(files, chunks) {
      try {
        for (const [file, data] of files) {
          if (written.has(file)) continue;
          const parts = chunks?.(file);
          send({ op: "file", file, data: parts ?? (typeof data === "string" ? encodeCopy(data) : data) });
        }
        await flush();
      } finally {
        await end();
      }
      return { folder: tmp, ...(await swapIn(dist, tmp)) };
    },
    async abandon() {
      await end();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * Writes everything into a temporary folder and swaps it in for dist/. `chunks` may
 * give a file's bytes as several buffers, written in order with one writev call
 * (pages: their own markup around shared parts encoded once, render.tsx).
 */
export async function writeOutput(dist: string, files: Map<string, OutputData>, chunks?: (file: string) => Uint8Array[] | undefined, folder = startOutput(dist)): Promise<{ folder: string; spare?: string }> {
  try {
    return await folder.commit(files, chunks);
  } catch (err) {
    await folder.abandon().catch(() => {});
    throw err;
  }
}

/**
 * The UTF-8 bytes of a page without flattening the string itself. A page is a rope
 * that shares its big parts (the inlined stylesheet, header and footer) with every
 * other page (render.tsx assemble); encoding it directly makes V8 store a flat copy
 * in its place, and the build's file map then held every page in full (4,000 pages:
 * 0.08 GB of strings before writing, 0.73 GB after). Encoding a one-character longer
 * rope around it flattens that temporary rope instead, which is garbage right after.
 */
function encodeCopy(text: string): Uint8Array {
  return Buffer.from(` ${text}`, "utf8").subarray(1);
}

/** writev until every byte is written (it may write less than asked). */
async function writeAll(handle: fs.FileHandle, parts: Uint8Array[]): Promise<void> {
  let rest = parts.filter((p) => p.byteLength > 0);
  while (rest.length) {
    let { bytesWritten } = await handle.writev(rest);
    while (rest.length && bytesWritten >= rest[0]!.byteLength) bytesWritten -= rest.shift()!.byteLength;
    if (bytesWritten > 0) rest[0] = rest[0]!.subarray(bytesWritten);
  }
}

/** One file's bytes into `target`: copied, written from several buffers with one writev call, or written. */
async function writeData(target: string, data: OutputData, parts: Uint8Array[] | undefined): Promise<void> {
  if (typeof data === "object" && "copyFrom" in data) await fs.copyFile(data.copyFrom, target);
  else if (parts) {
    const handle = await fs.open(target, "w");
    try {
      await writeAll(handle, parts);
    } finally {
      await handle.close();
    }
  } else await fs.writeFile(target, typeof data === "string" ? encodeCopy(data) : data);
}

/**
 * `write` for each item, WRITES_AT_ONCE at a time: each string is encoded to a buffer while
 * it is written, and thousands at once held all those buffers (and file handles) together.
 * After an error no writer takes a new item, and the first error goes up once all have stopped.
 */
async function fewAtATime<T>(items: T[], write: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const writer = async () => {
    while (next < items.length && !failed) await write(items[next++]!).catch((err: unknown) => ((failed = true), Promise.reject(err)));
  };
  const settled = await Promise.allSettled(Array.from({ length: WRITES_AT_ONCE }, writer));
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
}

/** What a file of dist/ is, for telling whether it changed: the hash of its bytes (a file to copy: its path, size and time). */
export function outputSignature(data: OutputData): string {
  if (typeof data === "object" && "copyFrom" in data) {
    const st = statSync(data.copyFrom);
    return `copy:${data.copyFrom}:${st.size}:${st.mtimeMs}`;
  }
  return hashText(typeof data === "string" ? encodeCopy(data) : data);
}

/** What dist/ shows (output) and the spare version (lib/swap.ts), as the last build left them. */
export interface Versions {
  output?: OutputState | undefined;
  spare?: OutputState | undefined;
}

/**
 * An incremental build's write (memo/memo.ts): when dist/ and the spare are still what the
 * last build left (holds: the folders the links point at, their times unchanged since), the
 * spare is brought up to date (only the files whose signature differs from what it holds are
 * written, those no longer built are deleted with the folders they leave empty) and swapped
 * in; the version dist/ showed becomes the spare. Otherwise, everything is written into a new
 * folder (writeOutput, through `folder` when the build made one) and the old version becomes
 * the spare. Returns both as they now are, and in `output.changes` the files that differ from
 * what dist/ showed before (["*"] when that was not known).
 */
export async function updateOutput(dist: string, files: Map<string, OutputData>, signatures: Map<string, string>, previous: Versions, chunks?: (file: string) => Uint8Array[] | undefined, folder?: OutputFolder): Promise<{ output: OutputState; spare: OutputState | undefined }> {
  const p = swapPaths(dist);
  const live = previous.output && (await holds(previous.output, p.dist)) ? previous.output : undefined;
  const changes = live ? changedFiles(files, signatures, live.files) : ["*"];
  const spare = live && previous.spare && (await holds(previous.spare, p.spare)) ? previous.spare : undefined;
  // Nothing differs from what dist/ shows: nothing to write or swap.
  if (live && changes.length === 0) {
    await folder?.abandon();
    return { output: { ...live, changes }, spare };
  }
  if (live && spare) {
    await folder?.abandon();
    folder = undefined;
    const release = await lockDist(dist);
    let gone: string | undefined;
    let updated: OutputState | undefined;
    try {
      // (Another build may have swapped dist/ or taken the spare while this one waited for the lock: then it writes a new folder.)
      if ((await holds(live, p.dist)) && (await holds(spare, p.spare))) {
        updated = await applyChanges(spare.folder, files, signatures, spare.files, chunks);
        gone = (await swapHolding(dist, updated.folder)).gone;
      }
    } finally {
      await release();
    }
    if (gone) await fs.rm(gone, { recursive: true, force: true }).catch(() => {});
    if (updated) return { output: { ...updated, changes }, spare: live };
  }
  const written = await writeOutput(dist, files, chunks, folder ?? startOutput(dist));
  const output = { ...(await stateOf(written.folder, signatures)), changes };
  // The version dist/ showed is the spare now: its state is known when it was the last build's.
  return { output, spare: live && written.spare === live.folder ? live : undefined };
}

/** Whether updateOutput will bring the spare up to date (no new folder to write): dist/ and the spare are what `previous` says. */
export async function canUpdate(dist: string, previous: Versions | undefined): Promise<boolean> {
  const p = swapPaths(dist);
  return !!previous?.output && !!previous.spare && (await holds(previous.output, p.dist)) && (await holds(previous.spare, p.spare));
}

/** The files that differ from what a version holds (by signature), and those it holds that are gone. */
function changedFiles(files: Map<string, OutputData>, signatures: Map<string, string>, held: Map<string, string>): string[] {
  return [...[...files.keys()].filter((f) => held.get(f) !== signatures.get(f)), ...[...held.keys()].filter((f) => !files.has(f))];
}

async function stateOf(folder: string, files: Map<string, string>): Promise<OutputState> {
  const st = await fs.stat(folder);
  return { folder, ino: st.ino, mtimeMs: st.mtimeMs, files };
}

/** Whether `link` (dist, or the spare's link) still points at the version `state` describes, untouched by another build since. */
export async function holds(state: OutputState, link: string): Promise<boolean> {
  if ((await linkTarget(link).catch(() => undefined)) !== state.folder) return false;
  const st = await fs.stat(state.folder).catch(() => undefined);
  return st?.ino === state.ino && st.mtimeMs === state.mtimeMs;
}

/** Writes into a version that no one serves (the spare, under the lock) the files whose signature differs from what it holds, and deletes those gone. */
async function applyChanges(folder: string, files: Map<string, OutputData>, signatures: Map<string, string>, held: Map<string, string>, chunks?: (file: string) => Uint8Array[] | undefined): Promise<OutputState> {
  // The folder's time changes first: a build killed halfway leaves a time no memo knows, so the next one writes a new folder whole.
  const started = new Date();
  await fs.utimes(folder, started, started);
  const changed = [...files].filter(([file]) => held.get(file) !== signatures.get(file));
  const gone = [...held.keys()].filter((file) => !files.has(file));
  const made = new Map<string, Promise<unknown>>();
  let n = 0;
  let replacedOne = false;
  const writeOne = async ([file, data]: [string, OutputData]) => {
    const target = path.join(folder, file);
    const dir = path.dirname(target);
    if (!made.has(dir)) made.set(dir, fs.mkdir(dir, { recursive: true }));
    await made.get(dir);
    // Through a new file and a rename: a client still reading this version's file (it was dist/ a build ago) reads it whole.
    const tmp = `${target}.ssg-tmp-${process.pid}-${n++}`;
    try {
      await writeData(tmp, data, chunks?.(file));
      await fs.rename(tmp, target);
      if (!replacedOne) {
        replacedOne = true;
        updateHooks.afterFirstChange?.();
      }
    } catch (err) {
      await fs.rm(tmp, { force: true });
      if (isFsError(err) && !err.path) err.path = target;
      throw err;
    }
  };
  await fewAtATime(changed, writeOne);
  for (const file of gone) {
    await fs.rm(path.join(folder, file), { force: true });
    // Its folders, while empty (a deleted page's own folder).
    for (let dir = path.dirname(file); dir !== "."; dir = path.dirname(dir)) {
      if (files.has(path.join(dir, "index.html"))) break;
      try {
        await fs.rmdir(path.join(folder, dir));
      } catch {
        break; // not empty
      }
    }
  }
  // The folder's own time, set again, marks this update: a builder holding an older state of it then writes a new folder.
  const now = new Date(Math.max(Date.now(), started.getTime() + 1));
  await fs.utimes(folder, now, now);
  return stateOf(folder, signatures);
}
