/** Test helper: a throw-away copy of the project's content and schemas, with some files replaced. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectPaths, ROOT, type ProjectPaths } from "../../scripts/lib/paths.ts";

export function tempProject(files: Record<string, string | Buffer | null> = {}): ProjectPaths & { cleanup(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), "bos-test-"));
  cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
  cpSync(path.join(ROOT, "schemas"), path.join(root, "schemas"), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const abs = path.join(root, file);
    if (text === null) rmSync(abs, { force: true });
    else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, text);
    }
  }
  return { ...projectPaths(root), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * tempProject() for a whole test file: every project it makes is removed after the
 * file's last test. Call at the top level of the file.
 */
export function projectsRemovedAfterAll(afterAll: (fn: () => void) => void): (files?: Record<string, string | Buffer | null>) => ReturnType<typeof tempProject> {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.forEach((c) => c()));
  return (files = {}) => {
    const p = tempProject(files);
    cleanups.push(p.cleanup);
    return p;
  };
}
