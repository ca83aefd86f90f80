/**
 * Link check: every internal link, in content and in templates, must point at a
 * built route or asset; every other link must use a safe scheme. Links written in
 * templates are read from the rendered HTML with the HTML tokenizer (lib/html-scan.ts).
 *
 * Links in content that work but are likely mistakes are warnings (externalLinkProblem):
 * an http:// address, a page of this site written with the site's whole address (or
 * with its name mistyped), and a mailto: address with a typo. Nothing is fetched.
 */
import { classifyLink, emailMistake, hostOf, isLocalHost, normalizeRoute, siteHostMatch } from "../../../lib/url.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { issueAt, type Issue } from "../../../problems/issues.ts";
import { atLineOfText, type ResolvedContent } from "../resolve/resolve.ts";
import { closestRoute, type Route } from "./routes.ts";

/** builtPaths: the paths of the routes with status 200 (a set: one lookup per link, not a scan of every route). */
export function targetExists(path: string, builtPaths: Set<string>, assetUrls: Set<string>): boolean {
  if (assetUrls.has(path)) return true;
  return builtPaths.has(normalizeRoute(path));
}

/** The host of the site's own address (content/site.json's "url"), if it has one. */
export function siteHostOf(content: Pick<ResolvedContent, "files">): string | undefined {
  const url = content.files.find((f) => f.kind === "site")?.data["url"];
  return typeof url === "string" ? hostOf(url) : undefined;
}

/**
 * What is likely wrong with an external link that works (see the top of this file);
 * `exists` says whether a path of this site is built.
 */
export function externalLinkProblem(link: string, siteHost: string | undefined, exists: (path: string) => boolean): Problem | undefined {
  if (/^mailto:/i.test(link)) return mailtoProblem(link, siteHost);
  const host = hostOf(link);
  if (host === undefined) return undefined;
  const url = new URL(link);
  const match = siteHost === undefined ? undefined : siteHostMatch(host, siteHost);
  if (match) {
    const path = `${url.pathname}${url.search}${url.hash}`;
    const built = exists(url.pathname);
    // An address on the site's own name that this site does not build (a document served beside it) stays as it is.
    if (match === "own") return built ? problem("own-site-address", { link, path }) : insecure(link, host);
    const guess = `https://${siteHost}${path === "/" ? "" : path}`;
    return problem("mistyped-site-address", { link, host, guess, ...(built ? { path } : {}) });
  }
  return insecure(link, host);
}

function insecure(link: string, host: string): Problem | undefined {
  if (!/^http:/i.test(link) || isLocalHost(host)) return undefined;
  return problem("insecure-link", { link, secure: link.replace(/^http:/i, "https:") });
}

/** mailto:a@b.com,c@d.com?subject=…: each address (a comma inside a domain, hello@example,com, is a typo, not a second address). */
function mailtoProblem(link: string, siteHost: string | undefined): Problem | undefined {
  const [to = "", query] = link.slice("mailto:".length).split(/\?(.*)/s);
  let decoded = to;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    // keep it as written
  }
  // Parts without an @ belong to the address before them: "hello@example,com" is one address.
  const addresses: string[] = [];
  for (const part of decoded.split(",")) {
    if (part.includes("@") || addresses.length === 0) addresses.push(part);
    else addresses[addresses.length - 1] += `,${part}`;
  }
  for (const [i, address] of addresses.entries()) {
    const found = emailMistake(address, siteHost);
    if (!found) continue;
    const guess = found.guess && `mailto:${addresses.map((a, j) => (j === i ? found.guess : a)).join(",")}${query === undefined ? "" : `?${query}`}`;
    return problem("mistyped-email", { address, mistake: found.mistake, domain: found.domain, guess });
  }
  return undefined;
}

export function checkContentLinks(content: ResolvedContent, routes: Route[]): Issue[] {
  const issues: Issue[] = [];
  const assetUrls = new Set([...content.assets.values()].map((a) => a.url));
  const built = new Set(routes.filter((r) => r.status === 200).map((r) => r.path));
  const siteHost = siteHostOf(content);
  const exists = (path: string) => targetExists(path, built, assetUrls);
  for (const link of content.links) {
    const source = content.sources.get(link.file)!;
    const issue = (p: Problem) => atLineOfText(issueAt(source, link.pointer, p), source, link.line);
    const c = classifyLink(link.value);
    if (c.kind === "unsafe") issues.push(issue(problem("unsafe-link", { reason: c.reason, hint: c.hint })));
    else if (c.kind === "external") {
      const warning = externalLinkProblem(link.value, siteHost, exists);
      if (warning) issues.push(issue(warning));
    }
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
