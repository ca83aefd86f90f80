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

/**
 * The first way `actual` differs from `reference` (two fileTree results), in words, or undefined
 * when they hold the same files and folders with the same bytes. Compared with Buffer.equals:
 * a deep toEqual walks every byte as an object key (~30 s for the site's ~150 files).
 */
export function treeDifference(reference: Map<string, Buffer | "folder">, actual: Map<string, Buffer | "folder">, names = { reference: "the build from scratch", actual: "this build" }): string | undefined {
  for (const file of new Set([...reference.keys(), ...actual.keys()])) {
    const [x, y] = [reference.get(file), actual.get(file)];
    if (x === undefined) return `${names.actual}'s dist/ has ${file}, which ${names.reference} does not write`;
    if (y === undefined) return `${names.actual}'s dist/ lacks ${file}, which ${names.reference} writes`;
    if (x === "folder" || y === "folder") {
      if (x !== y) return `${names.actual}'s dist/ has ${file} as a ${y === "folder" ? "folder" : "file"}, ${names.reference} as a ${x === "folder" ? "folder" : "file"}`;
      continue;
    }
    if (!x.equals(y)) return `${names.actual}'s dist/${file} differs from ${names.reference}'s: ${textDifference(x.toString("utf8"), y.toString("utf8"))}`;
  }
  return undefined;
}

/** Where two texts first differ, with a little of each around it. */
export function textDifference(expected: string, actual: string): string {
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  const from = Math.max(0, i - 60);
  return `at character ${i}:\n  expected: …${JSON.stringify(expected.slice(from, i + 80))}\n  actual:   …${JSON.stringify(actual.slice(from, i + 80))}`;
}
