/**
 * The line between the generator (scripts/) and the site built with it (templates/):
 *
 * - templates/ use the generator only through its public API, by name: "#ssg/api"
 *   (scripts/api.ts, what renders on the server) and "#ssg/islands-api"
 *   (scripts/islands-api.ts, what islands use, browser-safe), which package.json's
 *   "imports" maps; never a path into scripts/. The same for the fixture site and the
 *   starter that `npm run new-site` writes;
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
import { STARTER } from "../../scripts/new-site.ts";

/** file -> what it imports from templates/ (none: keep it that way). */
const STILL_COUPLED: Record<string, string[]> = {};

/** The generator's public modules for a site, by the names sites import them by. */
const PUBLIC: Record<string, string> = { "#ssg/api": "./scripts/api.ts", "#ssg/islands-api": "./scripts/islands-api.ts", "#ssg/forms": "./scripts/forms-api.ts" };

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^"';]*?\sfrom\s)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every module a file imports: a relative one as a path from the repository root, a "#name" as written. */
function imports(file: string, text = readFileSync(file, "utf8")): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (spec.startsWith(".")) out.push(path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join("/"));
    else if (spec.startsWith("#")) out.push(spec);
  }
  return out;
}

/** What a site's template file may not import: a path into the generator, or a "#" name that is not its public API. */
const outsidePublicApi = (target: string) => target.startsWith("scripts/") || (target.startsWith("#") && !(target in PUBLIC));

const sources = async (dir: string) => (await listFiles(path.join(ROOT, dir))).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join("/");

describe("the generator and the site", () => {
  it('templates/, the fixture site\'s and the starter\'s use the generator only by "#ssg/api", "#ssg/islands-api" and "#ssg/forms"', async () => {
    const wrong: string[] = [];
    for (const file of [...(await sources("templates")), ...(await sources("tests/fixtures/site/templates"))])
      for (const target of imports(file)) if (outsidePublicApi(target)) wrong.push(`${rel(file)} -> ${target}`);
    for (const [file, text] of Object.entries(STARTER))
      if (/\.tsx?$/.test(file)) for (const target of imports(path.join(ROOT, "starter", file), text)) if (outsidePublicApi(target)) wrong.push(`starter ${file} -> ${target}`);
    expect(wrong).toEqual([]);
    // The names lead to the public modules, here and in the starter's package.json (through its link to the generator).
    expect((JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { imports: unknown }).imports).toEqual(PUBLIC);
    const starterImports = (JSON.parse(STARTER["package.json"]!) as { imports: Record<string, string> }).imports;
    expect(Object.fromEntries(Object.entries(starterImports).map(([k, v]) => [k, v.replace("./.generator/", "./")]))).toEqual(PUBLIC);
  });

  it("tells a path into the generator and an unknown name from the public API", () => {
    expect(["scripts/runtime/context.ts", "#ssg/internal", "#ssg/api", "templates/ui/x.tsx"].map(outsidePublicApi)).toEqual([true, true, false, false]);
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
