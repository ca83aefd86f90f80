/**
 * Incremental builds (scripts/pipeline/memo/memo.ts, stages/write/write.ts updateOutput): a
 * long-running builder (the dev server's, its memo in memory) and `npm run build` (its memo
 * stored in the build cache: stored-memo.ts) render again only the pages whose inputs
 * changed and write only the files that differ (into the spare version, swapped in). After each
 * edit of a series, dist/ must be byte for byte what a cold build of the same content writes,
 * with no file or folder more or less; and the pages an edit does not touch are not among the
 * files the build reports changed.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectPaths, type ProjectPaths } from "../../scripts/lib/paths.ts";
import { firstMarkdownKind, writeSyntheticProject } from "../../scripts/lib/synthetic-entries.ts";
import { runPipeline, type WarmCache } from "../../scripts/pipeline/index.ts";
import { fileTree, treeDifference } from "./support/fingerprint.ts";

const source = (await firstMarkdownKind(projectPaths()))!;
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const cacheBefore = process.env["SSG_CACHE_DIR"];
afterAll(() => (cacheBefore === undefined ? delete process.env["SSG_CACHE_DIR"] : (process.env["SSG_CACHE_DIR"] = cacheBefore)));

describe.each([
  ["the dev server's builder (its memo in memory)", "warm"],
  ["npm run build (its memo stored in the build cache)", "stored"],
] as const)("%s", (_name, mode) => {
  it("writes what a cold build writes after each of a series of edits, and leaves the untouched pages alone", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "bos-incremental-"));
    made.push(root);
    // The site plus 20 synthetic guides, so that lists of guides change with them.
    writeSyntheticProject(root, projectPaths(), source, 20);
    // The stored memo in a build cache of this test's own (read when each build starts).
    process.env["SSG_CACHE_DIR"] = path.join(root, "cache");
    const paths: ProjectPaths = projectPaths(root);
    const coldPaths: ProjectPaths = { ...paths, dist: path.join(root, "dist-cold") };

    /** The incremental builder's dist/ is the cold build's, file for file and folder for folder. */
    async function expectSameAsCold(): Promise<void> {
      const cold = await runPipeline(coldPaths, { mode: "build" });
      expect(cold.issues.filter((i) => i.severity === "error")).toEqual([]);
      expect(treeDifference(fileTree(coldPaths.dist), fileTree(paths.dist), { reference: "the cold build", actual: "the incremental build" })).toBeUndefined();
    }
    const file = (p: string) => path.join(root, p);
    const edit = (p: string, change: (text: string) => string) => {
      const text = readFileSync(file(p), "utf8");
      expect(change(text), `the edit changes ${p}`).not.toBe(text);
      writeFileSync(file(p), change(text));
    };
    let warm: WarmCache = {};
    /** The files the build reports it wrote or deleted: those that differ from what dist/ showed (["*"]: all). */
    async function build(): Promise<string[]> {
      const result = await runPipeline(paths, mode === "warm" ? { mode: "build", warm } : { mode: "build", incremental: "auto" });
      expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
      expect(result.ok).toBe(true);
      return result.written ?? [];
    }

    await build();
    await expectSameAsCold();

    // A guide's text: its page is written again, the home page and another guide are not.
    await build(); // the second build after a cold one: the spare's contents are known from here on
    const guide = "resources/guides/analytics/index.html";
    edit("content/guides/analytics.md", (t) => t.replace(/\n\n([A-Z])/, "\n\nIncrementally, $1"));
    const changed = await build();
    expect(changed).toContain(guide);
    for (const f of ["index.html", "resources/guides/communication/index.html", "pricing/index.html"]) expect(changed, f).not.toContain(f);
    await expectSameAsCold();

    // A guide's title: the pages that list it change with it.
    edit("content/guides/bench-00003.md", (t) => t.replace(/^title: .*$/m, "title: A renamed synthetic guide for the incremental test"));
    await build();
    await expectSameAsCold();

    // The title of the page above the guides: every guide's breadcrumbs show it.
    edit("content/pages/resources/index.json", (t) => t.replace(/"title": "[^"]*"/, '"title": "Resources, renamed for the incremental test"'));
    await build();
    await expectSameAsCold();

    // A page between them and the guides (/resources/guides, with no share image of its own), then its title: in every guide's breadcrumbs.
    const between = JSON.parse(readFileSync(file("content/pages/about/careers.json"), "utf8")) as Record<string, unknown>;
    delete between["aliases"];
    Object.assign(between, { title: "All the guides, a page the incremental test adds", description: "A page above the guides that the incremental test adds, renames and deletes." });
    writeFileSync(file("content/pages/resources/guides.json"), `${JSON.stringify(between, null, 2)}\n`);
    await build();
    await expectSameAsCold();
    edit("content/pages/resources/guides.json", (t) => t.replace(/"title": "[^"]*"/, '"title": "Every guide, the page renamed by the incremental test"'));
    await build();
    await expectSameAsCold();
    rmSync(file("content/pages/resources/guides.json"));
    await build();
    await expectSameAsCold();

    // A collection's record that pages show: the pages that show it change with it.
    edit("content/collections/testimonials.json", (t) => t.replace('"content": "Our board', '"content": "Incrementally, our board'));
    await build();
    await expectSameAsCold();

    // A new page, then the same page deleted: its file and its folder go.
    writeFileSync(file("content/guides/bench-extra.md"), readFileSync(file("content/guides/bench-00005.md"), "utf8").replace(/^title: .*$/m, "title: An extra synthetic guide, added then deleted").replace(/^description: .*$/m, "description: A guide the incremental test adds and then deletes again."));
    await build();
    expect(existsSync(path.join(paths.dist, "resources/guides/bench-extra/index.html"))).toBe(true);
    await expectSameAsCold();
    rmSync(file("content/guides/bench-extra.md"));
    await build();
    expect(existsSync(path.join(paths.dist, "resources/guides/bench-extra"))).toBe(false);
    await expectSameAsCold();

    // A build killed while bringing the spare up to date leaves the spare's time changed (stages/write/write.ts applyChanges marks it first):
    // the next build writes a new version whole, rather than trusting what it knew of the spare.
    const spare = realpathSync(path.join(root, ".dist-spare"));
    const later = new Date(Date.now() + 5000);
    utimesSync(spare, later, later);
    edit("content/guides/communication.md", (t) => t.replace(/\n\n([A-Z])/, "\n\nAfter a killed build, $1"));
    await build();
    expect(realpathSync(paths.dist)).not.toBe(spare);
    await expectSameAsCold();

    // A renamed asset, and the pages that show it pointed at its new name.
    renameSync(file("content/assets/hero-school.svg"), file("content/assets/hero-school-renamed.svg"));
    for (const p of ["content/pages/solutions/education-buildings.json", "content/pages/index.json"]) edit(p, (t) => t.replaceAll("assets/hero-school.svg", "assets/hero-school-renamed.svg"));
    await build();
    await expectSameAsCold();

    // A changed schema: the dev server starts a new builder (templates/ or schemas/ changed), whose first build writes dist/ whole;
    // npm run build finds its stored memo made with other schemas, and builds from scratch.
    edit("schemas/guide.schema.json", (t) => t.replace('"description": "', '"description": "(changed) '));
    warm = {};
    await build();
    await expectSameAsCold();
    edit("content/guides/analytics.md", (t) => t.replace("Incrementally, ", ""));
    await build();
    await expectSameAsCold();
  }, 240_000);
});
