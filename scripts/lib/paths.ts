import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root (the folder holding package.json). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where a build reads from and writes to. Tests and the bench point these elsewhere. */
export interface ProjectPaths {
  root: string;
  content: string;
  schemas: string;
  templates: string;
  dist: string;
}

/**
 * The project's folders. BOS_PROJECT_ROOT points the commands at another copy of
 * content/ and schemas/ (the dev server's test runs it on a throw-away copy);
 * templates always come from this repository.
 */
export function projectPaths(root = process.env["BOS_PROJECT_ROOT"] || ROOT, overrides: Partial<ProjectPaths> = {}): ProjectPaths {
  return {
    root,
    content: path.join(root, "content"),
    schemas: path.join(root, "schemas"),
    templates: path.join(ROOT, "templates"),
    dist: path.join(root, "dist"),
    ...overrides,
  };
}

/** A path relative to the root, with forward slashes, for messages. */
export function rel(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join("/");
}
