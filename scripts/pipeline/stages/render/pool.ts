/**
 * Worker threads for a build: the second (third, …) core compiles the stylesheet
 * while the main thread loads and validates content, and for large sites shares
 * Markdown parsing and page rendering with the main thread.
 *
 * The output never depends on the threads: every job is a pure function of its
 * input, results are put back in input order, and a single-threaded build writes
 * the same bytes (tests/unit/workers.test.ts builds both ways and compares).
 *
 * SSG_WORKERS sets the number of worker threads: 0 runs everything on the main
 * thread; unset means one per core beyond the first (at most 3), with Markdown and
 * rendering shared only from SHARE_FROM pages and SHARE_WORKERS workers up (below
 * that, starting the templates in a worker costs more than it saves); a number forces
 * that many, sharing at any size.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { parseMarkdownUncached, primeMarkdown } from "../resolve/markdown.ts";
import type { MarkdownResult, Annotation } from "../../model.ts";
import type { ResolvedFont } from "../../../lib/site-module.ts";
import type { Styles } from "./styles.ts";
import { renderData, TemplateError, type RenderedPage, type RenderInput } from "./render.tsx";
import type { Job, RenderReply, RenderSetup } from "./worker-jobs.ts";
export type { Job, RenderSetup } from "./worker-jobs.ts";
import type { Route } from "../routes/routes.ts";
import type { PageSeo } from "./seo.ts";
import type { SchemaSet } from "../validate/schemas.ts";
import { bundledWorker } from "../../../lib/template-import.ts";

/** Pages from which the default setting shares parsing and rendering with workers. */
export const SHARE_FROM = 300;
/**
 * Workers from which the default setting shares them at all. With one (two cores),
 * 4,000 Markdown pages took 1-2 s more wall time and ~2 s more CPU shared than on the main
 * thread alone (measured five times, alternating): the worker loads the templates and
 * Markdown parser again, every tree crosses between threads twice, and the second
 * core is not free anyway (the write stage's file system work runs there).
 */
const SHARE_WORKERS = 2;
/** Items per message: large enough that messaging is cheap, small enough to balance. */
const CHUNK = 64;

export interface PoolSettings {
  workers: number;
  /** Share Markdown and rendering regardless of the site's size. */
  forced: boolean;
}

export function poolSettings(env = process.env["SSG_WORKERS"], cores = os.availableParallelism()): PoolSettings {
  if (env !== undefined && env !== "") {
    const n = Number(env);
    if (!Number.isInteger(n) || n < 0) throw new Error(`SSG_WORKERS must be a whole number (0 for none), not "${env}".`);
    return { workers: n, forced: n > 0 };
  }
  return { workers: Math.max(0, Math.min(cores - 1, 3)), forced: false };
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; stack?: string; name?: string; place?: { file: string; pointer: string } };

