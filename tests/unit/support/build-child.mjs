// @ts-check
/**
 * build-child.ts started as `npm run build` starts build.ts (scripts/build.mjs): from the
 * generator's bundle, with this repository's templates. Through tsx each child build spent
 * ~1 s more loading modules one by one (2.0 against 1.0 s for the site), and the tests that
 * kill builds at random moments start a dozen or more.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLE_KEY, bundled, ROOT, RUNNER } from "../../../scripts/lib/bundle.mjs";

process.env["NODE_ENV"] ??= "production";
const made = await bundled("tests/unit/support/build-child.ts", path.join(ROOT, "templates"));
if (!("main" in made)) throw new Error(`build-child.ts could not be bundled:\n${made.problems.join("\n")}`);
/** @type {Record<symbol, unknown>} */ (globalThis)[BUNDLE_KEY] = { worker: made.main, runner: RUNNER };
/** @type {{ runBundled(file: string): unknown }} */
const runner = createRequire(import.meta.url)(RUNNER);
runner.runBundled(fileURLToPath(made.main));
