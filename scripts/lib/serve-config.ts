/**
 * The rules of dist/_headers (lib/headers-file.ts, written by pipeline/stages/headers/headers.ts) as
 * serve-handler's `headers` configuration, so that `npm start` and `npm run dev` serve
 * the site through `serve`'s handler under the headers the static hosts send.
 *
 * The two match different things: a _headers pattern matches the URL path
 * ("/about", "/assets/*", where "*" also matches slashes), serve-handler matches its
 * glob against the path of the file it serves ("/about/index.html"). A URL /x is
 * served by the file x or x/index.html, so:
 *
 *   /                 ->  /index.html
 *   /about            ->  /about{,/index.html}
 *   /assets/*         ->  /assets/**
 *   /blog/:slug       ->  /blog/*{,/index.html}
 *   /foo*             ->  /foo*{,/**}      ("*" inside a name: that name, and anything below)
 *
 * serve-handler lets a later rule's header replace an earlier one's, Netlify too; the
 * build never lets two matching rules set the same header (pipeline/stages/headers/headers.ts), so
 * the answer is the same as Cloudflare's, which joins them.
 */
import type { HeaderRule } from "./headers-file.ts";

export interface ServeHeader {
  key: string;
  /** null removes a header serve-handler would send by default. */
  value: string | null;
}

export interface ServeHeaderRule {
  source: string;
  headers: ServeHeader[];
}

/** Characters minimatch gives a meaning to, in a literal part of a path. */
const escapeGlob = (text: string) => text.replace(/[\\[\]?(){}!+@*]/g, "\\$&");

/** The glob over served files (serve-handler) that matches what a _headers URL pattern matches. */
export function fileGlob(pattern: string): string {
  const urlPath = pattern.replace(/^https:\/\/[^/]+/, "") || "/";
  if (urlPath.endsWith("/")) return `${urlPath.split("/").map(segment).join("/")}index.html`;
  const parts = urlPath.split("/");
  const last = parts.pop()!;
  const head = parts.map(segment).join("/");
  if (last === "*") return `${head}/**`;
  if (last.includes("*")) return `${head}/${segment(last)}{,/**}`;
  return `${head}/${segment(last)}{,/index.html}`;
}

function segment(part: string): string {
  if (part === "*") return "**";
  if (/^:[A-Za-z_][A-Za-z0-9_]*$/.test(part)) return "*";
  return part
    .split("*")
    .map((p) => escapeGlob(p).replace(/:[A-Za-z_][A-Za-z0-9_]*/g, "*"))
    .join("*");
}

/**
 * Content types where mime-types (as serve-handler pins it) is old or differs from
 * what the static hosts send: it knows no AVIF, and calls JavaScript
 * application/javascript.
 */
const TYPES: Array<[ext: string, type: string]> = [
  ["js", "text/javascript; charset=utf-8"],
  ["avif", "image/avif"],
  ["xml", "application/xml; charset=utf-8"],
  ["webmanifest", "application/manifest+json"],
];

/**
 * serve-handler's `headers` for these rules. First the defaults (a response no rule
 * gives a Cache-Control is revalidated; no Content-Disposition, which static hosts do
 * not send), then each rule in file order.
 */
export function serveHeaders(rules: HeaderRule[]): ServeHeaderRule[] {
  return [
    {
      source: "/**",
      headers: [
        { key: "Cache-Control", value: "no-cache" },
        { key: "Content-Disposition", value: null },
      ],
    },
    ...TYPES.map(([ext, type]) => ({ source: `/**/*.${ext}`, headers: [{ key: "Content-Type", value: type }] })),
    ...rules.map((rule) => ({ source: fileGlob(rule.pattern), headers: rule.headers.map(([key, value]) => ({ key: titleCase(key), value })) })),
  ];
}

/** "cache-control" -> "Cache-Control": one spelling, so a rule replaces serve-handler's default instead of adding a second header. */
const titleCase = (name: string) => name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
