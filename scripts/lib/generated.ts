/**
 * The project's generated files: what a build makes from the project that takes seconds to
 * make again and is the same on every machine — the photos' copies, the cut web font, the
 * share images and icons, the compiled schema validators. Kept in `<project>/.generated/`
 * and committed with the content (as Hugo keeps resources/_gen/), so that a fresh clone,
 * CI and every deploy preview build in a second instead of encoding images for ten.
 *
 * - Each file is named by a hash of everything it is made from: the bytes it was made
 *   from (the photo, the font files, the schemas), the settings, the text drawn, and the
 *   versions of the engines that made it (sharp and libvips, resvg, HarfBuzz, ajv) with
 *   the generator's module that drove them. A name is never reused for other bytes, so a
 *   file found is right, and a file missing is made (and written here) by the build.
 * - `npm run build` removes, after it succeeded, every file it did not use that is older
 *   than GRACE_MS (one a build beside it may have just written or be about to copy).
 *   Commit the folder as it is after a build: new files added, old ones gone.
 * - SSG_GENERATED=0 keeps them in the build cache instead (node_modules/.cache), as any
 *   other cache; with SSG_CACHE=0 as well, everything is made afresh in memory. The bench
 *   measures both.
 * - Deleting the folder is always safe: the next build makes every file again.
 *
 * The machine-specific part of a cache (V8 code caches, bundles with absolute paths, the
 * page memo) stays in node_modules/.cache (lib/cache.ts).
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { defaultCacheDir, writeCacheFile } from "./cache.ts";
import { writeWholeSync } from "./fs.ts";
import type { ProjectPaths } from "./paths.ts";

export const GENERATED_DIR = ".generated";
/** A file not used by a build is removed only once it is this old: another build may have written it a moment ago. */
export const GRACE_MS = 10 * 60_000;

export class GeneratedFiles {
  /** The files this process found or wrote, by absolute path (`npm run build` keeps exactly these). */
  readonly used = new Set<string>();
  /** The names this process made (and wrote). */
  readonly made = new Set<string>();

  constructor(readonly dir: string) {}

  /** The absolute path of `name` ("photos/lobby-960-abc.avif"). */
  file(name: string): string {
    return path.join(this.dir, name);
  }

  /** Whether `name` is here (and so used by this build). Touched, so that a build beside this one does not remove it as old. */
  has(name: string): boolean {
    const file = this.file(name);
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {
      return false;
    }
    if (size === 0) return false;
    this.mark(file);
    return true;
  }

  /** The bytes of `name`, or undefined when it is not here. */
  read(name: string): Buffer | undefined {
    const file = this.file(name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return undefined;
    }
    if (bytes.length === 0) return undefined;
    this.mark(file);
    return bytes;
  }

  /** Writes `name` whole (a reader never sees half of it); a store that cannot be written only costs the next build the work. */
  async write(name: string, data: string | Uint8Array): Promise<boolean> {
    const file = this.file(name);
    this.used.add(file);
    return writeCacheFile(file, data).then(
      () => {
        this.made.add(name);
        return true;
      },
      () => false,
    );
  }

  /** write(), done before it returns (for a caller that cannot wait: the schema validators are made synchronously). */
  writeNow(name: string, data: string | Uint8Array): boolean {
    const file = this.file(name);
    this.used.add(file);
    try {
      writeWholeSync(file, data);
    } catch {
      return false;
    }
    this.made.add(name);
    return true;
  }

  private mark(file: string): void {
    if (this.used.has(file)) return;
    this.used.add(file);
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // a read-only checkout: nothing to protect it from
    }
  }

  /**
   * Removes every file this process did not use that is older than `graceMs`, and folders
   * left empty. Returns the names removed. Only for a build that used everything the project
   * needs (`npm run build`, after it succeeded).
   */
  prune(graceMs = GRACE_MS, now = Date.now()): string[] {
    const removed: string[] = [];
    let entries: string[];
    try {
      entries = readdirSync(this.dir, { recursive: true }) as string[];
    } catch {
      return removed;
    }
    for (const name of entries.sort()) {
      const file = path.join(this.dir, name);
      if (this.used.has(file)) continue;
      try {
        const s = statSync(file);
        if (!s.isFile() || now - s.mtimeMs < graceMs) continue;
        rmSync(file, { force: true });
        removed.push(name.split(path.sep).join("/"));
      } catch {
        // removed meanwhile
      }
    }
    for (const name of entries.sort().reverse()) {
      const folder = path.join(this.dir, name);
      try {
        if (statSync(folder).isDirectory() && readdirSync(folder).length === 0) rmSync(folder, { recursive: true, force: true });
      } catch {
        // gone
      }
    }
    return removed;
  }
}

/**
 * The generated files of the project at `paths`: `<root>/.generated/`, or with
 * SSG_GENERATED=0 the build cache's folder (none with SSG_CACHE=0 too: everything in memory).
 */
export function openGenerated(paths: Pick<ProjectPaths, "root">): GeneratedFiles | undefined {
  return process.env["SSG_GENERATED"] !== "0" ? new GeneratedFiles(path.join(paths.root, GENERATED_DIR)) : machineGenerated();
}

/** The build cache's folder of generated files (this machine's; none with SSG_CACHE=0). */
export function machineGenerated(): GeneratedFiles | undefined {
  const cache = defaultCacheDir();
  return cache ? new GeneratedFiles(path.join(cache, "generated")) : undefined;
}

/** Copies a project's generated files into another project's folder, as a clone has them (tests, the bench's copies). */
export function copyGenerated(fromRoot: string, toRoot: string): void {
  const from = path.join(fromRoot, GENERATED_DIR);
  if (existsSync(from)) cpSync(from, path.join(toRoot, GENERATED_DIR), { recursive: true });
}
