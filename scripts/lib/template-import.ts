/**
 * Loads a module of the site's templates. Run from the generator's bundle (scripts/build.mjs,
 * scripts/lib/bundle.mjs), the templates are in the bundle and loaded from there, sharing
 * the bundle's one copy of the runtime; run through tsx (tests, the dev server, the Studio),
 * they are imported from their files.
 */
import { fileURLToPath, pathToFileURL } from "node:url";

/** scripts/lib/bundle.mjs TEMPLATES_KEY. */
const TEMPLATES = Symbol.for("ssg.templates");

export function importTemplate(file: string): Promise<Record<string, unknown>> {
  const bundled = (globalThis as { [TEMPLATES]?: Map<string, () => Promise<Record<string, unknown>>> })[TEMPLATES]?.get(file);
  return bundled ? bundled() : (import(pathToFileURL(file).href) as Promise<Record<string, unknown>>);
}

/**
 * The code that starts the bundled worker thread (scripts/lib/bundle.mjs BUNDLE_KEY: its entry,
 * run by scripts/lib/run-bundle.cjs), when the build runs from the bundle.
 */
export function bundledWorker(): string | undefined {
  const b = (globalThis as { [key: symbol]: { worker?: string; runner?: string } | undefined })[Symbol.for("ssg.bundle")];
  if (!b?.worker || !b.runner) return undefined;
  // The worker's compiled code is not kept (it starts only for a stylesheet to compile or a large site's pages to share).
  // The bundle is one file for both roles (bundle.mjs): in this thread, the worker's.
  return `globalThis[Symbol.for("ssg.role")] = "worker";\nrequire(${JSON.stringify(b.runner)}).runBundled(${JSON.stringify(fileURLToPath(b.worker))}, { writeCacheOnExit: false });`;
}
