/**
 * Link check: every internal link, in content and in templates, must point at a
 * built route or asset; every other link must use a safe scheme. Links written in
 * templates are read from the rendered HTML with the HTML tokenizer (lib/html-scan.ts).
 */
import { classifyLink, normalizeRoute } from "../../lib/url.ts";
import { problem, type Problem } from "./errors.ts";
import { issueAt, type Issue } from "./issues.ts";
import { atLineOfText, type ResolvedContent } from "../3-resolve.ts";
import { closestRoute, type Route } from "../4-routes.ts";

/** builtPaths: the paths of the routes with status 200 (a set: one lookup per link, not a scan of every route). */
export function targetExists(path: string, builtPaths: Set<string>, assetUrls: Set<string>): boolean {
  if (assetUrls.has(path)) return true;
  return builtPaths.has(normalizeRoute(path));
}

export function checkContentLinks(content: ResolvedContent, routes: Route[]): Issue[] {
  const issues: Issue[] = [];
  const assetUrls = new Set([...content.assets.values()].map((a) => a.url));
  const built = new Set(routes.filter((r) => r.status === 200).map((r) => r.path));
  for (const link of content.links) {
    const source = content.sources.get(link.file)!;
    const issue = (p: Problem) => atLineOfText(issueAt(source, link.pointer, p), source, link.line);
    const c = classifyLink(link.value);
    if (c.kind === "unsafe") issues.push(issue(problem("unsafe-link", { reason: c.reason, hint: c.hint })));
    else if (c.kind === "internal" && !targetExists(c.path, built, assetUrls) && link.arg === "page") {
      const id = link.value.slice(link.value.lastIndexOf("/") + 1);
      issues.push(issue(problem("record-without-page", { id, link: link.value })));
    } else if (c.kind === "internal" && !targetExists(c.path, built, assetUrls)) {
      const guess = closestRoute(normalizeRoute(c.path), routes);
      issues.push(issue(problem("broken-link", { link: link.value, guess })));
    }
  }
  return issues;
}
