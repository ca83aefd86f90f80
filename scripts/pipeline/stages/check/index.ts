/**
 * Stage "check" (stages/check/check.ts): each rendered page's pieces read once (each shared part once),
 * for the links templates wrote (they must lead somewhere too), one h1 a page, the anchors
 * links in content point to (a whole build), and photos too small for their place. Stops on
 * any error.
 */
import { normalizeRoute } from "../../../lib/url.ts";
import type { Build, Stage } from "../../build.ts";
import type { RenderedReads } from "../../model.ts";
import type { Route } from "../routes/routes.ts";
import { countPerSection } from "../render/render.tsx";
import { anchorIssues, headingIssues, readPiece, readRendered, templateLinkIssues } from "./check.ts";
import { softPhotoIssues } from "../media/photos.ts";
import { keysOf } from "../render/index.ts";

export const checkStage: Stage = {
  name: "check",
  runs: (b) => b.options.mode === "build",
  run(b) {
    const { rendered: routes, pages, keptPages, fragments, memo, warm, files, photos, islands, seo, resolved, issues, options, input } = b;
    const read = (b.read = readRendered(routes.map((r) => pages.get(r.output) ?? { pieces: [], keys: keysOf(b, r) }), fragments, memo?.reads));
    routes.forEach((r, i) => {
      const k = keptPages.get(r.output);
      if (k) read.ownReads[i] = k.reads;
    });
    if (memo && options.only) for (const [text, r] of read.memo) memo.reads.set(text, r);
    else if (memo) memo.reads = warm ? read.memo : new Map();
    // Each address looked up once: most pages link the same assets, scripts and navigation.
    const built = new Set(b.routes.filter((r) => r.status === 200).map((r) => r.path));
    const found = new Map<string, boolean>();
    /** Whether an address a template wrote leads to a file or page of the build. */
    const exists = (ref: string) => {
      let yes = found.get(ref);
      if (yes === undefined) found.set(ref, (yes = files.has(ref.slice(1)) || photos!.outputs.has(ref.slice(1)) || islands.files.has(ref.slice(1)) || seo.outputs.has(ref.slice(1)) || built.has(normalizeRoute(ref))));
      return yes;
    };
    if (!options.only) reachedByTemplates(b, read);
    // A broken link a template writes: on the error's path, each section drawn alone says which one writes it.
    const sectionOf = (route: Route, ref: string) => countPerSection(route, input, (html) => readPiece(html).refs.filter((r) => r === ref).length).findIndex((n) => n > 0);
    issues.push(...templateLinkIssues(routes, read, exists, sectionOf, resolved.sources));
    issues.push(...headingIssues(resolved, routes, read, (route) => countPerSection(route, input, (html) => readPiece(html).h1)));
    if (!options.only) issues.push(...anchorIssues(resolved, routes, read));
    issues.push(...softPhotoIssues(photos!, resolved, routes.map((r) => [r.path, pages.get(r.output)?.photoSlots ?? keptPages.get(r.output)!.photoSlots])));
    if (issues.some((i) => i.severity === "error")) return { issues, routes: b.routes };
  },
};

/**
 * What the routes stage could not know before the pages were drawn (stages/routes/unused.ts reads
 * content only): a page that a template links to (a hand-written menu, an index that lists entries
 * with useEntries) is reached, and a record of a list a template read is used. Their warnings go.
 */
function reachedByTemplates(b: Build, read: RenderedReads): void {
  // Most builds have no such warning: then the pages' links are not walked at all.
  if (!b.issues.some((i) => i.code === "unlinked-page" || i.code === "unused-record")) return;
  const linked = new Set<string>();
  const add = (refs: string[], from?: string) => {
    for (const ref of refs) {
      const route = normalizeRoute(ref.split(/[?#]/)[0]!);
      if (route !== from) linked.add(route);
    }
  };
  b.rendered.forEach((r, i) => add(read.ownReads[i]!.flatMap((p) => p.refs), r.path));
  for (const part of read.parts.values()) add(part.refs);
  const collectionOf = new Map(b.resolved.files.filter((f) => f.kind === "collection").map((f) => [f.file, f.name]));
  const keep = b.issues.filter((i) => {
    if (i.code === "unlinked-page") return !b.routes.some((r) => r.page.file === i.file && linked.has(r.path));
    if (i.code === "unused-record") return !b.listsRead.has(collectionOf.get(i.file) ?? "");
    return true;
  });
  b.issues.splice(0, b.issues.length, ...keep);
}
