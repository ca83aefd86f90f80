/**
 * Every mistake at once. Content with a schema error stops the build at "validate", before
 * the checks that need the whole site (references between files, links, texts, the site's
 * own rules: stages resolve and routes+links). When every file in error was read whole (a
 * schema error, not a file that does not parse or an asset), those checks still run here on
 * the content as it is, as `npm run check` runs them (no photos, nothing rendered or written), and their
 * errors join the list, except in the files that have a schema error: there, the schema
 * error comes first and may be the cause. A check that throws on content it was never meant
 * to read leaves the list as validate made it.
 */
import type { Issue } from "../problems/issues.ts";
import type { Build } from "./build.ts";
import { markHidden } from "./stages/resolve/resolve.ts";
import { resolveStage } from "./stages/resolve/index.ts";
import { routesStage } from "./stages/routes/index.ts";

const key = (i: Issue) => `${i.code}\0${i.file}\0${i.pointer}\0${i.message}`;

export async function withLaterErrors(b: Build, first: Issue[]): Promise<Issue[]> {
  const invalid = new Set(first.filter((i) => i.severity === "error").map((i) => i.file));
  // Only when each file with an error is a content file still read whole (its data there, a schema error in it): a file that
  // did not parse, an asset in error or a site-wide error leaves gaps (a page missing, an image unread) that the checks of the
  // whole site would report as mistakes of other files.
  // Schemas with mistakes (schema-check.ts): nothing was validated, so there is nothing to look ahead with.
  if (!b.validated) return first;
  const read = new Map(b.validated.files.map((f) => [f.file, f.data !== undefined]));
  if (![...invalid].every((file) => read.get(file) === true && !file.startsWith("content/assets/"))) return first;
  const listed = new Set(first.map(key));
  try {
    b.marked = markHidden(b.validated);
    b.photos = undefined;
    await resolveStage.run(b);
    const stop = await routesStage.run(b);
    const later = (stop?.issues ?? b.issues).filter((i) => i.severity === "error" && !invalid.has(i.file) && !listed.has(key(i)));
    return [...first, ...later];
  } catch {
    return first;
  }
}
