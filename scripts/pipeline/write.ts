/**
 * Stage 6, write: everything goes into a temporary folder next to dist/, which is
 * swapped in only when the whole build succeeded. A failed or killed build leaves
 * the previous dist/ as it was.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

export async function writeOutput(dist: string, files: Map<string, string | Uint8Array>): Promise<void> {
  const parent = path.dirname(dist);
  const base = path.basename(dist);
  // Leftovers of builds that were killed half-way.
  for (const name of await fs.readdir(parent).catch(() => [] as string[]))
    if (name.startsWith(`.${base}-tmp-`) || name.startsWith(`.${base}-old-`)) await fs.rm(path.join(parent, name), { recursive: true, force: true });

  const tmp = path.join(parent, `.${base}-tmp-${process.pid}`);
  const old = path.join(parent, `.${base}-old-${process.pid}`);
  await fs.mkdir(tmp, { recursive: true });
  const dirs = new Set([...files.keys()].map((f) => path.dirname(path.join(tmp, f))));
  for (const d of [...dirs].sort()) await fs.mkdir(d, { recursive: true });
  await Promise.all([...files].map(([file, data]) => fs.writeFile(path.join(tmp, file), data)));

  let hadOld = true;
  try {
    await fs.rename(dist, old);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    hadOld = false;
  }
  try {
    await fs.rename(tmp, dist);
  } catch (err) {
    if (hadOld) await fs.rename(old, dist);
    throw err;
  }
  if (hadOld) await fs.rm(old, { recursive: true, force: true });
}
