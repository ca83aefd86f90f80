/**
 * Test helper: a throw-away copy of a site's content/ and schemas/ in a temporary folder,
 * with `files` written over it (null deletes one), building with `templates` where they
 * are (templates import the generator by name, and their own files by relative paths).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { GENERATED_DIR } from "../../../scripts/lib/generated.ts";
import os from "node:os";
import path from "node:path";
import { projectPaths, type ProjectPaths } from "../../../scripts/lib/paths.ts";

export type TempProject = ProjectPaths & { cleanup(): void };

/** `into`: an empty folder to make the copy in (default: a new one in the system's temporary folder). */
export function tempCopy(site: string, templates: string, files: Record<string, string | Buffer | null> = {}, prefix = "site-copy-", into?: string): TempProject {
  const root = into ?? mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(path.join(site, "content"), path.join(root, "content"), { recursive: true });
  cpSync(path.join(site, "schemas"), path.join(root, "schemas"), { recursive: true });
  // The generated files a clone has (scripts/lib/generated.ts): each copy would otherwise encode every photo again.
  if (existsSync(path.join(site, GENERATED_DIR))) cpSync(path.join(site, GENERATED_DIR), path.join(root, GENERATED_DIR), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const abs = path.join(root, file);
    if (text === null) rmSync(abs, { force: true });
    else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, text);
    }
  }
  return { ...projectPaths(root, { templates }), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

type Files = Record<string, string | Buffer | null>;

/** `make` for a whole test file: every copy it makes is removed after the file's last test. Call at the top level. */
export function removedAfterAll(afterAll: (fn: () => void) => void, make: (files?: Files) => TempProject): (files?: Files) => TempProject {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.forEach((c) => c()));
  return (files = {}) => {
    const p = make(files);
    cleanups.push(p.cleanup);
    return p;
  };
}
