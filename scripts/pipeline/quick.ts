/**
 * The dev server's one-page rebuild: a saved page or Markdown entry is read, checked and
 * rendered on top of the builder's last good build (index.ts LastBuild), in tens of
 * milliseconds at any size; the dev server serves it from memory and reloads the page at
 * once, then runs the whole build as before, which renders nothing of the page again (the
 * memo learns it here), writes the new version of the site and reports anything this did not
 * look at. dist/ itself only ever holds whole builds (8-write.ts).
 *
 * The page made here is the page a whole build writes: it goes through the same stages
 * (loadFile, validateContent, resolve, buildRoutes, renderPage, the check stage) with the
 * rest of the content as the last build had it, and every check that could fail for it runs.
 * Whatever could make it differ from a whole build, or make another page wrong without a
 * message, sends the save to the whole build instead (`skipped`, with the reason):
 *
 * - the file is not a page or entry of the last build, or dist/ changed since;
 * - any issue in the file (an error or a warning: the whole build reports it);
 * - its addresses changed (its aliases), or the title or description of a page that has a
 *   share image (the image shows them);
 * - it refers to a Markdown entry (those are not read here) or shows a photo the last build
 *   did not make copies of;
 * - any link to an anchor, from it or to it, that no longer lands; a broken link a
 *   template wrote, not one h1;
 * - its markup needs another Content-Security-Policy (an inline style or script of its own);
 * - it changes what every page inlines or loads: the photo classes of the stylesheet, or the
 *   characters the font is cut to;
 * - the last build failed (LastBuild is dropped: the content is no longer that build's plus
 *   the saved file).
 *
 * tests/unit/quick.test.ts checks that the page is byte for byte a whole build's and each
 * reason to skip; the oracle (tests/unit/oracle.test.ts) checks it after random edits.
 */
import path from "node:path";
import { existsSync } from "node:fs";
import type { ProjectPaths } from "../lib/paths.ts";
import type { SiteSettings as Site } from "../api.ts";
import { loadFile } from "./1-load.ts";
import { validateContent } from "./2-validate.ts";
import type { ValidatedContent, RenderedReads } from "./model.ts";
import { markHidden, resolve, type ResolvedContent } from "./3-resolve.ts";
import { buildRoutes, type Route } from "./4-routes.ts";
import { assemble, encodePage, renderPage, type RenderedPage } from "./5-render.tsx";
import { anchorIssues, headingIssues, readRendered, templateLinkIssues } from "./6-check.ts";
import { holds } from "./8-write.ts";
import { pageKey, type WarmCache } from "./index.ts";
import { PHOTO, PhotoStyles } from "./support/images.ts";
import { contentCharacters, fontText } from "./support/font.ts";
import { checkContentLinks } from "./support/links.ts";
import { placeholderIssues } from "./support/placeholders.ts";
import { seoIssues, planSeo } from "./support/seo.ts";
import { softPhotoIssues } from "./support/photos.ts";
import { textIssues } from "./support/text-checks.ts";

/** The pages rebuilt (their addresses, and their HTML by their files in dist/), or why the save needs the whole build. */
export type QuickResult = { ok: true; paths: string[]; pages: Map<string, string>; ms: number } | { skipped: string };

