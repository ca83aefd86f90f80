/**
 * One writer at a time per content file, across processes (two Studios, or a Studio and the
 * `new`/rename commands): proper-lockfile's lock (an atomic mkdir, refreshed while held,
 * taken over once stale if its holder died). The locks live in the system's temporary folder,
 * named by a hash of the file's real path, so that no lock ever appears inside content/ for a
 * watcher or a build to see.
 */
import { createHash } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const LOCKS = path.join(os.tmpdir(), "site-studio-locks");

/** The real path of a file that may not exist yet (its folder's real path, then its name). */
function realFile(abs: string): string {
  try {
    return realpathSync(abs);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(abs)), path.basename(abs));
    } catch {
      return abs;
    }
  }
}

export async function withFileLock<T>(abs: string, run: () => Promise<T>): Promise<T> {
  mkdirSync(LOCKS, { recursive: true });
  const lockfilePath = path.join(LOCKS, `${createHash("sha256").update(realFile(abs)).digest("hex").slice(0, 32)}.lock`);
  // Loaded on the first save, not when the Studio starts (with graceful-fs, ~30-60 ms through tsx).
  const { default: lockfile } = await import("proper-lockfile");
  const release = await lockfile.lock(abs, {
    lockfilePath,
    realpath: false,
    // A holder that died leaves its lock: taken over after this long without a refresh.
    stale: 10_000,
    retries: { retries: 200, factor: 1.2, minTimeout: 10, maxTimeout: 200 },
    // proper-lockfile's default throws outside any caller, which would stop the Studio: the save that held it has finished or failed on its own.
    onCompromised: (err) => console.error(`studio: the lock on ${abs} was lost: ${err.message}`),
  });
  try {
    return await run();
  } finally {
    await release().catch(() => {});
  }
}
