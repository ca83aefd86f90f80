/**
 * How a build replaces dist/ so that a complete site is always there, and how a server finds
 * it at any instant. Shared by the build (pipeline/stages/write/write.ts) and the static server
 * (lib/server.ts).
 *
 * dist is a symbolic link to a complete build, `.dist-v-<pid>-<n>` beside it. A build writes
 * its site into a folder of that name and, once every file is there, points dist at it in one
 * step: a new link renamed over the old one (rename replaces a link atomically; two folders
 * cannot be exchanged from Node). At any instant dist/ is the old complete site or the new
 * one: never missing, never mixed, never holding a half-written file.
 *
 * The version dist pointed at before stays as the spare, `.dist-spare` (a link too): an
 * incremental build brings the spare up to date, writing only the files that differ from what
 * it holds, and swaps it in (stages/write/write.ts updateOutput), so dist/ is never written in place. The
 * spare before that is deleted. So at most two complete versions are kept, plus the folders of
 * builds under way.
 *
 * Around them:
 * - a lock, `.dist-lock` holding the builder's process id, lets one swap (or recovery) happen at
 *   a time; a lock whose process is dead is taken over;
 * - every build starts by deleting what dead builds left: version folders neither link points
 *   at, links being made, and the temporary folders and journals of earlier versions of this
 *   module (which swapped real folders with two renames). A leftover that cannot be deleted is
 *   reported once and left alone.
 * - a dist/ that is a real folder (made by an earlier version, or by hand) becomes a version
 *   on the first swap: the one moment without dist/, once, which the next build repairs.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

export interface SwapPaths {
  dist: string;
  parent: string;
  lock: string;
  /** The link to the spare version. */
  spare: string;
  /** Prefix of the version folders. */
  versionPrefix: string;
  /** Prefix of a link being made (renamed over dist or the spare). */
  linkPrefix: string;
  /** Earlier versions of this module: a journal, and folders a build wrote into or moved the old dist/ to. */
  journal: string;
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
    spare: path.join(parent, `.${base}-spare`),
    versionPrefix: `.${base}-v-`,
    linkPrefix: `.${base}-link-`,
    journal: path.join(parent, `.${base}-swap`),
    tmpPrefix: `.${base}-tmp-`,
    oldPrefix: `.${base}-old-`,
  };
}

/** For tests that inject faults: called with the lock held, just before dist is pointed at the new version. */
export const swapHooks: { beforeSwap?: () => void | Promise<void> } = {};

let counter = 0;

