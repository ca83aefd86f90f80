/**
 * The differential oracle: a copy of the project is edited step by step (edits.ts) and,
 * after every step, each fast path is held against a build from scratch of the same files:
 *
 * - `npm run build` (its memo stored in the build cache between runs) writes the same dist/,
 *   file for file and byte for byte;
 * - the dev server's builder (its memo in memory, kept across saves) writes the same dist/;
 * - the dev server's one-page rebuild of a saved page, when it takes the save on, makes that
 *   page (served from memory until the whole build is done) as the build from scratch writes it;
 * - the Studio's preview of the unsaved draft shows the page the build from scratch writes
 *   once the draft is saved (less the markers the preview adds around sections);
 * - a build with an empty build cache writes what the reference writes (at the end of a run).
 *
 * Every path must also succeed or fail as the reference does, with the same errors, and a
 * failed build leaves its dist/ as it was. The first difference throws, naming the edits
 * that led there (as JSON, for the regression list) and the file that differs.
 */
import { lstatSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { ProjectPaths } from "../../../scripts/lib/paths.ts";
import { toolTsconfig } from "../../../scripts/lib/project.mjs";
import { pagesFrom, runPipeline, type BuildResult, type WarmCache } from "../../../scripts/pipeline/index.ts";
import { outputBytes } from "../../../scripts/pipeline/stages/write/write.ts";
import { DraftBuilder } from "../../../scripts/studio/drafts.ts";
import { tempProject } from "../project.ts";
import { EditedProject, type Applied, type Edit } from "./edits.ts";
import { fileTree, textDifference, treeDifference } from "./fingerprint.ts";
import { besideDist } from "../../generator/support/versions.ts";

/** The markers the Studio's preview adds before each section (stages/render/render.tsx markSections): never in a build. */
const PREVIEW_MARKER = /<studio-section data-section="\d+"><\/studio-section>/g;

export class OracleFailure extends Error {}

export interface OracleRun {
  /** Applies one edit and compares every path with the reference; false when the edit had nothing to do. */
  step(edit: Edit): Promise<boolean>;
  /** Compares a build with an empty build cache with the reference. */
  fresh(): Promise<void>;
  close(): void;
}

/**
 * `caches`: the folder of the build caches each path uses (one each), shared by the runs of a
 * test: their entries are named by what they were made from, as on a developer's machine that
 * builds many states of a site. fresh() checks a build with none. `site`: files that replace
 * the project's in the copy (with `templates`, a copy of templates/ too, to replace some).
 */
export async function startOracle(caches: string, site: { files?: Record<string, string>; templates?: boolean } = {}): Promise<OracleRun> {
  const project = tempProject(site.files, { templates: site.templates ?? false });
  const root = project.root;
  // A copy's templates compiled by tsx in a build's worker threads, as the main thread compiles them (JSX):
  // the tsconfig a command run on that site gets (lib/project.mjs toolTsconfig).
  const tsconfigBefore = process.env["TSX_TSCONFIG_PATH"];
  if (site.templates) process.env["TSX_TSCONFIG_PATH"] = toolTsconfig(root, project.templates);
  const edited = new EditedProject(root);
  const at = (name: string): ProjectPaths => ({ ...project, dist: path.join(root, name) });
  const cacheFor = (name: string) => {
    const dir = path.join(caches, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const cacheBefore = process.env["SSG_CACHE_DIR"];
  /** Runs a build with its own build cache (SSG_CACHE_DIR is read when a build starts). */
  const withCache = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    process.env["SSG_CACHE_DIR"] = cacheFor(name);
    try {
      return await run();
    } finally {
      if (cacheBefore === undefined) delete process.env["SSG_CACHE_DIR"];
      else process.env["SSG_CACHE_DIR"] = cacheBefore;
    }
  };
  let warm: WarmCache = {};
  let drafts = new DraftBuilder(at("dist-preview"));
  const history: string[] = [];
  const edits: Edit[] = [];
  let lastFull: BuildResult | undefined;

  const fail = (what: string): never => {
    throw new OracleFailure(`${what}\n\nafter these edits:\n${history.map((h, i) => `  ${i + 1}. ${h}`).join("\n") || "  (none)"}\n\nas JSON (tests/unit/oracle-regressions.json):\n${JSON.stringify(edits)}\n\nthe copy: ${root} (kept with ORACLE_KEEP=1)`);
  };
  const errors = (r: BuildResult) => JSON.stringify(r.issues.filter((i) => i.severity === "error").map((i) => [i.code, i.file, i.pointer]));
  const sameOutcome = (name: string, r: BuildResult, ref: BuildResult) => {
    if (r.ok !== ref.ok) fail(`${name} ${r.ok ? "succeeded" : "failed"} where the build from scratch ${ref.ok ? "succeeded" : "failed"}: ${errors(r.ok ? ref : r)}`);
    if (errors(r) !== errors(ref)) fail(`${name} reported other errors than the build from scratch:\n  ${errors(r)}\n  ${errors(ref)}`);
  };
  const sameTree = (name: string, dist: string, ref: string) => {
    const found = treeDifference(fileTree(ref), fileTree(dist), { reference: "the build from scratch", actual: name });
    if (found) fail(found);
  };

  async function buildAll(): Promise<BuildResult> {
    const full = await withCache("full", () => runPipeline(at("dist-full"), { mode: "build" }));
    const stored = await withCache("stored", () => runPipeline(at("dist-stored"), { mode: "build", incremental: "auto" }));
    const warmed = await withCache("warm", () => runPipeline(at("dist-warm"), { mode: "build", warm }));
    sameOutcome("npm run build (stored memo)", stored, full);
    sameOutcome("the dev server's builder", warmed, full);
    sameTree("npm run build (stored memo)", path.join(root, "dist-stored"), path.join(root, "dist-full"));
    sameTree("the dev server's builder", path.join(root, "dist-warm"), path.join(root, "dist-full"));
    // Each dist/ is a link to a complete version, with its spare and nothing else beside it.
    for (const name of ["dist-full", "dist-stored", "dist-warm"]) {
      if (!lstatSync(path.join(root, name)).isSymbolicLink()) fail(`${name} is not a link to a version of the site`);
      const { leftovers } = await besideDist(path.join(root, name));
      if (leftovers.length) fail(`${name} has leftovers beside it: ${leftovers.join(", ")}`);
    }
    return full;
  }

  lastFull = await buildAll();
  if (!lastFull.ok) fail(`the project does not build before any edit: ${errors(lastFull)}`);

  /** The page a file is shown at in the last build from scratch ("/" for site.json, a collection or anything else). */
  const addressOf = (file: string) => lastFull?.routes.find((r) => r.page.file === file && r.status === 200 && !r.alias)?.path ?? "/";

  return {
    async step(edit) {
      const applied: Applied | undefined = edited.plan(edit);
      if (!applied) return false;
      history.push(applied.says);
      edits.push(edit);
      const one = applied.changes.length === 1 && applied.changes[0]!.bytes !== null && !edited.added.includes(applied.changes[0]!.file) ? applied.changes[0]! : undefined;
      const contentFile = one && one.file.startsWith("content/") && !one.file.startsWith("content/assets/") ? one : undefined;

      // The Studio's preview of the draft, before it is saved.
      const address = contentFile ? addressOf(contentFile.file) : undefined;
      const preview = contentFile ? await withCache("preview", () => drafts.draft(new Map([[contentFile.file, contentFile.bytes!.toString("utf8")]]), address!)) : undefined;

      edited.apply(applied);
      if (edit.op === "schema") {
        // The dev server and the Studio start a new builder when schemas/ change.
        warm = {};
        drafts = new DraftBuilder(at("dist-preview"));
      }

      // The dev server's first answer to the save: the pages made from the saved file, rendered alone.
      let quick: Map<string, Buffer> | undefined;
      if (contentFile) {
        const q = await withCache("warm", () => pagesFrom(at("dist-warm"), warm, contentFile.file));
        if ("pages" in q) quick = new Map([...q.pages].map(([file, html]) => [file, Buffer.from(html)]));
      }

      const full = await buildAll();
      lastFull = full;
      if (!quick && full.ok && contentFile && full.routes.some((r) => r.page.file === contentFile.file)) fail(`the dev server rendered no page of ${contentFile.file} on its own, but the build from scratch makes one`);
      if (quick && full.ok) {
        for (const [file, bytes] of quick) {
          const ref = readFileSync(path.join(root, "dist-full", file));
          if (!ref.equals(bytes)) fail(`the dev server's one-page rebuild made ${file} other than the build from scratch: ${textDifference(ref.toString("utf8"), bytes.toString("utf8"))}`);
        }
      }
      if (preview && full.ok) {
        const route = full.routes.find((r) => r.path === address);
        if (!preview.render) fail(`the Studio's preview of ${contentFile!.file} at ${address} rendered nothing, but the build from scratch succeeds: ${JSON.stringify(preview.issues.filter((i) => i.severity === "error"))}`);
        if (route) {
          const shown = preview.render!.files.get(route.output);
          if (!shown) fail(`the Studio's preview has no ${route.output}`);
          const text = outputBytes(shown!).toString("utf8").replace(PREVIEW_MARKER, "");
          const ref = readFileSync(path.join(root, "dist-full", route.output), "utf8");
          if (text !== ref) fail(`the Studio's preview of ${address} differs from the saved page the build from scratch writes: ${textDifference(ref, text)}`);
        }
      }
      return true;
    },
    async fresh() {
      const name = `empty-${path.basename(root)}`;
      const dir = path.join(caches, name);
      rmSync(dir, { recursive: true, force: true });
      const result = await withCache(name, () => runPipeline(at("dist-fresh"), { mode: "build" }));
      if (result.ok !== lastFull?.ok) fail(`a build with an empty build cache ${result.ok ? "succeeded" : "failed"} where the reference did not: ${errors(result)}`);
      if (result.ok) sameTree("a build with an empty build cache", path.join(root, "dist-fresh"), path.join(root, "dist-full"));
      rmSync(dir, { recursive: true, force: true });
    },
    close() {
      if (tsconfigBefore === undefined) delete process.env["TSX_TSCONFIG_PATH"];
      else process.env["TSX_TSCONFIG_PATH"] = tsconfigBefore;
      // ORACLE_KEEP=1 keeps the copy, its dist folders and build caches, to look into a failure (its folder is in the message).
      if (process.env["ORACLE_KEEP"] !== "1") project.cleanup();
    },
  };
}
