/**
 * The line between the generator (scripts/) and the site built with it (templates/):
 *
 * - templates/ use the generator only through its public API: scripts/api.ts (what
 *   renders on the server) and scripts/islands-api.ts (what islands use, browser-safe);
 * - scripts/runtime/ is self-contained (it is bundled into islands): it imports only
 *   packages and its own modules;
 * - scripts/ reach the site only through its site module (templates/site.ts, loaded by
 *   pipeline/support/site-module.ts at run time): no module of scripts/ imports templates/.
 *   STILL_COUPLED is where a coupling would have to be listed, with its reason.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/fs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

/** file -> what it imports from templates/ (none: keep it that way). */
const STILL_COUPLED: Record<string, string[]> = {};

/** The generator's public modules for a site. */
const PUBLIC = ["scripts/api.ts", "scripts/islands-api.ts"];

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^"';]*?\sfrom\s)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every relative module a file imports, as a path from the repository root. */
function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (spec.startsWith(".")) out.push(path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join("/"));
  }
  return out;
}

const sources = async (dir: string) => (await listFiles(path.join(ROOT, dir))).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join("/");

describe("the generator and the site", () => {
  it("templates/ use only the generator's public API (scripts/api.ts, scripts/islands-api.ts)", async () => {
    const wrong: string[] = [];
    for (const file of await sources("templates"))
      for (const target of imports(file)) if (target.startsWith("scripts/") && !PUBLIC.includes(target)) wrong.push(`${rel(file)} -> ${target}`);
    expect(wrong).toEqual([]);
  });

  it("scripts/runtime/ (behind the public API) imports nothing outside itself but packages", async () => {
    const wrong: string[] = [];
    for (const file of await sources("scripts/runtime")) for (const target of imports(file)) if (!target.startsWith("scripts/runtime/")) wrong.push(`${rel(file)} -> ${target}`);
    expect(wrong).toEqual([]);
  });

  it("scripts/ import nothing from templates/", async () => {
    const found: Record<string, string[]> = {};
    for (const file of await sources("scripts"))
      for (const target of imports(file)) if (target.startsWith("templates/")) (found[rel(file)] ??= []).push(target);
    for (const list of Object.values(found)) list.sort();
    expect(found).toEqual(Object.fromEntries(Object.entries(STILL_COUPLED).map(([k, v]) => [k, [...v].sort()])));
  });

  it("finds imports of every form it checks (so the checks above can fail)", () => {
    const text = 'import a from "./a.ts";\nimport type { B } from "../templates/b.ts";\nimport {\n  c,\n  d,\n} from "./runtime/c.ts";\nexport { e } from "./e.ts";\nconst f = await import("../templates/f.tsx");\nimport "./g.ts";';
    expect([...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2])).toEqual(["./a.ts", "../templates/b.ts", "./runtime/c.ts", "./e.ts", "../templates/f.tsx", "./g.ts"]);
  });
});
