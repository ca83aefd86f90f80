/**
 * npm run build: content -> dist/. Exits 1, naming every mistake, when content is wrong.
 *
 * It also warns while an external address anywhere in content (a link, a webhook, an
 * e-mail address) is still a placeholder on a name reserved for examples, such as
 * example.com (scripts/pipeline/stages/validate/placeholders.ts). `npm run build -- --strict` makes
 * those warnings errors: exit 1, dist/ untouched (the pipeline stops before writing
 * anything). Use it for the published site. `--timings` prints the time of each stage.
 *
 * A build renders and writes only the pages whose inputs changed since the last build of
 * the project, when the build cache holds its memo and dist/ is as that build left it
 * (pipeline/memo/stored-memo.ts); the output is the same as a build from scratch's.
 * `--full` builds from scratch.
 */

// React's production build renders the same HTML two to three times faster; it must
// be chosen before React is first imported, hence the imports below come after. In a
// function, not at the top level: the generator's bundle is CommonJS (scripts/lib/bundle.mjs).
process.env["NODE_ENV"] ??= "production";
void main();

async function main(): Promise<void> {
  const { projectArg, projectPaths, rel } = await import("./lib/paths.ts");
  const { fsErrorSentence } = await import("./lib/fs-errors.ts");
  const path = (await import("node:path")).default;
  const { printIssues, warningSummary } = await import("./problems/report.ts");
  const { runPipeline } = await import("./pipeline/index.ts");
  const { PLACEHOLDER_GROUP } = await import("./pipeline/stages/validate/placeholders.ts");
  const { SiteModuleError } = await import("./lib/site-module.ts");
  const { GENERATED_DIR } = await import("./lib/generated.ts");

  const args = await projectArg(process.argv.slice(2));
  const unknown = args.filter((a) => a !== "--strict" && a !== "--timings" && a !== "--full");
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(" ")}. Usage: npm run build [-- --strict] [--full] [--timings] [--project <dir>]`);
    process.exit(2);
  }
  const strict = args.includes("--strict");

  const started = performance.now();
  const paths = projectPaths();
  let result;
  try {
    result = await runPipeline(paths, { mode: "build", strict, incremental: args.includes("--full") ? "full" : "auto" });
  } catch (err) {
    // A full disk, a read-only folder, a file-size limit, a mistake in templates/site.ts: one sentence with the path, no stack trace.
    const sentence = err instanceof SiteModuleError ? err.message : fsErrorSentence(err, paths.root);
    if (!sentence) throw err;
    // An incremental build writes into dist/ itself (pipeline/stages/write/write.ts updateOutput): it may have replaced some files.
    const partial = (err as { partial?: boolean }).partial === true;
    console.error(`${sentence} ${partial ? "dist/ may hold some of this build's files, each whole; the next build writes it whole." : "Nothing was written; dist/ is unchanged."}`);
    return exitNow(1);
  }
  // Files are named from the project's root; for another project (--project), from where the command runs.
  const fromHere = (file: string) => {
    const r = rel(process.cwd(), path.join(paths.root, file));
    return r.startsWith("../..") ? path.join(paths.root, file) : r;
  };
  const shown = process.env["SSG_PROJECT_TEMPLATES"] && paths.root !== process.cwd() ? result.issues.map((i) => ({ ...i, file: fromHere(i.file) })) : result.issues;
  printIssues(shown);
  if (!result.ok) return exitNow(1);
  const pages = result.routes.length;
  const distShown = rel(process.cwd(), paths.dist) || ".";
  console.log(`Built ${pages} page${pages === 1 ? "" : "s"} (${result.files.size} files) into ${distShown.startsWith("..") || path.isAbsolute(distShown) ? paths.dist : `${distShown}/`} in ${Math.round(performance.now() - started)} ms.`);
  // --timings: where the time went, stage by stage (the bench's stage breakdown, for one build).
  if (args.includes("--timings")) console.log(`Stages (ms): started ${Math.round(started)} after the process; ${Object.entries(result.timings).map(([k, v]) => `${k} ${Math.round(v)}`).join(", ")}.`);
  const summary = warningSummary(result.issues);
  const placeholders = result.issues.some((i) => i.group?.name === PLACEHOLDER_GROUP.name);
  if (summary) console.log(`${summary}${placeholders ? " `npm run build -- --strict` turns placeholder addresses into errors." : ""}`);
  // The generated files (lib/generated.ts) this build did not use go; new ones are named, to be committed.
  const generated = result.generated;
  if (generated) {
    const removed = generated.prune();
    const inProject = generated.dir === path.join(paths.root, GENERATED_DIR);
    if (inProject && (generated.made.size || removed.length)) {
      const where = rel(process.cwd(), generated.dir) || GENERATED_DIR;
      const did = [generated.made.size ? `made ${generated.made.size}` : "", removed.length ? `removed ${removed.length} no longer used` : ""].filter(Boolean).join(" and ");
      console.log(`Generated files (photo copies, font, share images, icons, validators, browser assets): ${did} in ${where}/. Commit ${where}/ with the content, so that other clones and CI build without making them again.`);
    }
  }
}
export {};

/**
 * Ends a build that stopped early. The islands' bundle, started before the first stage, may still
 * be in esbuild's process, waiting on a plugin of ours: left to find its parent gone, esbuild
 * printed Go's "all goroutines are asleep - deadlock!" and its stacks after the build's message
 * (a fresh site's first build with a content error). It is let finish first (a few seconds at most).
 */
async function exitNow(code: number): Promise<never> {
  // The build has said why it stopped: work it abandoned (the site module's other users) may fail meanwhile, unheard.
  process.on("unhandledRejection", () => {});
  const { islandBuildsSettled } = await import("./pipeline/stages/render/islands.ts");
  await islandBuildsSettled(10_000);
  process.exit(code);
}
