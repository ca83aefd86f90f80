/** A hash of every file under a folder (names and contents), to compare whole outputs; "missing" when there is no folder. */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import path from "node:path";

export function fingerprint(dir: string): string {
  if (!existsSync(dir)) return "missing";
  const hash = createHash("sha256");
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else hash.update(path.relative(dir, p)).update("\0").update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

/** Every file (its bytes) and folder ("folder") under dir, by its path there, in order: to compare two outputs file by file. */
export function fileTree(dir: string): Map<string, Buffer | "folder"> {
  const out: [string, Buffer | "folder"][] = (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]).map((d) => {
    const abs = path.join(d.parentPath, d.name);
    return [path.relative(dir, abs), d.isDirectory() ? "folder" : readFileSync(abs)];
  });
  return new Map(out.sort(([a], [b]) => a.localeCompare(b)));
}