/** `changed`: the saved file, from the project's root ("content/pages/index.json"). */
export async function quickRebuild(paths: ProjectPaths, warm: WarmCache, changed: string): Promise<QuickResult> {
  const started = performance.now();
  const last = warm.last;
  const memo = warm.memo;
  const skip = (why: string): QuickResult => ({ skipped: why });
  if (!last || !memo?.output) return skip("no earlier build to start from");
  const before = last.validated.files.find((f) => f.file === changed);
  if (!before || !(before.kind === "page" || before.entry)) return skip("not a page or entry of the last build");
  const abs = path.join(paths.root, changed);
  if (!existsSync(abs)) return skip("the file is gone");
  if (!(await holds(memo.output, paths.dist))) return skip("dist/ changed since the last build");

  // Read and check the file with the content it can refer to: site.json and the collections.
  const kinds = last.siteModule.kinds ?? [];
  const one = loadFile(paths, abs, kinds);
  if (!one.file || one.issues.length) return skip("the file does not read");
  const source = one.file;
  const mine = (i: { file: string }) => i.file === changed;
  const others = last.validated.files.filter((f) => f.kind === "site" || f.kind === "collection");
  const validated = validateContent({ files: [source, ...others], assets: last.validated.assets, issues: [] }, last.schemas, last.validator);
  const siteFile = others.find((f) => f.kind === "site")!;
  if (validated.issues.some(mine) || placeholderIssues([source], last.schemas).length || textIssues([siteFile, source], last.schemas).some(mine)) return skip("the file has issues");
  const ownAnnotations = validated.annotations.filter(mine);
  if (ownAnnotations.some((a) => a.kind === "asset" && PHOTO.test(a.value) && !a.hidden && !last.photos.photos.has(a.value))) return skip("it shows a photo the last build did not make");
  // Photo styles of their own (the last build's stylesheet is not added to), compared below.
  const resolvedHere = resolve(validated, { ...last.photos, styles: new PhotoStyles() }, markHidden(validated), last.resolved.assets);
  if (resolvedHere.issues.some(mine)) return skip("the file has issues");
  const file = resolvedHere.files.find(mine)!;

  // What every page inlines or loads stays as the last build made it: the stylesheet has a class per photo colour and
  // focal point in use, and the font is cut to the characters of all content.
  if (JSON.stringify(photoClasses(file.data)) !== JSON.stringify(photoClasses(last.resolved.files.find(mine)!.data))) return skip("its photos' styles changed");
  const characters = contentCharacters(last.validated.files.map((f) => (mine(f) ? source : f)));
  if (fontText(last.templateTexts, characters) !== last.fontText) return skip("it changes the characters the font is cut to");

  // Its routes: the same addresses as before, now with its new content.
  const oldRoutes = last.routes.filter((r) => r.page.file === changed);
  const { routes: ownRoutes, issues: routeIssues } = buildRoutes({ ...resolvedHere, files: [file] });
  const shape = (rs: Route[]) => JSON.stringify(rs.map((r) => [r.path, r.output, r.canonical, r.status, r.alias]));
  if (routeIssues.length || shape(ownRoutes) !== shape(oldRoutes)) return skip("its addresses changed");
  const byPath = new Map(ownRoutes.map((r) => [r.path, r]));
  const routes = last.routes.map((r) => byPath.get(r.path) ?? r);
  const site = last.input.site as unknown as Site;
  const meta = (data: unknown) => JSON.stringify([(data as { title?: unknown }).title, (data as { description?: unknown }).description]);
  if (site.seo.shareImages.some((e) => byPath.has(e.page)) && meta(file.data) !== meta(last.resolved.files.find(mine)!.data)) return skip("its share image shows its title");

  // The whole content as the last build had it, with this file's new version.
  const links = [...last.resolved.links.filter((l) => !mine(l)), ...resolvedHere.links.filter(mine)];
  const resolved: ResolvedContent = {
    ...last.resolved,
    files: last.resolved.files.map((f) => (mine(f) ? file : f)),
    links,
    annotations: [...last.resolved.annotations.filter((a) => !mine(a)), ...resolvedHere.annotations.filter(mine)],
    issues: [],
    sources: new Map(last.resolved.sources).set(changed, source),
  };
  if (checkContentLinks({ ...resolved, links: links.filter(mine) }, routes).length || seoIssues(resolved, routes).some(mine)) return skip("its links or its title have issues");

  // Rendered as a whole build renders it, and read by the check stage.
  const seo = planSeo(last.images, site, routes, resolved, last.siteModule as never);
  const input = { ...last.input, seo };
  const pages = ownRoutes.map((r) => renderPage(r, input, memo.fragments));
  const read = readRendered(pages, memo.fragments, memo.reads);
  const indexOf = new Map(routes.map((r, i) => [r, i]));
  const all: RenderedReads = { ownReads: [...last.read.ownReads], parts: new Map([...last.read.parts, ...read.parts]), pages: [...last.read.pages] };
  ownRoutes.forEach((r, k) => {
    all.ownReads[indexOf.get(r)!] = read.ownReads[k]!;
    all.pages[indexOf.get(r)!] = { keys: pages[k]!.keys };
  });
  if (templateLinkIssues(ownRoutes, read, last.exists).length) return skip("a template's link leads nowhere");
  if (headingIssues(resolved, ownRoutes, read, () => []).length) return skip("not one h1");
  if (anchorIssues(resolved, routes, all).length) return skip("a link to an anchor no longer lands");
  if (softPhotoIssues(last.photos, resolved, ownRoutes.map((r, k) => [r.path, pages[k]!.photoSlots])).some(mine)) return skip("a photo is too small for its place");
  // The headers need nothing new: the page's markup asks the policy for what it did before.
  const scans = (reads: RenderedReads, i: number) => JSON.stringify([...reads.ownReads[i]!.map((r) => r.scan), ...reads.pages[i]!.keys.map((k) => reads.parts.get(k)!.scan)]);
  if (ownRoutes.some((r) => scans(all, indexOf.get(r)!) !== scans(last.read, indexOf.get(r)!))) return skip("its markup needs other headers");

  // The memo learns the pages, so the whole build that follows does not render them again.
  const html = new Map<string, string>();
  ownRoutes.forEach((r, k) => {
    html.set(r.output, assemble(pages[k]!, memo.fragments));
    memo.pages.set(pageKey(r, seo.head(r), memo.siteKey), pages[k]!);
  });
  for (const [text, r] of read.memo) memo.reads.set(text, r);
  return { ok: true, paths: ownRoutes.map((r) => r.path), pages: html, ms: Math.round(performance.now() - started) };
}

/** The photo classes a file's resolved data uses (3-resolve.ts photoAsset: colour and focal point), in order. */
function photoClasses(data: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (k === "className" && typeof x === "string") out.push(x);
        else walk(x);
      }
    }
  };
  walk(data);
  return out;
}
