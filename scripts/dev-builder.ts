/**
 * The dev server's builder: a long-running child process (forked by scripts/dev.ts)
 * that builds on request and keeps what does not change between content edits (the
 * compiled schemas, the browser bundles, the stylesheet, the imported templates), so
 * that a saved content file is rebuilt in a few hundred milliseconds. The dev server
 * replaces it with a fresh one when schemas/ or templates/ change.
 *
 * Protocol (process.send): receives "build"; answers { ok, output, ms, written } with the
 * same report `npm run build` prints and the files of dist/ it wrote or deleted.
 * Receives { quick: "content/pages/x.json" } after a save of that one file: runs the same
 * pipeline with the whole content but renders only the pages made from that file
 * (BuildOptions.only), and answers { ok: true, quick: true, pages, output, ms } with their
 * HTML, or { ok: false, quick: false, output: why not } when the file makes no page or the
 * content has an error; the dev server then runs the whole build, which writes dist/.
 */
import { fsErrorSentence } from "./lib/fs-errors.ts";
import { projectPaths } from "./lib/paths.ts";
import { printIssues } from "./problems/report.ts";
import { pagesFrom, runPipeline, type WarmCache } from "./pipeline/index.ts";
import { SiteModuleError } from "./lib/site-module.ts";
import { codeKey, loadStoredMemo } from "./pipeline/memo/stored-memo.ts";

export interface BuilderReply {
  ok: boolean;
  output: string;
  ms: number;
  /** The files of dist/ the build wrote or deleted (["*"]: all of them). */
  written?: string[];
  /** Set for an answer to { quick }: whether the page was rebuilt on its own. */
  quick?: boolean;
  /** A { quick } request's pages: their HTML by their files in dist/, served from memory until the whole build is done. */
  pages?: Record<string, string>;
}

const paths = projectPaths();
const warm: WarmCache = {};
// Fill the cache at once with builds that write nothing (the first compiles, the next
// ones let the JIT warm up), so that the first save is as fast as the later ones.
const warming = (async () => {
  for (let i = 0; i < 3; i++) await runPipeline(paths, { mode: "build", write: false, warm }).catch(() => undefined);
  // What the first build (scripts/build.ts, which stores its memo) left in dist/: the first save then writes only what it changes.
  const stored = await loadStoredMemo(paths, codeKey(paths)).catch(() => undefined);
  if (stored && warm.memo) {
    warm.memo.output = stored.output;
    warm.memo.spare = stored.spare;
    // A build that learns what dist/ holds (it writes only what differs: nothing), then the one-page answer warmed up on the first page.
    const built = await runPipeline(paths, { mode: "build", warm }).catch(() => undefined);
    const page = built?.routes.find((r) => r.status === 200 && !r.alias)?.page.file;
    for (let i = 0; page && i < 3; i++) await pagesFrom(paths, warm, page).catch(() => undefined);
  }
})();

async function buildOnce(): Promise<BuilderReply> {
  await warming;
  const started = performance.now();
  let output = "";
  const sink = { write: (s: string) => ((output += s), true) } as unknown as NodeJS.WriteStream;
  const result = await runPipeline(paths, { mode: "build", warm });
  // Brief: a group of issues (placeholder addresses, dozens of lines) is one line here,
  // printed on every save; the first build (scripts/build.ts) and npm run check list them.
  printIssues(result.issues, sink, { brief: true });
  const ms = Math.round(performance.now() - started);
  if (result.ok) output += `Built ${result.routes.length} pages (${result.files.size} files) into dist/ in ${ms} ms.\n`;
  return { ok: result.ok, output, ms, ...(result.written !== undefined ? { written: result.written } : {}) };
}

async function quickOnce(file: string): Promise<BuilderReply> {
  await warming;
  const started = performance.now();
  const r = await pagesFrom(paths, warm, file).catch((err: unknown) => ({ skipped: err instanceof Error ? err.message : String(err) }));
  if ("skipped" in r) return { ok: false, quick: false, output: r.skipped, ms: 0 };
  const ms = Math.round(performance.now() - started);
  return { ok: true, quick: true, pages: Object.fromEntries(r.pages), output: `Rebuilt ${r.addresses.join(", ")} in ${ms} ms.\n`, ms };
}

process.on("message", (message) => {
  if (typeof message === "object" && message !== null && "quick" in message) {
    void quickOnce(String((message as { quick: unknown }).quick)).then((reply) => process.send!(reply));
    return;
  }
  if (message !== "build") return;
  buildOnce().then(
    (reply) => process.send!(reply),
    (err: unknown) => {
      const sentence = err instanceof SiteModuleError ? err.message : fsErrorSentence(err, paths.root);
      const output = sentence
        ? `${sentence} The last good dist/ is still served.\n`
        : `The build stopped with an error:\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`;
      process.send!({ ok: false, output, ms: 0 });
    },
  );
});
process.send!("ready");
