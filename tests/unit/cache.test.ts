/**
 * The build cache (scripts/pipeline/cache.ts) against the computation without it: random
 * sequences of edits to a small tree of files (a file's bytes changed or put back, a file
 * added or removed, a file added to a folder the computation lists), some followed by a move of
 * the tree and the cache's files to another folder (another clone of a project with its
 * committed generated files), and after each, a computation through the cache gives what the
 * same computation gives when it runs afresh.
 * The computation reads through the recorded reads (file, tree, and files "another
 * program" read, reported after the fact), so nothing about it is declared to the cache.
 * Then the browser bundles and stylesheet (stages/render/assets.ts): a template edited after they
 * were kept, or a file added where Tailwind scans, gives the bundles made afresh.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { openCache, type CacheMemory } from "../../scripts/pipeline/cache.ts";
import { GeneratedFiles } from "../../scripts/lib/generated.ts";
import type { Codec, Reads } from "../../scripts/pipeline/model.ts";
import { browserAssets, type BrowserAssets } from "../../scripts/pipeline/stages/render/assets.ts";
import { buildIslands } from "../../scripts/pipeline/stages/render/islands.ts";
import { buildStyles } from "../../scripts/pipeline/stages/render/styles.ts";
import { loadSiteModule, resolveFont } from "../../scripts/lib/site-module.ts";
import { tempProject } from "./project.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = (prefix: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};

const text: Codec<string> = { encode: (v) => v, decode: (v) => v as string };

/**
 * A computation over a folder: reads `main.txt`, which names the other files it reads
 * (one per line), lists `parts/` and reads every file there, and reports `seen.txt` as read
 * "by another program" (it reads it itself, then calls saw()).
 */
function compute(root: string, reads?: Reads): string {
  const read = (f: string) => {
    const abs = path.join(root, f);
    if (!reads) return existsSync(abs) ? readFileSync(abs, "utf8") : "(none)";
    try {
      return reads.file(abs).toString("utf8");
    } catch {
      reads.saw([abs]);
      return "(none)";
    }
  };
  const main = read("main.txt");
  const named = main.split("\n").filter(Boolean).map((f) => `${f}=${read(f)}`);
  const partsDir = path.join(root, "parts");
  const parts = (reads ? reads.tree(partsDir) : listed(partsDir)).map((abs) => `${path.basename(abs)}=${reads ? reads.file(abs).toString("utf8") : readFileSync(abs, "utf8")}`);
  const seenAbs = path.join(root, "seen.txt");
  const seen = existsSync(seenAbs) ? readFileSync(seenAbs, "utf8") : "(none)";
  reads?.saw([seenAbs]);
  return JSON.stringify([main, named, parts, seen]);
}

function listed(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((n) => path.join(dir, n)).sort();
}

type Edit = { file: "main.txt" | "a.txt" | "b.txt" | "seen.txt" | "parts/x.txt" | "parts/y.txt"; value: string | null };
const editArb: fc.Arbitrary<Edit> = fc.record({
  file: fc.constantFrom("main.txt" as const, "a.txt" as const, "b.txt" as const, "seen.txt" as const, "parts/x.txt" as const, "parts/y.txt" as const),
  value: fc.option(fc.constantFrom("a.txt", "b.txt", "a.txt\nb.txt", "one", "two", "two "), { nil: null }),
});

/** Writes the edit with a file time well before now, as an editor's save that happened a while ago (the cache does not keep results read from files changed while it ran). */
function apply(root: string, edit: Edit): void {
  const abs = path.join(root, edit.file);
  if (edit.value === null) rmSync(abs, { force: true });
  else {
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, edit.value);
    const past = new Date(Date.now() - 60_000);
    utimesSync(abs, past, past);
  }
}

