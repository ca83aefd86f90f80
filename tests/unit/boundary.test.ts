/**
 * The line between the generator (scripts/) and the site built with it (templates/):
 *
 * - templates/ use the generator only through its public API, by name: "json-site/api"
 *   (scripts/api.ts, what renders on the server) and "json-site/islands-api"
 *   (scripts/islands-api.ts, what islands use, browser-safe) and "json-site/forms-api",
 *   which the generator's package (scripts/package.json "exports") maps; never a path into
 *   scripts/. The same for the fixture site and the starter that `json-site new` writes;
 * - scripts/runtime/ is self-contained (it is bundled into islands): it imports only
 *   packages and its own modules;
 * - scripts/ reach the site only through its site module (templates/site.ts, loaded by
 *   lib/site-module.ts at run time): no module of scripts/ imports templates/.
 *   STILL_COUPLED is where a coupling would have to be listed, with its reason.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/fs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { projectFiles, STARTER } from "../../scripts/new-site.ts";

/** file -> what it imports from templates/ (none: keep it that way). */
const STILL_COUPLED: Record<string, string[]> = {};

/** The generator's public modules for a site, by the names sites import them by. */
const PUBLIC: Record<string, string> = { "json-site/api": "./api.ts", "json-site/islands-api": "./islands-api.ts", "json-site/forms-api": "./forms-api.ts" };

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^"';]*?\sfrom\s)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every module a file imports: a relative one as a path from the repository root, the generator's by name as written. */
function imports(file: string, text = readFileSync(file, "utf8")): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (spec.startsWith(".")) out.push(path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join("/"));
    else if (spec === "json-site" || spec.startsWith("json-site/") || spec.startsWith("#")) out.push(spec);
  }
  return out;
}

/** What a site's template file may not import: a path into the generator, or a name of the generator's that is not its public API. */
const outsidePublicApi = (target: string) => target.startsWith("scripts/") || target.startsWith("#") || ((target === "json-site" || target.startsWith("json-site/")) && !(target in PUBLIC));

const sources = async (dir: string) => (await listFiles(path.join(ROOT, dir))).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join("/");

describe("the generator and the site", () => {
  it('templates/, the fixture site\'s and the starter\'s use the generator only by "json-site/api", "json-site/islands-api" and "json-site/forms-api"', async () => {
    const wrong: string[] = [];
    for (const file of [...(await sources("templates")), ...(await sources("tests/fixtures/site/templates"))])
      for (const target of imports(file)) if (outsidePublicApi(target)) wrong.push(`${rel(file)} -> ${target}`);
    for (const [file, text] of Object.entries(STARTER))
      if (/\.tsx?$/.test(file)) for (const target of imports(path.join(ROOT, "starter", file), text)) if (outsidePublicApi(target)) wrong.push(`starter ${file} -> ${target}`);
    expect(wrong).toEqual([]);
    // The names lead to the public modules: the generator's package exports them, and the starter depends on that package.
    const exported = (JSON.parse(readFileSync(path.join(ROOT, "scripts/package.json"), "utf8")) as { exports: Record<string, string> }).exports;
    expect(Object.fromEntries(Object.keys(PUBLIC).map((name) => [name, exported[name.replace("json-site", ".")]]))).toEqual(PUBLIC);
    expect(Object.keys((JSON.parse(projectFiles(path.join(ROOT, "..", "a-site"))["package.json"]!) as { dependencies: Record<string, string> }).dependencies)).toContain("json-site");
  });

  it("tells a path into the generator and an unknown name from the public API", () => {
    expect(["scripts/runtime/context.ts", "json-site/internal", "json-site/api", "templates/ui/x.tsx", "#ssg/api"].map(outsidePublicApi)).toEqual([true, true, false, false, true]);
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

/**
 * What a module of the generator depends on, as paths from the repository root: what it imports
 * (import and export … from, import()), requires, or loads by its address (new URL("./x.mjs",
 * import.meta.url): a worker thread, a module read for a cache key), in .ts, .tsx, .mjs and .cjs files alike.
 */
const DEPENDS = /(?:^|[\s;])(?:import|export)\s(?:[^"';]*?\sfrom\s)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)|new URL\(\s*["'](\.[^"']+\.[cm]?[jt]sx?)["']/g;
function dependencies(file: string, text = readFileSync(file, "utf8")): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const out: string[] = [];
  for (const m of code.matchAll(DEPENDS)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4]!;
    if (spec.startsWith(".")) out.push(path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join("/"));
  }
  return out;
}

/** The circles of a graph (Tarjan's strongly connected components of two or more, or one that depends on itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || graph.get(v)!.includes(v)) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const generatorGraph = async () => {
  const files = (await listFiles(path.join(ROOT, "scripts"))).filter((f) => /\.(tsx?|mjs|cjs)$/.test(f) && !f.endsWith(".d.ts"));
  return new Map(files.map((f) => [rel(f), dependencies(f)]));
};

describe("the generator's layers", () => {
  it("scripts/ has no import circles (type imports, requires and modules loaded by address count): the build model (pipeline/model.ts) holds what stages hand on", async () => {
    expect(circles(await generatorGraph())).toEqual([]);
  });

  it("scripts/lib/ imports nothing from scripts/pipeline/: the pipeline builds on the library, never the other way", async () => {
    const wrong: string[] = [];
    for (const [file, deps] of await generatorGraph()) if (file.startsWith("scripts/lib/")) for (const d of deps) if (d.startsWith("scripts/pipeline/")) wrong.push(`${file} -> ${d}`);
    expect(wrong).toEqual([]);
  });

  it("pipeline/model.ts is types only, and imports no stage", async () => {
    const text = readFileSync(path.join(ROOT, "scripts/pipeline/model.ts"), "utf8");
    expect(text).not.toMatch(/^import (?!type )/m);
    expect(text).not.toMatch(/^export (?:const|function|class|let) /m);
    expect(dependencies(path.join(ROOT, "scripts/pipeline/model.ts")).filter((d) => d.startsWith("scripts/pipeline/"))).toEqual([]);
  });

  it("finds every form of dependency, in .mjs and .cjs too, and every circle (so the checks above can fail)", () => {
    const at = (name: string) => path.join(ROOT, "scripts/lib", name);
    expect(dependencies(at("x.cjs"), 'const a = require("./a.cjs");\n// require("./commented.cjs")\nnew Worker(new URL("./w.mjs", import.meta.url));\nimport type { T } from "../pipeline/model.ts";\nconst u = new URL("./data.json", import.meta.url);')).toEqual([
      "scripts/lib/a.cjs",
      "scripts/lib/w.mjs",
      "scripts/pipeline/model.ts",
    ]);
    expect(circles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]], ["e", ["e"]]]))).toEqual([["a", "b", "c"], ["e"]]);
  });
});
