// @ts-check
/**
 * Where the generator is, and which site a command works on. Plain JavaScript, so that the
 * `json-site` command (cli.mjs) and build.mjs find them before tsx runs.
 *
 * - GENERATOR: the generator's own folder, its package: scripts/ in its repository,
 *   node_modules/json-site in a site that installed it. Everything the generator reads of
 *   its own is found from here, never from the site.
 * - ROOT: the site a command works on when not told otherwise: the folder it runs in, or the
 *   nearest folder above holding content/, schemas/ and templates/ (as git and npm find theirs).
 *   In this repository that is the repository, whose site is the Building OS site.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const GENERATOR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The folders a site has and `dir` lacks ([] when `dir` is a site). */
export function missingFolders(/** @type {string} */ dir) {
  return ["content", "schemas", "templates"].filter((d) => !fs.existsSync(path.join(dir, d)));
}

/** The nearest folder from `from` upwards that holds a site, or undefined. */
export function findSite(from = process.cwd()) {
  for (let dir = path.resolve(from); ; ) {
    if (missingFolders(dir).length === 0) return dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

export const ROOT = findSite() ?? process.cwd();

/** What `node --import` takes to run TypeScript: tsx's loader, as the generator's own dependency finds it. */
export const TSX_IMPORT = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/**
 * The tsconfig tsx reads for a site (TSX_TSCONFIG_PATH). tsx compiles a file with the compiler
 * options (JSX among them) of the one tsconfig it reads, and only the files that tsconfig includes:
 * this one has the generator's options and includes the generator's folder and the site's
 * templates, wherever each is. Kept in the site's node_modules/.cache, written when it changes.
 * @param {string} root the site's folder
 * @param {string} templates its templates folder
 */
export function toolTsconfig(root, templates) {
  const file = path.join(root, "node_modules", ".cache", "json-site", `tsconfig-${createHash("sha256").update(`${GENERATOR}\n${templates}`).digest("hex").slice(0, 16)}.json`);
  // In the generator's repository, its tests and configs too (a command there may load them).
  const checkout = path.dirname(GENERATOR);
  const own = fs.existsSync(path.join(checkout, "tests")) && fs.existsSync(path.join(checkout, "tsconfig.json")) ? [path.join(checkout, "tests"), path.join(checkout, "*.config.ts")] : [];
  const text = JSON.stringify({ extends: path.join(GENERATOR, "tsconfig.json"), include: [GENERATOR, templates, ...own] }, null, 2);
  let now;
  try {
    now = fs.readFileSync(file, "utf8");
  } catch {
    now = undefined;
  }
  if (now !== text) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  }
  return file;
}
