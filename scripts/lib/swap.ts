/**
 * How a build replaces dist/ so that a complete site is always there or restorable,
 * and how a server finds it at any instant. Shared by the build (pipeline/8-write.ts)
 * and the static server (lib/server.ts).
 *
 * A build writes into its own folder, `.dist-tmp-<pid>-<n>` next to dist/, and
 * swaps it in with two renames, dist/ -> `.dist-old-<pid>-<n>` and the folder ->
 * dist/ (Node has no atomic exchange of two folders). Around them:
 *
 * - a lock, `.dist-lock` holding the builder's process id, lets one swap (or
 *   recovery) happen at a time; a lock whose process is dead is taken over;
 * - a journal, `.dist-swap` naming both folders, is written before the first rename
 *   and removed after the second. While it exists, dist/ may be missing for an
 *   instant: servers then serve the folder the journal names (servingRoot), and the
 *   next build (recover) finishes the swap when the builder died between the two.
 *
 * Each build cleans only its own folder, and the leftovers of builds whose process
 * is dead; a leftover that cannot be deleted is reported once and left alone.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

export interface SwapPaths {
  dist: string;
  parent: string;
  lock: string;
  journal: string;
  /** Prefixes of the folders builds write into and move the old dist/ to. */
  tmpPrefix: string;
  oldPrefix: string;
}

export function swapPaths(dist: string): SwapPaths {
  const abs = path.resolve(dist);
  const parent = path.dirname(abs);
  const base = path.basename(abs);
  return {
    dist: abs,
    parent,
    lock: path.join(parent, `.${base}-lock`),
    journal: path.join(parent, `.${base}-swap`),
    tmpPrefix: `.${base}-tmp-`,
    oldPrefix: `.${base}-old-`,
  };
}

/** For tests that inject faults: called between the two renames of a swap. */
export const swapHooks: { betweenRenames?: () => void | Promise<void> } = {};

let counter = 0;

/** A new folder name for this process's next build: `.dist-tmp-<pid>-<n>`. */
export function newBuildFolder(dist: string): { tmp: string; old: string } {
  const p = swapPaths(dist);
  const id = `${process.pid}-${++counter}`;
  return { tmp: path.join(p.parent, p.tmpPrefix + id), old: path.join(p.parent, p.oldPrefix + id) };
}

/** Whether a process with this id runs (a process of another user counts). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch (err) {
    if (code(err) === "ENOENT") return false;
    throw err;
  }
}

/** How long a lock file may stay empty (its maker died between creating and writing it). */
const EMPTY_LOCK_MS = 2000;

/**
 * Takes the lock of dist/ and returns its release. Waits while another live process
 * holds it (a swap takes milliseconds; `waitMs` bounds a stuck one), takes over the
 * lock of a dead one.
 */
export async function lockDist(dist: string, waitMs = 120_000): Promise<() => Promise<void>> {
  const { lock } = swapPaths(dist);
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(lock, `${process.pid}\n`, { flag: "wx" });
      return async () => {
        await fs.rm(lock, { force: true });
      };
    } catch (err) {
      if (code(err) !== "EEXIST") throw err;
    }
    const [text, stat] = await Promise.all([fs.readFile(lock, "utf8").catch(() => undefined), fs.stat(lock).catch(() => undefined)]);
    if (text === undefined) continue; // released meanwhile
    const owner = Number.parseInt(text, 10);
    const dead = text.trim() === "" ? (stat ? Date.now() - stat.mtimeMs > EMPTY_LOCK_MS : false) : !isAlive(owner);
    if (dead) {
      await takeOver(lock, text);
      continue;
    }
    if (Date.now() - started > waitMs)
      throw new Error(`Another build (process ${owner}) has held ${lock} for ${Math.round(waitMs / 1000)} s. If no build is running, delete that file.`);
    await sleep(Math.min(5 + attempt * 5, 50));
  }
}

/** Moves a dead owner's lock aside; puts it back if it turned out to be a new, live one. */
async function takeOver(lock: string, seen: string): Promise<void> {
  const aside = `${lock}.stale-${process.pid}-${++counter}`;
  try {
    await fs.rename(lock, aside);
  } catch (err) {
    if (code(err) === "ENOENT") return; // someone else took it over
    throw err;
  }
  const moved = await fs.readFile(aside, "utf8").catch(() => seen);
  if (moved !== seen) await fs.link(aside, lock).catch(() => {}); // a live lock made meanwhile: give it back
  await fs.rm(aside, { force: true });
}

interface Journal {
  pid: number;
  /** Folder names, relative to dist/'s parent. */
  tmp: string;
  old: string;
}