describe("the build cache", () => {
  it("gives what the computation gives afresh, after any sequence of edits and moves to another clone", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(editArb, fc.nat(3)), { minLength: 1, maxLength: 25 }), async (steps) => {
        let root = temp("cache-files-");
        let dir = temp("cache-dir-");
        // A cache is opened for each build; what it keeps in memory goes from one to the next, as in the dev server's builder.
        const memory: CacheMemory = new Map();
        for (const [i, [edit, move]] of steps.entries()) {
          apply(root, edit);
          if (move === 0) {
            // Another clone: the same files and generated files in another folder, a new process.
            const [toRoot, toDir] = [temp("cache-files-"), temp("cache-dir-")];
            cpSync(root, toRoot, { recursive: true, preserveTimestamps: true });
            cpSync(dir, toDir, { recursive: true, preserveTimestamps: true });
            [root, dir] = [toRoot, toDir];
            memory.clear();
          }
          // Every other build reads the entries from disk only (a new process).
          const cache = openCache({ files: new GeneratedFiles(dir), root }, i % 2 ? memory : new Map());
          const cached = await cache.remember("test", { root }, async (reads) => compute(root, reads), text);
          expect(cached).toBe(compute(root));
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it("keeps nothing read from a file changed while it ran, and uses what it keeps", async () => {
    const root = temp("cache-racy-");
    const dir = temp("cache-dir-");
    writeFileSync(path.join(root, "main.txt"), "fresh"); // its time is now: it may still be changing
    let runs = 0;
    const run = () => openCache({ files: new GeneratedFiles(dir), root }).remember("racy", { root }, async (reads) => (runs++, reads.file(path.join(root, "main.txt")).toString()), text);
    await run();
    await run();
    expect(runs, "a file written just now is read again").toBe(2);
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, "main.txt"), past, past);
    await run();
    await run();
    expect(runs, "then kept once it is settled").toBe(3);
  });
});

describe("the browser bundles and stylesheet, kept in the build cache", () => {
  it("are made afresh when a template, an island or a file Tailwind scans changes", async () => {
    const p = tempProject({}, { templates: true });
    dirs.push(p.root);
    const dir = temp("cache-dir-");
    const memory: CacheMemory = new Map();
    const font = resolveFont((await loadSiteModule(p.templates)).font, p.templates);
    const cached = () => browserAssets(openCache({ files: new GeneratedFiles(dir), root: p.root }, memory), p.templates, font, () => buildStyles(p.templates, font));
    const fresh = async (): Promise<BrowserAssets> => [(await buildIslands(p.templates)).bundle, (await buildStyles(p.templates, font)).css];
    const same = async (what: string) => {
      const [a, b] = [await cached(), await fresh()];
      expect(a[1], `${what}: the stylesheet`).toBe(b[1]);
      expect([...a[0].files.keys()], `${what}: the bundles`).toEqual([...b[0].files.keys()]);
      return a;
    };
    const settle = (file: string) => utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const edit = (file: string, change: (t: string) => string) => {
      const abs = path.join(p.templates, file);
      const before = readFileSync(abs, "utf8");
      expect(change(before), `${file} is edited`).not.toBe(before);
      writeFileSync(abs, change(before));
      settle(abs);
    };
    const first = await same("as they are");
    edit("sections/Stats.tsx", (t) => t.replace('className="py-16 sm:py-20"', 'className="py-[3.3rem] sm:py-20"'));
    const second = await same("a section's class");
    expect(second[1], "the new class is in the stylesheet").not.toBe(first[1]);
    edit("islands/AssessmentDialog.tsx", (t) => t.replace(">Website</label>", ">Web site</label>"));
    const third = await same("an island's markup");
    expect([...third[0].files.keys()], "the island's bundle has a new name").not.toEqual([...second[0].files.keys()]);
    // A new file where Tailwind looks for classes: no file the stylesheet was made from changed, but the folder did.
    const added = path.join(p.templates, "ui", "Extra.tsx");
    writeFileSync(added, 'export const Extra = () => <p className="tracking-[0.37em]">x</p>;\n');
    settle(added);
    const fourth = await same("a new file in templates/");
    expect(fourth[1], "the new file's class is in the stylesheet").toContain(".37em");
  }, 180_000);
});
