// @ts-check
/**
 * `npm run build`: scripts/build.ts started from the generator's bundle (scripts/lib/bundle.mjs),
 * run from its code cache (scripts/lib/run-bundle.cjs), which starts in a fraction of the time
 * tsx takes to load the same modules one by one. The arguments and exit code are build.ts's.
 * When the code cannot be bundled (a mistake in a template), or SSG_BUNDLE=0, the build runs
 * through tsx as before, and its message names the mistake.
 */
import path from "node:path";
import { runFromBundle, templatesFolder } from "./lib/bundle.mjs";
import { GENERATOR } from "./lib/project.mjs";

// React's production build renders two to three times faster; chosen before anything imports React.
process.env["NODE_ENV"] ??= "production";
const ran = process.env["SSG_BUNDLE"] === "0" ? undefined : await runFromBundle("build.ts", templatesFolder(process.argv.slice(2)));
if (!ran || !("main" in ran)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(path.join(GENERATOR, "build.ts"));
}
