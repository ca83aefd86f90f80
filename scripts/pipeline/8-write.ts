/**
 * Stage 6, write: everything goes into this build's own folder next to dist/, which
 * is swapped in only when the whole build succeeded (lib/swap.ts: a lock, a journal,
 * and recovery when a build died mid-swap). A failed or killed build leaves the
 * previous dist/ as it was; two builds at once each write their own folder.
 *
 * An incremental build (updateOutput: the dev server's builder, and `npm run build` with its
 * stored memo) writes only the files that changed, into dist/ itself, under the same lock:
 * each file through a temporary name and a rename, so a server never reads half of one. A
 * build that fails before writing leaves dist/ as it was; one killed or failing while it
 * writes leaves some files new and the others old, each whole, and the next build writes
 * dist/ whole (it sees dist/'s time changed: updateOutput).
 */
import { promises as fs, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isFsError } from "../lib/fs-errors.ts";
import { lockDist, newBuildFolder, swapIn } from "../lib/swap.ts";
import { hashText } from "../lib/hash.ts";
import { Worker } from "node:worker_threads";
import type { OutputState } from "./support/memo.ts";

const WRITES_AT_ONCE = 16;

/** For tests (killed-build.test.ts): called once an incremental build has replaced its first file in dist/. */
export const updateHooks: { afterFirstChange?: () => void } = {};

/** What goes into a file of dist/: text, bytes, or a file to copy as it is (a photo's copy in the build cache). */
export type OutputData = string | Uint8Array | { copyFrom: string };

/** The bytes of an output file (for tests and tools that compare builds, and the Studio's preview). */
export function outputBytes(data: OutputData): Buffer {
  return typeof data === "string" ? Buffer.from(data, "utf8") : "copyFrom" in data ? readFileSync(data.copyFrom) : Buffer.from(data);
}

/**
 * The temporary folder a build writes into, written by a thread of its own
 * (support/writer-thread.mjs) from the moment the build knows its pages: the folders while
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
   * (5-render.tsx RenderedPage), each part's markup found by its key. commit() leaves it as written.
   */
  page(file: string, page: { pieces: string[]; keys: string[] }, part: (key: string) => string): void;
  /** Writes a file now (returns at once; commit() leaves it as written): one known before the pages are, such as an asset. */
  file(file: string, data: OutputData): void;
  /** Writes the files and swaps the folder in for dist/. */
  commit(files: Map<string, OutputData>, chunks?: (file: string) => Uint8Array[] | undefined): Promise<void>;
  /** The build failed: removes the folder; dist/ stays as it was. */
  abandon(): Promise<void>;
}

/** A file-system error the writer thread met, as the Error Node would have thrown (fs-errors.ts reads its code, syscall and path). */
type WriterFailure = { code: string; syscall: string; message: string; path?: string; errno?: number };

