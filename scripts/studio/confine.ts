/**
 * Which files the Studio's server may read and write: content files only. A path comes
 * from the browser ("content/pages/pricing.json", relative to the project root) and is
 * accepted only when it names a .json or .md file under <root>/content, or a file in
 * content/assets/, and stays there once resolved: no "..", no absolute path, no
 * backslash or NUL, and no symbolic link (in the folders on the way, or the file
 * itself) that leads out of the content folder. Anything else is a ConfinementError
 * with a plain message, which the server answers with 403 and no write.
 */
import { existsSync, lstatSync, realpathSync } from "node:fs";
import path from "node:path";

export class ConfinementError extends Error {
  override name = "ConfinementError";
}

const refuse = (relPath: string, why: string): never => {
  throw new ConfinementError(`The Studio only opens and saves files in the content folder; ${JSON.stringify(relPath)} ${why}.`);
};

/** The real path of `target`, resolving links in the part of it that exists; undefined when a link on the way leads nowhere. */
function realOf(target: string): string | undefined {
  let existing = target;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    // A link to nothing: whatever is written through it lands where it points.
    if (lstatSync(existing, { throwIfNoEntry: false })) return undefined;
    const parent = path.dirname(existing);
    if (parent === existing) break;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  return path.join(realpathSync(existing), ...rest);
}

const inside = (dir: string, file: string) => {
  const r = path.relative(dir, file);
  return r !== "" && !r.startsWith("..") && !path.isAbsolute(r);
};

/** The absolute path of a content file named relative to the project root; throws ConfinementError for anything else. */
export function contentFile(root: string, relPath: string): string {
  if (typeof relPath !== "string" || relPath === "") refuse(String(relPath), "is not a file name");
  if (relPath.includes("\0")) refuse(relPath, "has a NUL character in it");
  if (relPath.includes("\\")) refuse(relPath, "has a backslash in it (write paths with /)");
  if (relPath.startsWith("/") || path.isAbsolute(relPath) || /^[a-zA-Z]:/.test(relPath)) refuse(relPath, "is an absolute path (write it from the project folder, as content/…)");
  const segments = relPath.split("/");
  if (segments.some((s) => s === ".." || s === "." || s === "")) refuse(relPath, 'has an empty, "." or ".." part in it');
  if (segments[0] !== "content" || segments.length < 2) refuse(relPath, "is not in the content folder");
  const inAssets = segments[1] === "assets" && segments.length >= 3;
  if (!inAssets && !/\.(json|md)$/.test(relPath)) refuse(relPath, "is not a .json or .md file, nor a file in content/assets");

  const contentDir = realOf(path.resolve(root, "content"));
  const target = path.resolve(root, ...segments);
  const real = realOf(target);
  if (!contentDir || !real) return refuse(relPath, "goes through a link that leads nowhere");
  if (!inside(contentDir, real)) refuse(relPath, "leads out of the content folder");
  if (inAssets && !inside(path.join(contentDir, "assets"), real)) refuse(relPath, "leads out of the assets folder");
  if (existsSync(target) && !lstatSync(real).isFile()) refuse(relPath, "is not a file");
  return target;
}
