import { spawn } from "node:child_process";
import path from "node:path";
import { GENERATOR, missingFolders, ROOT, toolTsconfig } from "./project.mjs";

export { GENERATOR, ROOT };

/** Where a build reads from and writes to. Tests and the bench point these elsewhere. */
export interface ProjectPaths {
  root: string;
  content: string;
  schemas: string;
  templates: string;
  dist: string;
}

/**
 * The project's folders: the site's (ROOT, the folder the command runs in or the nearest
 * above holding a site). SSG_PROJECT_ROOT points the commands at another copy of
 * content/ and schemas/ (the dev server's test runs it on a throw-away copy) with the
 * templates of that site; SSG_PROJECT_TEMPLATES at other templates too (what
 * `--project <dir>` sets: projectArg).
 */
export function projectPaths(root = process.env["SSG_PROJECT_ROOT"] || ROOT, overrides: Partial<ProjectPaths> = {}): ProjectPaths {
  return {
    root,
    content: path.join(root, "content"),
    schemas: path.join(root, "schemas"),
    templates: process.env["SSG_PROJECT_TEMPLATES"] || path.join(ROOT, "templates"),
    dist: path.join(root, "dist"),
    ...overrides,
  };
}

/**
 * `--project <dir>` among a command's arguments: the site in <dir> (its content/,
 * schemas/ and templates/; its dist/) instead of this repository's. Sets the
 * environment so that the processes the command starts work on it too; returns the
 * other arguments. Exits with a message when <dir> is not a site.
 */
export async function projectArg(args: string[]): Promise<string[]> {
  const at = args.indexOf("--project");
  if (at === -1) return args;
  const dir = args[at + 1];
  if (!dir || dir.startsWith("--")) {
    console.error("--project needs a folder: --project ../my-site");
    process.exit(2);
  }
  const root = path.resolve(dir);
  const missing = missingFolders(root);
  if (missing.length) {
    console.error(`${dir} is not a site: it has no ${missing.join(", ")} folder. \`npx json-site new ${dir}\` starts one.`);
    process.exit(2);
  }
  const rest = [...args.slice(0, at), ...args.slice(at + 2)];
  const templates = path.join(root, "templates");
  if (process.env["SSG_PROJECT_TEMPLATES"] === templates && process.env["TSX_TSCONFIG_PATH"]) return rest;
  // The same command again, with a tsconfig under which tsx compiles the site's templates as the generator's code.
  const tsconfig = toolTsconfig(root, templates);
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...rest], {
    stdio: "inherit",
    env: { ...process.env, SSG_PROJECT_ROOT: root, SSG_PROJECT_TEMPLATES: templates, TSX_TSCONFIG_PATH: tsconfig },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise<never>(() => {}); // this process only waits for that one
}

/** A path relative to the root, with forward slashes, for messages. */
export function rel(root: string, file: string): string {
  // A file inside the root, both already normal (no ".", "..", "//" or trailing "/"): what is after the root (path.relative took 4,000 guides ~20 ms).
  if (path.sep === "/" && file.length > root.length + 1 && file.startsWith(root) && file[root.length] === "/" && !root.endsWith("/") && !file.includes("/.") && !file.includes("//") && !file.endsWith("/") && path.isAbsolute(root))
    return file.slice(root.length + 1);
  return path.relative(root, file).split(path.sep).join("/");
}
