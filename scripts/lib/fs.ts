import { promises as fs, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Every file below dir (recursively), as sorted absolute paths. A missing dir has none. */
export async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * Writes a file whole or not at all: into a temporary name of this process, then renamed
 * over the file, so that a reader (another build, the Studio's preview) never sees half a
 * file; the temporary file is removed when the write fails. Makes the folder first. The
 * name ends in .tmp, which a build skips (os-files.ts) while it exists.
 */
export async function writeWhole(file: string, data: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** writeWhole, done before it returns (for a caller that cannot wait). */
export function writeWholeSync(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
