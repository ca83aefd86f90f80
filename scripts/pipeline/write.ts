/**
 * Stage 6, write: everything goes into a temporary folder next to dist/, which is
 * swapped in only when the whole build succeeded. A failed or killed build leaves
 * the previous dist/ as it was.
 */
import { mkdirSync, promises as fs } from "node:fs";
import path from "node:path";

const WRITES_AT_ONCE = 16;

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
  for (const d of [...dirs].sort()) mkdirSync(d, { recursive: true });
  // A few writes at a time: each string is encoded to a buffer while it is written,
  // and thousands at once held all those buffers (and file handles) together.
  const queue = [...files];
  let next = 0;
  const writer = async () => {
    while (next < queue.length) {
      const [file, data] = queue[next++]!;
      await fs.writeFile(path.join(tmp, file), typeof data === "string" ? encodeCopy(data) : data);
    }
  };
  await Promise.all(Array.from({ length: WRITES_AT_ONCE }, writer));

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

/**
 * The UTF-8 bytes of a page without flattening the string itself. A page is a rope
 * that shares its big parts (the inlined stylesheet, header and footer) with every
 * other page (render.tsx assemble); encoding it directly makes V8 store a flat copy
 * in its place, and the build's file map then held every page in full (4,000 guides:
 * 0.08 GB of strings before writing, 0.73 GB after). Encoding a one-character longer
 * rope around it flattens that temporary rope instead, which is garbage right after.
 */
function encodeCopy(text: string): Uint8Array {
  return Buffer.from(` ${text}`, "utf8").subarray(1);
}
