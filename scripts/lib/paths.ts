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

export function projectPaths(root = ROOT, overrides: Partial<ProjectPaths> = {}): ProjectPaths {
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