/** A worker's code through tsx: registers tsx, then imports worker.ts. */
function tsxWorker(): string {
  const require = createRequire(import.meta.url);
  const tsxPackage = require.resolve("tsx/package.json");
  const api = (JSON.parse(readFileSync(tsxPackage, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports["./esm/api"]!.import.default;
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), api)).href;
  const entry = new URL("./worker.ts", import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`;
}

/** A worker thread, started on its first job (a build whose stylesheet is cached and that shares nothing starts none). */
class PoolWorker {
  private started: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private failure: Error | undefined;

  private get worker(): Worker {
    return (this.started ??= this.start());
  }

  private start(): Worker {
    // From the generator's bundle (scripts/build.mjs), the bundled worker; otherwise a worker's
    // entry is not passed through the loader hooks of --import tsx (Node 20), so a small
    // script registers tsx in the worker and then imports worker.ts.
    const bundled = bundledWorker();
    const worker = new Worker(bundled ?? tsxWorker(), { eval: true, execArgv: [], env: process.env, stdout: false, stderr: false });
    worker.unref();
    worker.on("message", (r: Reply) => {
      const w = this.waiting.get(r.id);
      if (!w) return;
      this.waiting.delete(r.id);
      if (r.ok) w.resolve(r.value);
      else if (r.name === "TemplateError") w.reject(Object.assign(new TemplateError(r.message, r.place), r.stack ? { stack: r.stack } : {}));
      else w.reject(Object.assign(new Error(r.message), r.stack ? { stack: r.stack } : {}));
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`A build worker stopped (exit code ${code}).`)));
    return worker;
  }

  run<T>(job: Job): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...job });
    });
  }

  terminate(): Promise<number> {
    this.waiting.clear();
    this.failure ??= new Error("The pool was closed.");
    return this.started?.terminate() ?? Promise.resolve(0);
  }
}

export class WorkerPool {
  readonly workers: PoolWorker[];
  private setupDone = false;

  constructor(
    readonly settings: PoolSettings,
    count = settings.workers,
  ) {
    this.workers = Array.from({ length: count }, () => new PoolWorker());
  }

  /** Whether a site of this many pages should share parsing and rendering. */
  shares(pages: number): boolean {
    return this.workers.length > 0 && (this.settings.forced || (pages >= SHARE_FROM && this.workers.length >= SHARE_WORKERS));
  }

  /** The stylesheet, compiled by a worker (by the main thread if the worker fails). */
  styles(templatesDir: string, font: ResolvedFont): Promise<Styles> | undefined {
    const w = this.workers[0];
    if (!w) return undefined;
    return w.run<Styles>({ job: "styles", templatesDir, font }).catch(async () => (await import("./styles.ts")).buildStyles(templatesDir, font));
  }

  /** Results in the order of the items; the main thread takes chunks too. */
  parse(items: [string, "inline" | "block"][], local: (text: string, mode: "inline" | "block") => MarkdownResult): Promise<MarkdownResult[]> {
    return share(items, this.workers, (chunk) => chunk.map(([t, m]) => local(t, m)), (w, chunk) => w.run<MarkdownResult[]>({ job: "parse", items: chunk }));
  }

  /** `head` gives each page's share image, icons and structured data (seo.ts), computed here: workers get the results. */
  async render(routes: Route[], setup: RenderSetup, local: (route: Route) => RenderedPage, head: (route: Route) => PageSeo, lists: RenderInput["lists"]): Promise<RenderedPage[]> {
    if (!this.setupDone) {
      this.setupDone = true;
      await Promise.all(this.workers.map((w) => w.run({ job: "setup", setup })));
    }
    // The lists (every record and entry: on a large site most of its content) go to a worker only
    // once a page it renders reads one (useEntries); that chunk is then rendered again.
    const sent = new WeakSet<PoolWorker>();
    const remote = async (w: PoolWorker, chunk: Route[]): Promise<RenderedPage[]> => {
      const reply = await w.run<RenderReply<RenderedPage>>({ job: "render", routes: chunk, heads: chunk.map(head) });
      if (Array.isArray(reply)) return reply;
      if (sent.has(w) || !lists) throw new Error("A build worker asked for the lists twice.");
      sent.add(w);
      await w.run({ job: "lists", lists });
      return remote(w, chunk);
    };
    return share(routes, this.workers, (chunk) => chunk.map(local), remote);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Splits items into chunks that the workers and the main thread take in turn until
 * none is left; each result lands at its item's index, whoever computed it.
 */
export async function share<T, R>(
  items: T[],
  workers: PoolWorker[],
  local: (chunk: T[]) => R[],
  remote: (w: PoolWorker, chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const take = (): [number, T[]] | undefined => {
    if (next >= items.length) return undefined;
    const start = next;
    next = Math.min(items.length, next + CHUNK);
    return [start, items.slice(start, next)];
  };
  const place = (start: number, results: R[]) => results.forEach((r, i) => (out[start + i] = r));
  const viaWorker = async (w: PoolWorker) => {
    for (let c = take(); c; c = take()) place(c[0], await remote(w, c[1]));
  };
  const onMain = async () => {
    for (let c = take(); c; c = take()) {
      place(c[0], local(c[1]));
      await new Promise((r) => setImmediate(r)); // let the workers' replies in
    }
  };
  await Promise.all([...workers.map(viaWorker), onMain()]);
  return out;
}

/** A pool as SSG_WORKERS says, or undefined for none. */
export function startPool(settings = poolSettings()): WorkerPool | undefined {
  return settings.workers > 0 ? new WorkerPool(settings) : undefined;
}

/** Parses every Markdown field of the content in the pool, so that resolve() finds the results. */
export async function preparseMarkdown(pool: WorkerPool, annotations: Annotation[]): Promise<void> {
  const seen = new Set<string>();
  const items: [string, "inline" | "block"][] = [];
  for (const a of annotations) {
    if (a.kind !== "markdown") continue;
    const mode = a.arg === "inline" ? "inline" : "block";
    const key = `${mode}\0${a.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push([a.value, mode]);
  }
  const results = await pool.parse(items, parseMarkdownUncached);
  items.forEach(([text, mode], i) => primeMarkdown(text, mode, results[i]!));
}

/** What a worker is sent once before rendering: what a render reads of the input (stages/render/render.tsx renderData); the pages to render arrive with their routes and heads. */
export function renderSetup(templatesDir: string, schemas: SchemaSet, input: RenderInput): RenderSetup {
  const { lists: _lists, ...data } = renderData(input);
  return { templatesDir, sectionTypes: [...schemas.sectionTypes.keys()], input: { ...data, listsLater: true } };
}
