/**
 * The Studio's preview and checks: the site built in this process from the files on
 * disk with the editor's unsaved drafts read in their place (pipeline/index.ts
 * `drafts`), by the same pipeline, templates and checks as `npm run build`, only the
 * previewed page rendered (`only`). What does not change between keystrokes (compiled
 * schemas, browser bundles, stylesheet, section components, photo hashes) is kept in
 * a warm cache, as the dev server's builder does.
 *
 * Each render is kept under a version number so that the preview frame loads a
 * consistent set: the page's HTML and the files it needs (islands, styles, the font,
 * photos' copies, content assets). The last few renders are kept; older ones go.
 *
 * In the preview HTML every section's first element gets `data-studio-section="<i>"`
 * and the page a small script (preview.ts) that reports clicks to the Studio, so that
 * clicking a section selects its form. Nothing of this is in a build: only this module
 * adds it, to HTML it serves itself.
 */
import type { ProjectPaths } from "../lib/paths.ts";
import { runPipeline, type WarmCache } from "../pipeline/index.ts";
import { outputBytes } from "../pipeline/stages/write/write.ts";
import type { OutputData } from "../pipeline/model.ts";
import type { Issue } from "../problems/issues.ts";
import type { Route } from "../pipeline/stages/routes/routes.ts";
import type { StudioIssue } from "./protocol.ts";

export interface Render {
  version: number;
  address: string;
  /** The output files of this render, by their path in dist/ ("index.html", "assets/app-1a2b.js"). */
  files: Map<string, OutputData>;
}

export interface DraftResult {
  issues: StudioIssue[];
  routes: Route[];
  render?: Render;
  ms: number;
}

/** Renders kept for frames still loading an older version. */
const KEPT = 4;

export class DraftBuilder {
  private readonly warm: WarmCache = {};
  private readonly renders: Render[] = [];
  private version = 0;
  /** One build at a time: a draft that comes while one runs waits for it, and only the newest waiting one runs. */
  private running: Promise<unknown> = Promise.resolve();
  private queued: { drafts: Map<string, string>; address: string; resolve: (r: DraftResult | undefined) => void } | undefined;

  constructor(private readonly paths: ProjectPaths) {}

  /** Fills the warm cache (the first build compiles schemas, bundles the islands, imports the templates). */
  async warmUp(address = "/"): Promise<void> {
    // Three, as the dev server's builder does: the first compiles, the next ones let the JIT settle.
    for (let i = 0; i < 3; i++) await this.build(new Map(), address).catch(() => undefined);
  }

  /**
   * Builds with these drafts and renders `address`. When newer drafts arrive while this
   * one waits, this one resolves to undefined (superseded) instead of building.
   */
  draft(drafts: Map<string, string>, address: string): Promise<DraftResult | undefined> {
    return new Promise((resolve) => {
      this.queued?.resolve(undefined);
      this.queued = { drafts, address, resolve };
      this.running = this.running.then(async () => {
        const job = this.queued;
        if (!job) return;
        this.queued = undefined;
        try {
          job.resolve(await this.build(job.drafts, job.address));
        } catch (err) {
          job.resolve({ issues: [crashIssue(err)], routes: [], ms: 0 });
        }
      });
    });
  }

  /** Checks the whole site with these drafts (what `npm run check` reports), without rendering. */
  async check(drafts: Map<string, string | null>): Promise<{ issues: StudioIssue[]; routes: Route[]; sources: Map<string, string[]> }> {
    const result = await runPipeline(this.paths, { mode: "check", warm: this.warm, drafts });
    return { issues: result.issues.map(studioIssue), routes: result.routes, sources: result.sources ?? new Map() };
  }

  private async build(drafts: Map<string, string>, address: string): Promise<DraftResult> {
    const started = performance.now();
    const result = await runPipeline(this.paths, { mode: "build", write: false, warm: this.warm, drafts, only: { addresses: [address] }, preview: true });
    const issues = result.issues.map(studioIssue);
    const ms = Math.round(performance.now() - started);
    if (!result.ok || !result.routes.some((r) => r.path === address)) return { issues, routes: result.routes, ms };
    const render: Render = { version: ++this.version, address, files: result.files };
    this.renders.push(render);
    if (this.renders.length > KEPT) this.renders.shift();
    return { issues, routes: result.routes, render, ms };
  }

  /** A file of a kept render, as bytes (undefined when that render or file is gone). */
  file(version: number, output: string): Buffer | undefined {
    const data = this.renders.find((r) => r.version === version)?.files.get(output);
    return data === undefined ? undefined : outputBytes(data);
  }

  latest(): Render | undefined {
    return this.renders.at(-1);
  }
}

export function studioIssue(issue: Issue): StudioIssue {
  const { code, severity, file, line, column, pointer, message, hint } = issue;
  return hint === undefined ? { code, severity, file, line, column, pointer, message } : { code, severity, file, line, column, pointer, message, hint };
}

/** A build that threw (a template's bug, a file-system error): one issue, so the editor sees it where it sees the others. */
function crashIssue(err: unknown): StudioIssue {
  const message = err instanceof Error ? err.message : String(err);
  return { code: "build-crashed", severity: "error", file: "", line: 1, column: 1, pointer: "", message: `The preview could not be made: ${message}` };
}