async function readJournal(journal: string): Promise<Journal | undefined> {
  let text: string;
  try {
    text = await fs.readFile(journal, "utf8");
  } catch (err) {
    if (code(err) === "ENOENT") return undefined;
    throw err;
  }
  try {
    const j = JSON.parse(text) as Journal;
    if (typeof j.tmp === "string" && typeof j.old === "string" && !j.tmp.includes("/") && !j.old.includes("/")) return j;
  } catch {
    // written through a temporary file and renamed, so never half-written; ignore anything else
  }
  return undefined;
}

/**
 * Replaces dist/ with the complete folder `tmp`. dist/ is missing only between two
 * renames, with the journal saying where the site is meanwhile. The old folder is
 * deleted after the lock is released.
 */
export async function swapIn(dist: string, tmp: string, old: string): Promise<void> {
  const p = swapPaths(dist);
  const release = await lockDist(dist);
  let hadOld = false;
  try {
    await finishInterruptedSwap(p);
    const staged = `${p.journal}.${process.pid}`;
    await fs.writeFile(staged, JSON.stringify({ pid: process.pid, tmp: path.basename(tmp), old: path.basename(old) } satisfies Journal));
    await fs.rename(staged, p.journal);
    try {
      await fs.rename(p.dist, old);
      hadOld = true;
    } catch (err) {
      if (code(err) !== "ENOENT") throw err;
    }
    await swapHooks.betweenRenames?.();
    try {
      await fs.rename(tmp, p.dist);
    } catch (err) {
      if (hadOld) await fs.rename(old, p.dist);
      throw err;
    }
    await fs.rm(p.journal, { force: true });
  } finally {
    await release();
  }
  if (hadOld) await fs.rm(old, { recursive: true, force: true }).catch(() => {});
}

/**
 * A build whose process died between the two renames left no dist/ and a journal:
 * its new folder is complete, so it becomes dist/ (or, failing that, the old one comes
 * back). Called holding the lock.
 */
async function finishInterruptedSwap(p: SwapPaths): Promise<void> {
  const j = await readJournal(p.journal);
  if (!j) {
    await fs.rm(p.journal, { force: true });
    return;
  }
  if (!(await exists(p.dist))) {
    for (const name of [j.tmp, j.old]) {
      const folder = path.join(p.parent, name);
      if (await exists(folder)) {
        await fs.rename(folder, p.dist);
        break;
      }
    }
  }
  await fs.rm(p.journal, { force: true });
}

/** The process id in a build folder's name (`.dist-tmp-<pid>-<n>`), or undefined. */
function folderPid(name: string, p: SwapPaths): number | undefined {
  const rest = name.startsWith(p.tmpPrefix) ? name.slice(p.tmpPrefix.length) : name.startsWith(p.oldPrefix) ? name.slice(p.oldPrefix.length) : undefined;
  if (rest === undefined) return undefined;
  const pid = Number.parseInt(rest, 10);
  return Number.isInteger(pid) ? pid : 0;
}

/**
 * Run at the start of every build: restores dist/ when a build died mid-swap, and
 * deletes the folders of builds whose process is dead. Returns one sentence per
 * leftover that could not be deleted (the build goes on: it never needs that name).
 */
export async function recoverDist(dist: string): Promise<string[]> {
  const p = swapPaths(dist);
  const release = await lockDist(dist);
  try {
    await finishInterruptedSwap(p);
  } finally {
    await release();
  }
  const problems: string[] = [];
  for (const name of await fs.readdir(p.parent).catch(() => [] as string[])) {
    const pid = folderPid(name, p);
    if (pid === undefined || isAlive(pid)) continue;
    try {
      await fs.rm(path.join(p.parent, name), { recursive: true, force: true });
    } catch (err) {
      problems.push(`Could not delete ${path.join(p.parent, name)}, left by an earlier build (${code(err) ?? (err as Error).message}); it is in no one's way, delete it when you can.`);
    }
  }
  return problems;
}

/**
 * The folder that holds the site now: dist/, or while a swap is under way (or a
 * builder died in the middle of one), the folder its journal names. Undefined when
 * there is no site at all.
 */
export async function servingRoot(dist: string): Promise<string | undefined> {
  return (await servingFolder(dist))?.path;
}

/** servingRoot with the folder's inode, from the same stat: a server tells by it whether the site was swapped since. */
export async function servingFolder(dist: string): Promise<{ path: string; ino: number } | undefined> {
  const p = swapPaths(dist);
  const folder = async (dir: string) => {
    const s = await fs.stat(dir);
    return s.isDirectory() ? { path: dir, ino: s.ino } : undefined;
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await folder(p.dist);
    } catch (err) {
      if (code(err) !== "ENOENT") throw err;
    }
    const j = await readJournal(p.journal);
    if (!j) {
      // Between the second rename and the journal's removal, or no site: look again once.
      if (attempt === 0) continue;
      return undefined;
    }
    for (const name of [j.tmp, j.old]) {
      const found = await folder(path.join(p.parent, name)).catch(() => undefined);
      if (found) return found;
    }
  }
  return undefined;
}