/** A new folder for this process's next build: `.dist-v-<pid>-<n>`, beside dist. */
export function newBuildFolder(dist: string): string {
  const p = swapPaths(dist);
  return path.join(p.parent, `${p.versionPrefix}${process.pid}-${++counter}`);
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

/** The folder a link points at (absolute), or undefined when there is no such link (missing, or a real folder). */
export async function linkTarget(link: string): Promise<string | undefined> {
  try {
    return path.resolve(path.dirname(link), await fs.readlink(link));
  } catch (err) {
    if (code(err) === "ENOENT" || code(err) === "EINVAL") return undefined;
    throw err;
  }
}

/** Points `link` at `folder` in one step: a new link (relative, so the project can move) renamed over it. */
async function pointLink(p: SwapPaths, link: string, folder: string): Promise<void> {
  const made = path.join(p.parent, `${p.linkPrefix}${process.pid}-${++counter}`);
  await fs.symlink(path.basename(folder), made);
  try {
    await fs.rename(made, link);
  } catch (err) {
    await fs.rm(made, { force: true });
    throw err;
  }
}

/** dist/ as a real folder (an earlier version of this module, or made by hand) becomes a version, and dist a link to it. Called holding the lock. */
async function linkRealFolder(p: SwapPaths): Promise<void> {
  const st = await fs.lstat(p.dist).catch(() => undefined);
  if (!st?.isDirectory()) return;
  const folder = path.join(p.parent, `${p.versionPrefix}moved-${process.pid}-${++counter}`);
  await fs.rename(p.dist, folder);
  await pointLink(p, p.dist, folder);
}

/**
 * Makes the complete folder `folder` the site: dist is pointed at it in one step. The version
 * dist showed before becomes the spare (returned), and the spare before that is deleted after
 * the lock is released (unless it is the folder swapped in).
 */
export async function swapIn(dist: string, folder: string): Promise<{ spare?: string }> {
  const release = await lockDist(dist);
  let swapped: { spare?: string; gone?: string };
  try {
    swapped = await swapHolding(dist, folder);
  } finally {
    await release();
  }
  if (swapped.gone) await fs.rm(swapped.gone, { recursive: true, force: true }).catch(() => {});
  return swapped.spare ? { spare: swapped.spare } : {};
}

/** swapIn for a caller that holds the lock (stages/write/write.ts, which brings the spare up to date under it): returns the spare to delete once the lock is released. */
export async function swapHolding(dist: string, folder: string): Promise<{ spare?: string; gone?: string }> {
  const p = swapPaths(dist);
  await repair(p);
  await linkRealFolder(p);
  const before = await linkTarget(p.dist);
  await swapHooks.beforeSwap?.();
  await pointLink(p, p.dist, folder);
  if (!before || before === folder) return {};
  const oldSpare = await linkTarget(p.spare);
  await pointLink(p, p.spare, before);
  return oldSpare && oldSpare !== folder && oldSpare !== before ? { spare: before, gone: oldSpare } : { spare: before };
}

/**
 * What a killed build may have left in the way, put right (called holding the lock): a dist
 * that is missing or points nowhere is pointed at the newest complete version it can be (a
 * real folder moved aside by linkRealFolder, or the spare); a swap of an earlier version of this
 * module that died between its two renames is finished as that version did.
 */
async function repair(p: SwapPaths): Promise<void> {
  const j = await readJournal(p.journal);
  if (j && !(await exists(p.dist))) {
    for (const name of [j.tmp, j.old]) {
      const folder = path.join(p.parent, name);
      if (await exists(folder)) {
        await fs.rename(folder, p.dist);
        break;
      }
    }
  }
  await fs.rm(p.journal, { force: true });
  const target = await linkTarget(p.dist);
  if (target === undefined ? await exists(p.dist) : await exists(target)) return;
  const moved = (await fs.readdir(p.parent).catch(() => [] as string[])).filter((n) => n.startsWith(`${p.versionPrefix}moved-`)).sort();
  const candidate = moved.length ? path.join(p.parent, moved.at(-1)!) : await linkTarget(p.spare);
  if (candidate && (await exists(candidate))) await pointLink(p, p.dist, candidate);
}

/** The process id in a leftover's name (`.dist-v-<pid>-<n>`, `.dist-v-moved-<pid>-<n>`, `.dist-link-<pid>-<n>`, …), 0 when there is none, undefined for names that are not a build's. */
function leftoverPid(name: string, p: SwapPaths): number | undefined {
  for (const prefix of [`${p.versionPrefix}moved-`, p.versionPrefix, p.linkPrefix, p.tmpPrefix, p.oldPrefix, `${path.basename(p.journal)}.`]) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number.parseInt(name.slice(prefix.length), 10);
    return Number.isInteger(pid) ? pid : 0;
  }
  return undefined;
}

/**
 * Run at the start of every build: repairs dist when a build died in the way, and deletes what
 * dead builds left beside it (versions neither dist nor the spare points at, links being made,
 * earlier versions' folders and journals). Returns one sentence per leftover that could not be
 * deleted (the build goes on: it never needs that name).
 */
export async function recoverDist(dist: string): Promise<string[]> {
  const p = swapPaths(dist);
  const release = await lockDist(dist);
  let keep: Set<string>;
  try {
    await repair(p);
    keep = new Set([await linkTarget(p.dist), await linkTarget(p.spare)].filter((t): t is string => t !== undefined).map((t) => path.basename(t)));
  } finally {
    await release();
  }
  const problems: string[] = [];
  for (const name of await fs.readdir(p.parent).catch(() => [] as string[])) {
    const pid = leftoverPid(name, p);
    // What a live build makes may not be linked yet.
    if (pid === undefined || keep.has(name) || isAlive(pid)) continue;
    try {
      await fs.rm(path.join(p.parent, name), { recursive: true, force: true });
    } catch (err) {
      problems.push(`Could not delete ${path.join(p.parent, name)}, left by an earlier build (${code(err) ?? (err as Error).message}); it is in no one's way, delete it when you can.`);
    }
  }
  return problems;
}

/** The folder that holds the site now (dist's version), or undefined when there is no site at all. */
export async function servingRoot(dist: string): Promise<string | undefined> {
  return (await servingFolder(dist))?.path;
}

/**
 * servingRoot with the folder's inode: a server reads one request's files from one version
 * (the folder itself, not the link, which a build may point elsewhere meanwhile), and tells by
 * the inode whether the site was swapped since.
 */
export async function servingFolder(dist: string): Promise<{ path: string; ino: number } | undefined> {
  const p = swapPaths(dist);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const real = await fs.realpath(p.dist);
      const s = await fs.stat(real);
      return s.isDirectory() ? { path: real, ino: s.ino } : undefined;
    } catch (err) {
      if (code(err) !== "ENOENT") throw err;
    }
    // Between the two renames of an earlier version's swap, or the link's folder deleted as it was read: look again.
    const j = await readJournal(p.journal);
    for (const name of j ? [j.tmp, j.old] : []) {
      const found = await fs.stat(path.join(p.parent, name)).catch(() => undefined);
      if (found?.isDirectory()) return { path: path.join(p.parent, name), ino: found.ino };
    }
  }
  return undefined;
}
