/**
 * Warnings for content that is there but reaches no visitor: collection records no
 * page uses, images nothing refers to, and pages nothing links to (a visitor could
 * only find them by typing the address). Content links are the source: fields,
 * Markdown links, the header and footer in site.json, records' own pages (x-page)
 * and the Markdown entries a section lists.
 */
import { classifyLink, normalizeRoute } from "../../../lib/url.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { issueAt, issueIn, type Issue } from "../../../problems/issues.ts";
import type { ResolvedContent } from "../resolve/resolve.ts";
import { NOT_FOUND_PAGE, type Route } from "./routes.ts";
import type { Annotation } from "../../model.ts";

/** `templateAssets`: the files of content/assets templates use by name (templates/site.ts). */
export function unusedContent(content: ResolvedContent, annotations: Annotation[], routes: Route[], templateAssets: readonly string[] = []): Issue[] {
  const warn = (file: string, pointer: string, p: Problem): Issue => issueAt(content.sources.get(file)!, pointer, p);
  const issues: Issue[] = [];

  // Records: used when some field refers to them (x-ref).
  const used = new Set(annotations.filter((a) => a.kind === "ref").map((a) => `${a.arg}/${a.value}`));
  for (const f of content.files) {
    if (f.kind !== "collection") continue;
    ((f.data["items"] ?? []) as { id: string }[]).forEach((item, i) => {
      if (!used.has(`${f.name}/${item.id}`))
        issues.push(warn(f.file, `/items/${i}/id`, problem("unused-record", { id: item.id })));
    });
  }

  // Images: used when a content field or a template names them.
  const usedAssets = new Set([...annotations.filter((a) => a.kind === "asset").map((a) => a.value), ...templateAssets]);
  for (const name of content.assets.keys())
    if (!usedAssets.has(name))
      issues.push(issueIn(`content/${name}`, problem("unused-image", { image: name })));

  // Pages: reached when a link in content points at their address or one of their aliases.
  const linked = new Set<string>();
  for (const l of content.links) {
    if (l.hidden) continue; // in a hidden section: checked, but no visitor follows it
    const c = classifyLink(l.value);
    if (c.kind === "internal") linked.add(normalizeRoute(c.path));
  }
  // A Markdown entry listed by id (x-ref to its kind's collection) is reached through that list.
  const entryRoutes = new Map(content.files.filter((f) => f.entry).map((f) => [`${f.entry!.collection}:${f.name}`, f.entry!.route]));
  for (const a of annotations) if (a.kind === "ref" && entryRoutes.has(`${a.arg}:${a.value}`)) linked.add(entryRoutes.get(`${a.arg}:${a.value}`)!);
  const byFile = new Map<string, Route[]>();
  for (const r of routes) byFile.set(r.page.file, [...(byFile.get(r.page.file) ?? []), r]);
  for (const [file, pageRoutes] of byFile) {
    const primary = pageRoutes.find((r) => !r.alias)!;
    if (primary.path === "/" || primary.page.name === NOT_FOUND_PAGE || primary.status !== 200) continue;
    if (pageRoutes.some((r) => linked.has(r.path))) continue;
    issues.push(
      warn(file, "", problem("unlinked-page", { path: primary.path })),
    );
  }
  return issues;
}
