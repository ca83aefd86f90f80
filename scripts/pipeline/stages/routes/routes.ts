/**
 * Stage 4, route table: file-based. content/pages/index.json is /,
 * content/pages/solutions/owners.json is /solutions/owners, content/pages/404.json
 * is the not-found page. A page's aliases are served with the same content and a
 * canonical link to the primary route. A Markdown entry is at the address its kind gives it
 * (templates/site.ts kinds: with route "/articles/:name", content/articles/<name>.md is /articles/<name>).
 */
import { problem, type Problem } from "../../../problems/errors.ts";
import { didYouMean, issueAt, type Issue } from "../../../problems/issues.ts";
import type { ResolvedContent, ResolvedFile } from "../resolve/resolve.ts";

export interface Route {
  /** The address, without a trailing slash ("/" for home). */
  path: string;
  /** The file inside dist/. */
  output: string;
  /** The primary address of the page (differs from path for aliases). */
  canonical: string;
  status: 200 | 404;
  alias: boolean;
  page: ResolvedFile;
}

export const NOT_FOUND_PAGE = "404";

export function pageRoute(name: string): string {
  if (name === "index") return "/";
  return "/" + name.replace(/\/index$/, "");
}

export function outputFor(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

export function buildRoutes(content: ResolvedContent): { routes: Route[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const routes: Route[] = [];
  const taken = new Map<string, { file: string; pointer: string }>();
  const at = (file: string, pointer: string, p: Problem) => issueAt(content.sources.get(file)!, pointer, p);
  const claim = (path: string, file: string, pointer: string): boolean => {
    const other = taken.get(path);
    if (other) {
      issues.push(
        at(file, pointer, problem("duplicate-address", { path, other: other.file, otherPointer: other.pointer })),
      );
      return false;
    }
    taken.set(path, { file, pointer });
    return true;
  };

  const pages = content.files.filter((f) => f.kind === "page");
  for (const page of pages) {
    if (page.name === NOT_FOUND_PAGE) {
      claim("/404", page.file, "");
      routes.push({ path: "/404", output: "404.html", canonical: "/404", status: 404, alias: false, page });
      continue;
    }
    if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(page.name)) {
      issues.push(
        at(page.file, "", problem("file-name-not-an-address", { name: page.name, extension: "json", example: "about-us.json" })),
      );
      continue;
    }
    const path = pageRoute(page.name);
    if (claim(path, page.file, "")) routes.push({ path, output: outputFor(path), canonical: path, status: 200, alias: false, page });
  }
  for (const entry of content.files.filter((f) => f.entry)) {
    if (!/^[a-z0-9-]+$/.test(entry.name)) {
      issues.push(at(entry.file, "", problem("file-name-not-an-address", { name: entry.name, extension: "md", example: "getting-started.md" })));
      continue;
    }
    const path = entry.entry!.route;
    if (claim(path, entry.file, "")) routes.push({ path, output: outputFor(path), canonical: path, status: 200, alias: false, page: entry });
  }
  for (const page of pages) {
    const aliases = (page.data["aliases"] ?? []) as string[];
    const primary = pageRoute(page.name);
    aliases.forEach((alias, i) => {
      if (claim(alias, page.file, `/aliases/${i}`))
        routes.push({ path: alias, output: outputFor(alias), canonical: primary, status: 200, alias: true, page });
    });
  }
  routes.sort((a, b) => a.path.localeCompare(b.path));
  return { routes, issues };
}

export function closestRoute(path: string, routes: Route[]): string | undefined {
  return didYouMean(path, routes.filter((r) => r.status === 200).map((r) => r.path));
}
