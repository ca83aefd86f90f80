/** Test helper: a throw-away copy of the project's content and schemas, with some files replaced. */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { listFiles } from "../../scripts/lib/fs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { removedAfterAll, tempCopy, type TempProject } from "../generator/support/temp-project.ts";

/**
 * `templates: true`: a copy of templates/ too, for tests that edit them, made inside the
 * repository (.test-projects/, ignored by git) so that the templates' imports (react,
 * json-site/api) resolve as they do from templates/.
 */
export function tempProject(files: Record<string, string | Buffer | null> = {}, options: { templates?: boolean } = {}): TempProject {
  if (!options.templates) return tempCopy(ROOT, path.join(ROOT, "templates"), files, "bos-test-");
  const parent = path.join(ROOT, ".test-projects");
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(path.join(parent, "bos-"));
  cpSync(path.join(ROOT, "templates"), path.join(root, "templates"), { recursive: true });
  const copy = tempCopy(ROOT, path.join(root, "templates"), files, "", root);
  return copy;
}

/**
 * tempProject() for a whole test file: every project it makes is removed after the
 * file's last test. Call at the top level of the file.
 */
export function projectsRemovedAfterAll(afterAll: (fn: () => void) => void, options: { templates?: boolean } = {}): (files?: Record<string, string | Buffer | null>) => TempProject {
  return removedAfterAll(afterAll, (files) => tempProject(files, options));
}

/** The broken-content corpus (tests/fixtures/broken/): one folder per case. */
export const BROKEN_CORPUS = path.join(ROOT, "tests/fixtures/broken");
export const brokenCases = (): string[] => readdirSync(BROKEN_CORPUS).sort();
/** The cases that break content only (their files all under content/): those with a broken schema compile no validators to compare. */
export const contentCases = (): string[] => brokenCases().filter((name) => listFilesSync(path.join(BROKEN_CORPUS, name, "files")).every((f) => f.startsWith("content/")));

function listFilesSync(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFilesSync(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join("/")]));
}

/** A case's files for tempProject(): those under its files/, with `<name>.delete` deleting <name>. */
export async function brokenCaseFiles(name: string): Promise<Record<string, Buffer | null>> {
  const dir = path.join(BROKEN_CORPUS, name, "files");
  const files: Record<string, Buffer | null> = {};
  for (const abs of await listFiles(dir)) {
    const relPath = path.relative(dir, abs).split(path.sep).join("/");
    files[relPath.replace(/\.delete$/, "")] = relPath.endsWith(".delete") ? null : readFileSync(abs);
  }
  return files;
}
