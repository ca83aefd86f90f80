/**
 * The project's generated files (scripts/lib/generated.ts): photo copies, the cut font, share
 * images and icons, compiled validators and the browser assets, committed so that a fresh clone
 * makes none of them. A build that reads them must write exactly what a build that makes
 * everything afresh writes (SSG_GENERATED=0 with SSG_CACHE=0: nothing kept anywhere), after any
 * sequence of edits to what they are made from, with the files of earlier builds left in place
 * (fast-check; each build a separate `npm run build` process, so no memory is shared). And
 * `npm run build` keeps exactly what it used.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { GENERATED_DIR, GeneratedFiles } from "../../scripts/lib/generated.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { makePhoto } from "../../scripts/lib/synthetic-photos.ts";
import { projectsRemovedAfterAll } from "./project.ts";
import { fileTree, treeDifference } from "./support/fingerprint.ts";

const run = promisify(execFile);
const tempProject = projectsRemovedAfterAll(afterAll);
const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** `npm run build -- --full` of the project at root, as a process of its own; its stdout. */
async function build(root: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const r = await run(process.execPath, ["scripts/build.mjs", "--full"], { cwd: ROOT, env: { ...process.env, SSG_PROJECT_ROOT: root, SSG_WORKERS: "0", ...env }, maxBuffer: 32 << 20 });
  return r.stdout;
}

describe("GeneratedFiles", () => {
  it("removes what a build did not use once it is old enough, keeps what it used and what is new, and folders left empty", () => {
    const dir = path.join(os.tmpdir(), `generated-${process.pid}`);
    scratch.push(dir);
    for (const name of ["photos/a.avif", "photos/b.avif", "fonts/old.woff2", "images/new.png"]) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), name);
    }
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of ["photos/a.avif", "photos/b.avif", "fonts/old.woff2"]) utimesSync(path.join(dir, name), hourAgo, hourAgo);
    const store = new GeneratedFiles(dir);
    expect(store.read("photos/a.avif")?.toString()).toBe("photos/a.avif");
    // Used: touched, so that a build beside this one does not take it for old.
    expect(statSync(path.join(dir, "photos/a.avif")).mtimeMs).toBeGreaterThan(hourAgo.getTime() + 1000);
    expect(store.has("photos/missing.avif")).toBe(false);
    expect(store.prune()).toEqual(["fonts/old.woff2", "photos/b.avif"]);
    expect(readdirSync(dir).sort()).toEqual(["images", "photos"]);
    expect(existsSync(path.join(dir, "images/new.png"))).toBe(true);
    expect(new GeneratedFiles(path.join(dir, "none")).prune()).toEqual([]);
  });
});

describe("a build with the project's generated files", () => {
  it("writes, after any edits, exactly what a build that makes everything afresh writes", async () => {
    // Small photos: the build without generated files encodes every copy each time.
    const photos = ["case-calgary.jpg", "lobby.jpg", "residential-dusk.jpg"];
    const small: Record<string, Buffer> = {};
    for (const [i, name] of photos.entries()) small[`content/assets/${name}`] = await makePhoto(640, 400, { seed: i + 1 });
    const project = tempProject(small);
    rmSync(path.join(project.root, GENERATED_DIR), { recursive: true, force: true });
    const reference = path.join(os.tmpdir(), `generated-ref-${process.pid}`);
    scratch.push(reference);

    const home = path.join(project.content, "pages", "index.json");
    const about = path.join(project.content, "pages", "about", "about-us.json");
    const favicon = path.join(project.content, "assets", "favicon.svg");
    const schema = path.join(project.schemas, "sections", "hero.schema.json");
    type Edit = (seed: number) => Promise<void> | void;
    const editJson = (file: string, change: (data: Record<string, unknown>) => void) => {
      const data = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      change(data);
      writeFileSync(file, JSON.stringify(data, null, 2));
    };
    const edits: Record<string, Edit> = {
      // A share image's text.
      "home title": (seed) => editJson(home, (d) => void (d["title"] = `Building OS ${seed}`)),
      // A character the font must gain: another cut.
      "rare character": (seed) => editJson(about, (d) => void (d["description"] = `${String(d["description"]).replace(/ [ŒœĀāĒē]$/, "")} ${"ŒœĀāĒē"[seed % 6]}`)),
      // A photo's bytes under the same name: other copies.
      photo: async (seed) => writeFileSync(path.join(project.content, "assets", photos[seed % 3]!), await makePhoto(640 + (seed % 5) * 16, 400, { seed: 100 + seed })),
      // The icons' source.
      favicon: (seed) => writeFileSync(favicon, readFileSync(favicon, "utf8").replace(/#[0-9a-fA-F]{6}/, `#${(0x102030 + seed * 97).toString(16).padStart(6, "0").slice(-6)}`)),
      // A schema: other validators (the pages stay the same).
      schema: (seed) => editJson(schema, (d) => void (d["description"] = `A hero (${seed}).`)),
    };

    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...Object.keys(edits)), fc.nat(1000)), { minLength: 1, maxLength: 2 }), async (steps) => {
        for (const [name, seed] of steps) await edits[name]!(seed);
        const out = await build(project.root);
        expect(out).toMatch(/Built \d+ pages/);
        // The same project, everything made afresh, kept nowhere.
        rmSync(reference, { recursive: true, force: true });
        mkdirSync(reference);
        for (const d of ["content", "schemas"]) await run("cp", ["-r", path.join(project.root, d), path.join(reference, d)]);
        await build(reference, { SSG_GENERATED: "0", SSG_CACHE: "0" });
        expect(existsSync(path.join(reference, GENERATED_DIR))).toBe(false);
        expect(treeDifference(fileTree(path.join(reference, "dist")), fileTree(project.dist), { reference: "the build that makes everything afresh", actual: "the build with the generated files" })).toBeUndefined();
      }),
      { numRuns: 4 },
    );
    // The store holds each kind of file, and a build with nothing changed makes none.
    expect(readdirSync(path.join(project.root, GENERATED_DIR)).sort()).toEqual(["cache", "fonts", "images", "photos", "validators"]);
    expect(await build(project.root)).not.toMatch(/Generated files/);
  }, 300_000);

  it("is what this repository commits: a build of it makes no generated file", async () => {
    const project = tempProject();
    const out = await build(project.root);
    expect(out, "run npm run build and commit .generated/").not.toMatch(/Generated files/);
  }, 120_000);
});
