// @ts-check
/**
 * build-child.ts started as `npm run build` starts build.ts (scripts/build.mjs): from the
 * generator's bundle, with this repository's templates. Through tsx each child build spent
 * ~1 s more loading modules one by one (2.0 against 1.0 s for the site), and the tests that
 * kill builds at random moments start a dozen or more.
 */
import path from "node:path";
import { ROOT, runFromBundle } from "../../../scripts/lib/bundle.mjs";

process.env["NODE_ENV"] ??= "production";
const ran = await runFromBundle("../tests/unit/support/build-child.ts", path.join(ROOT, "templates"));
if (!("main" in ran)) throw new Error(`build-child.ts could not be bundled:\n${ran.problems.join("\n")}`);
