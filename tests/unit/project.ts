/** Test helper: a throw-away copy of the project's content and schemas, with some files replaced. */
import path from "node:path";
import { ROOT } from "../../scripts/lib/paths.ts";
import { removedAfterAll, tempCopy, type TempProject } from "../generator/support/temp-project.ts";

export function tempProject(files: Record<string, string | Buffer | null> = {}): TempProject {
  return tempCopy(ROOT, path.join(ROOT, "templates"), files, "bos-test-");
}

/**
 * tempProject() for a whole test file: every project it makes is removed after the
 * file's last test. Call at the top level of the file.
 */
export function projectsRemovedAfterAll(afterAll: (fn: () => void) => void): typeof tempProject {
  return removedAfterAll(afterAll, tempProject);
}