export function startOutput(dist: string): OutputFolder {
  const { tmp, old } = newBuildFolder(dist);
  // (The pipeline has already finished any swap a dead build left: lib/swap.ts recoverDist.)
  const writer = new Worker(new URL("./support/writer-thread.mjs", import.meta.url), { execArgv: [], stdout: false, stderr: false });
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
      await swapIn(dist, tmp, old);
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
export async function writeOutput(dist: string, files: Map<string, OutputData>, chunks?: (file: string) => Uint8Array[] | undefined, folder = startOutput(dist)): Promise<void> {
  try {
    await folder.commit(files, chunks);
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

/**
 * An incremental build's write (support/memo.ts): when dist/ is still what the last build
 * left (holds: the same folder, its time unchanged since), only the files whose signature
 * changed are written, and the files no longer built are deleted with the folders they leave
 * empty. Otherwise, everything is written into a new folder that replaces dist/
 * (writeOutput, through `folder` when the build made one). Returns what dist/ now holds. An
 * error while writing in place has `partial: true`: dist/ may hold some of this build's files.
 */
export async function updateOutput(dist: string, files: Map<string, OutputData>, signatures: Map<string, string>, previous: OutputState | undefined, chunks?: (file: string) => Uint8Array[] | undefined, folder?: OutputFolder): Promise<OutputState> {
  if (!previous || !(await holds(previous))) {
    await writeOutput(dist, files, chunks, folder);
    const st = await fs.stat(dist);
    return { dist, ino: st.ino, mtimeMs: st.mtimeMs, files: signatures, changes: ["*"] };
  }
  await folder?.abandon();
  const release = await lockDist(dist);
  let state: OutputState | undefined;
  try {
    // (Another build may have swapped or updated dist/ while this one waited for the lock: then it is written whole.)
    if (await holds(previous)) state = await applyChanges(dist, files, signatures, previous, chunks);
  } finally {
    await release();
  }
  return state ?? updateOutput(dist, files, signatures, undefined, chunks);
}

/** Whether dist/ is still what `state` describes: the same folder, not updated by another build since. */
export async function holds(state: OutputState): Promise<boolean> {
  const st = await fs.stat(state.dist).catch(() => undefined);
  return st?.ino === state.ino && st.mtimeMs === state.mtimeMs;
}

/**
 * Replaces these files of dist/ in place, each through a temporary name and a rename, and
 * deletes none (the dev server's one-page rebuild: pipeline/quick.ts): what dist/ holds
 * afterwards, or undefined when dist/ is no longer what `previous` describes (nothing written).
 */
export async function replaceInPlace(dist: string, files: Map<string, OutputData>, signatures: Map<string, string>, previous: OutputState, chunks?: (file: string) => Uint8Array[] | undefined): Promise<OutputState | undefined> {
  const release = await lockDist(dist);
  try {
    if (!(await holds(previous))) return undefined;
    const state = await applyChanges(dist, files, signatures, previous, chunks, false);
    return { ...state, files: new Map([...previous.files, ...signatures]) };
  } finally {
    await release();
  }
}

/** Writes the files whose signature changed and deletes those gone (unless `deleteGone` is false), in dist/ itself (updateOutput, holding the lock). */
async function applyChanges(dist: string, files: Map<string, OutputData>, signatures: Map<string, string>, previous: OutputState, chunks?: (file: string) => Uint8Array[] | undefined, deleteGone = true): Promise<OutputState> {
  // dist/'s time changes first: a build killed halfway leaves a time no memo knows, so the next one writes dist/ whole.
  const started = new Date();
  await fs.utimes(dist, started, started);
  const changed = [...files].filter(([file]) => previous.files.get(file) !== signatures.get(file));
  const gone = deleteGone ? [...previous.files.keys()].filter((file) => !files.has(file)) : [];
  const made = new Map<string, Promise<unknown>>();
  let n = 0;
  let replacedOne = false;
  const writeOne = async ([file, data]: [string, OutputData]) => {
    const target = path.join(dist, file);
    const dir = path.dirname(target);
    if (!made.has(dir)) made.set(dir, fs.mkdir(dir, { recursive: true }));
    await made.get(dir);
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
      throw Object.assign(err as object, { partial: true });
    }
  };
  await fewAtATime(changed, writeOne);
  for (const file of gone) {
    await fs.rm(path.join(dist, file), { force: true });
    // Its folders, while empty (a deleted page's own folder).
    for (let dir = path.dirname(file); dir !== "."; dir = path.dirname(dir)) {
      if (files.has(path.join(dir, "index.html"))) break;
      try {
        await fs.rmdir(path.join(dist, dir));
      } catch {
        break; // not empty
      }
    }
  }
  // dist/'s own time, set again, marks this update: a builder holding an older state of dist/ then writes it whole.
  const now = new Date(Math.max(Date.now(), started.getTime() + 1));
  await fs.utimes(dist, now, now);
  const st = await fs.stat(dist);
  return { dist, ino: st.ino, mtimeMs: st.mtimeMs, files: signatures, changes: [...changed.map(([file]) => file), ...gone] };
}
