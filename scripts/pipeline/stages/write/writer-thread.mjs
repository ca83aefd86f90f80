// @ts-check
/**
 * The build's writer thread (stages/write/write.ts startOutput): makes the folders and writes the files
 * of a build's new folder with synchronous calls, in the order the messages arrive, while
 * the main thread renders and checks. Creating thousands of folders and files is kernel
 * work (0.2-1.4 ms each on this project's machines): through the thread pool it waited for
 * the main thread between calls, which is busy rendering, so it ran after the rendering
 * instead of beside it. Plain JavaScript, so that it starts without the generator's code.
 *
 * Messages (each handled in turn; after the first error the rest are skipped, and the error
 * goes back with the next "flush"):
 *   { op: "start", tmp, dist }           the new folder (its parent made if missing), and dist/ (for messages)
 *   { op: "dirs", dirs }                 folders inside it, relative ("about", "resources/guides/x")
 *   { op: "part", key, html }            a part many pages share, encoded once
 *   { op: "page", file, pieces, keys }   a page: its pieces with the shared parts between them
 *   { op: "file", file, data }           bytes, several buffers (written in order), or { copyFrom } (a file to copy)
 *   { op: "flush", id }                  replies { id, error? } once everything before it is done
 */
import { closeSync, copyFileSync, mkdirSync, openSync, writeFileSync, writevSync } from "node:fs";
import path from "node:path";
import { parentPort } from "node:worker_threads";

/** Errors of a copy that are about writing its destination, not reading its source. */
const WRITE_FAILURES = new Set(["EFBIG", "ENOSPC", "EDQUOT", "EROFS", "EIO"]);
/** @type {string | undefined} */
let tmp;
/** @type {string | undefined} */
let dist;
/** The file being written, to name in an error of a write through a file descriptor (which names no path). */
/** @type {string | undefined} */
let current;
/** @type {Map<string, Buffer>} */
const parts = new Map();
/** @type {Set<string>} */
const made = new Set(["."]);
/** @type {{ code: string; syscall: string; path?: string; message: string; errno?: number } | undefined} */
let failure;

/** @param {string} dir */
function folder(dir) {
  if (made.has(dir)) return;
  folder(path.dirname(dir));
  mkdirSync(path.join(/** @type {string} */ (tmp), dir));
  made.add(dir);
}

/**
 * @param {string} file
 * @param {() => void} write
 */
function into(file, write) {
  folder(path.dirname(file));
  write();
}

/**
 * writev until every byte is written (it may write less than asked).
 * @param {string} target
 * @param {Buffer[]} buffers
 */
function writeAll(target, buffers) {
  const fd = openSync(target, "w");
  try {
    let rest = buffers.filter((b) => b.byteLength > 0);
    while (rest.length) {
      let written = writevSync(fd, rest);
      while (rest.length && written >= /** @type {Buffer} */ (rest[0]).byteLength) written -= /** @type {Buffer} */ (rest.shift()).byteLength;
      if (written > 0) rest[0] = /** @type {Buffer} */ (rest[0]).subarray(written);
    }
  } finally {
    closeSync(fd);
  }
}

/** @param {any} msg */
function handle(msg) {
  switch (msg.op) {
    case "start":
      tmp = msg.tmp;
      dist = msg.dist;
      mkdirSync(path.dirname(msg.tmp), { recursive: true });
      mkdirSync(msg.tmp);
      return;
    case "dirs":
      for (const d of msg.dirs) folder(d);
      return;
    case "part":
      parts.set(msg.key, Buffer.from(msg.html, "utf8"));
      return;
    case "page": {
      /** @type {Buffer[]} */
      const buffers = [Buffer.from(msg.pieces[0], "utf8")];
      msg.keys.forEach((/** @type {string} */ key, /** @type {number} */ i) => buffers.push(/** @type {Buffer} */ (parts.get(key)), Buffer.from(msg.pieces[i + 1], "utf8")));
      const target = path.join(/** @type {string} */ (tmp), msg.file);
      current = msg.file;
      into(msg.file, () => writeAll(target, buffers));
      return;
    }
    case "file": {
      const target = path.join(/** @type {string} */ (tmp), msg.file);
      const data = msg.data;
      current = msg.file;
      into(msg.file, () => (Array.isArray(data) ? writeAll(target, data.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength))) : "copyFrom" in data ? copyFileSync(data.copyFrom, target) : writeFileSync(target, data)));
      return;
    }
  }
}

parentPort?.on("message", (/** @type {any} */ msg) => {
  if (msg.op === "flush") {
    parentPort?.postMessage({ id: msg.id, error: failure });
    return;
  }
  if (failure) return;
  current = undefined;
  try {
    handle(msg);
  } catch (err) {
    const e = /** @type {NodeJS.ErrnoException} */ (err);
    const target = current && dist ? path.join(dist, current) : undefined;
    // A copy that could not be written (a full disk, a file-size limit) is named as the file of dist/ it was for.
    const writing = e.syscall === "copyfile" && target && WRITE_FAILURES.has(String(e.code));
    const where = writing ? target : (e.path ?? target);
    failure = { code: String(e.code ?? "EIO"), syscall: writing ? "write" : String(e.syscall ?? "write"), message: e.message, ...(where ? { path: where } : {}), ...(e.errno !== undefined ? { errno: e.errno } : {}) };
  }
});
