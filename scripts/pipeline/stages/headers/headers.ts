/**
 * The HTTP response headers of the published site, in one place: the Content
 * Security Policy and the other security headers, and caching. The build calls
 * headerFiles() with the finished output and writes what it returns into dist/:
 *
 *   _headers                   Netlify and Cloudflare Pages read it; npm start serves by it
 *   _headers.nginx.conf        the same headers for nginx (include it in the server block)
 *   _headers.cloudfront.json   the same headers as two CloudFront response headers policies
 *
 * DEPLOY.md explains how to use each. Everything is derived, nothing is typed twice:
 * - frame-src and connect-src are the origins the site module names (headers.sources in
 *   templates/site.ts: for this site the calendar, and the lead webhooks);
 * - style-src gets the sha256 hash of every inline <style> element found in the built
 *   pages (of its text as written, which is what the browser hashes), so a template
 *   may add one and the policy follows; img-src gets data: only while the built CSS
 *   or HTML uses a data: image;
 * - the build fails when a page carries anything the policy would block or that runs
 *   script from markup: an inline <script> (JSON data blocks excepted), an on*
 *   attribute, a style attribute, or a javascript:/vbscript:/data: address. Pages are
 *   read with the HTML tokenizer (lib/html-scan.ts), as a browser reads them, so no
 *   spelling of these (quotes, case, character references) slips past;
 * - every file under assets/ must carry a content hash in its name: only those are
 *   cached for a year; everything else is revalidated on every use.
 */
import type { PageScan, OutputData } from "../../model.ts";
export type { PageScan };
import { sha256Source } from "../../../lib/csp.ts";
import type { PolicySources, SiteModule } from "../../../api.ts";
import { formatHeadersFile, matchesPattern, type Header, type HeaderRule } from "../../../lib/headers-file.ts";
import { problem } from "../../../problems/errors.ts";
import { issueIn, type Issue } from "../../../problems/issues.ts";
import type { Route } from "../routes/routes.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
/** Cached for a year: hashed names only (checked by headerFiles). */
export const IMMUTABLE_PREFIX = "/assets/";
/** "site-s5ilijaa4b.css", "Carousel-EACSMRGB.js", "chunk-N2OMPBFP.js". */
export const HASHED_NAME = /-[A-Za-z0-9]{8,}\.[A-Za-z0-9]+$/;

export const DEPLOY_FILES = {
  netlify: "_headers",
  nginx: "_headers.nginx.conf",
  cloudfront: "_headers.cloudfront.json",
} as const;

/** Two years, with subdomains; not "preload", which is a commitment to make on purpose (see DEPLOY.md). */
export const HSTS = "max-age=63072000; includeSubDomains";

/** CloudFront refuses a Content-Security-Policy longer than this in a response headers policy. */
export const CLOUDFRONT_CSP_LIMIT = 1783;

export interface PolicyInput {
  /** Pages that may be shown in a frame: frame-src is their origins ('none' without any). */
  frames: string[];
  /** Where scripts may send requests besides the site itself: connect-src adds their origins. */
  connect: string[];
  /** Browser features denied to every page (Permissions-Policy); none: no such header. */
  deniedFeatures: readonly string[];
  /** The text of every inline <style> element in the built pages. */
  inlineStyles: string[];
  /** Whether the built CSS or HTML uses data: images. */
  dataImages: boolean;
}

function origin(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : undefined;
}

export function cspDirectives(input: PolicyInput): Array<[string, string[]]> {
  const styleHashes = [...new Set(input.inlineStyles.map(sha256Source))].sort();
  const origins = (urls: string[]) => [...new Set(urls.map(origin).filter((o): o is string => o !== undefined))].sort();
  const connect = origins(input.connect);
  const frames = origins(input.frames);
  return [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'"]],
    ["style-src", ["'self'", ...styleHashes]],
    ["img-src", ["'self'", ...(input.dataImages ? ["data:"] : [])]],
    // Said outright although default-src covers it: the brand font (font.ts) is served from the site itself, never from a font CDN.
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...connect]],
    ["frame-src", frames.length ? frames : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["upgrade-insecure-requests", []],
  ];
}

export function formatCsp(directives: Array<[string, string[]]>): string {
  return directives.map(([name, values]) => [name, ...values].join(" ")).join("; ");
}

export function contentSecurityPolicy(input: PolicyInput): string {
  return formatCsp(cspDirectives(input));
}

export function securityHeaders(input: PolicyInput): Header[] {
  return [
    ["Content-Security-Policy", contentSecurityPolicy(input)],
    ["Strict-Transport-Security", HSTS],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...(input.deniedFeatures.length ? [["Permissions-Policy", input.deniedFeatures.map((f) => `${f}=()`).join(", ")] as Header] : []),
    // Not "same-origin": a framed page (a booking calendar) may open a sign-in or payment
    // window that has to report back to it; other sites still lose their handle on this page.
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
  ];
}

/** What every deployment format is generated from. */
export interface HeaderPlan {
  /** Sent with every response. */
  security: Header[];
  /** Patterns of everything outside IMMUTABLE_PREFIX, for formats that need paths listed. */
  revalidate: string[];
}

// ---------------------------------------------------------------- what the check stage read

/** Matches CSS text, not markup: a url() whose address is data:. */
export const DATA_IMAGE_IN_CSS = /url\(\s*["']?\s*data:/i;

// ---------------------------------------------------------------- the plan and its formats

/** Patterns covering every path outside IMMUTABLE_PREFIX: "/", each top-level file, and each top-level folder with all below it. */
export function revalidatePatterns(outputs: Iterable<string>): string[] {
  const patterns = new Set<string>();
  for (const file of outputs) {
    if (`/${file}`.startsWith(IMMUTABLE_PREFIX) || Object.values(DEPLOY_FILES).includes(file as never)) continue;
    const slash = file.indexOf("/");
    if (slash === -1) {
      if (file === "index.html") patterns.add("/");
      patterns.add(`/${file}`);
    } else {
      const dir = file.slice(0, slash);
      patterns.add(`/${dir}`);
      patterns.add(`/${dir}/*`);
    }
  }
  return [...patterns].sort();
}

/**
 * The _headers rules. Security headers go to "/*" and Cache-Control to disjoint
 * patterns, so no path ever gets the same header from two rules (hosts differ on
 * what they do then).
 */
export function netlifyRules(plan: HeaderPlan): HeaderRule[] {
  return [
    { pattern: "/*", headers: plan.security },
    { pattern: `${IMMUTABLE_PREFIX}*`, headers: [["Cache-Control", IMMUTABLE]] },
    ...plan.revalidate.map((pattern): HeaderRule => ({ pattern, headers: [["Cache-Control", REVALIDATE]] })),
  ];
}

/** URL paths that get one header from more than one rule (must be none). */
export function overlappingHeaders(rules: HeaderRule[], urlPaths: Iterable<string>): string[] {
  const found: string[] = [];
  const names = rules.map((r) => r.headers.map(([n]) => n.toLowerCase()));
  for (const urlPath of urlPaths) {
    const seen = new Set<string>();
    const twice = new Set<string>();
    rules.forEach((rule, i) => {
      if (rule.headers.length && matchesPattern(rule.pattern, urlPath)) for (const name of names[i]!) (seen.has(name) ? twice : seen).add(name);
    });
    if (twice.size) found.push(`${urlPath}: ${[...twice].join(", ")}`);
  }
  return found;
}

const GENERATED = "Generated by npm run build (scripts/pipeline/stages/headers/headers.ts) from content/site.json and the built pages.\nDo not edit: change the content or the module and build again. See DEPLOY.md.";

function nginxQuote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

export function nginxConf(plan: HeaderPlan): string {
  const lines = (headers: Header[], indent: string) => headers.map(([n, v]) => `${indent}add_header ${n} ${nginxQuote(v)} always;`);
  return [
    ...GENERATED.split("\n").map((l) => `# ${l}`),
    "# Include it inside the server { } block whose root is the dist/ folder:",
    `#   include /srv/site/dist/${DEPLOY_FILES.nginx};`,
    "",
    ...lines([...plan.security, ["Cache-Control", REVALIDATE]], ""),
    "",
    "index index.html;",
    "error_page 404 /404.html;",
    "",
    "location / {",
    "    # /x and /x/ both answer x/index.html, without a redirect (as npm start does).",
    "    try_files $uri $uri/index.html =404;",
    "}",
    "",
    `location ^~ ${IMMUTABLE_PREFIX} {`,
    "    # An add_header here replaces every add_header above, so all of them are repeated.",
    ...lines([...plan.security, ["Cache-Control", IMMUTABLE]], "    "),
    "    try_files $uri =404;",
    "}",
    "",
    "# The deployment files themselves are not part of the site.",
    "location ^~ /_headers {",
    "    return 404;",
    "}",
    "",
  ].join("\n");
}

interface CloudFrontPolicy {
  Name: string;
  Comment: string;
  SecurityHeadersConfig: Record<string, Record<string, unknown>>;
  CustomHeadersConfig: { Quantity: number; Items: Array<{ Header: string; Value: string; Override: boolean }> };
}

/** Headers CloudFront sets through SecurityHeadersConfig (it refuses them as custom headers). */
const CLOUDFRONT_SECURITY = new Set(["content-security-policy", "strict-transport-security", "x-content-type-options", "x-frame-options", "referrer-policy"]);

export function cloudFrontPolicies(plan: HeaderPlan, name = "site"): { pages: CloudFrontPolicy; assets: CloudFrontPolicy } {
  const get = (name: string) => plan.security.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
  const hsts = get("Strict-Transport-Security") ?? "";
  const security = {
    ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: get("Content-Security-Policy") },
    StrictTransportSecurity: {
      Override: true,
      AccessControlMaxAgeSec: Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0),
      IncludeSubdomains: /includesubdomains/i.test(hsts),
      Preload: /preload/i.test(hsts),
    },
    ContentTypeOptions: { Override: true },
    FrameOptions: { Override: true, FrameOption: get("X-Frame-Options") },
    ReferrerPolicy: { Override: true, ReferrerPolicy: get("Referrer-Policy") },
  };
  const policy = (name: string, comment: string, cacheControl: string): CloudFrontPolicy => {
    const items = [...plan.security.filter(([n]) => !CLOUDFRONT_SECURITY.has(n.toLowerCase())), ["Cache-Control", cacheControl] as Header].map(([Header, Value]) => ({
      Header,
      Value,
      Override: true,
    }));
    return { Name: name, Comment: comment, SecurityHeadersConfig: security, CustomHeadersConfig: { Quantity: items.length, Items: items } };
  };
  return {
    pages: policy(`${name}-pages`, "Default behavior (*): pages, sitemap, robots. Generated by the build: see DEPLOY.md.", REVALIDATE),
    assets: policy(`${name}-assets`, `Behavior ${IMMUTABLE_PREFIX}*: content-hashed files. Generated by the build: see DEPLOY.md.`, IMMUTABLE),
  };
}

// ---------------------------------------------------------------- the build's entry point

export interface HeaderFiles {
  files: Map<string, string>;
  issues: Issue[];
  plan: HeaderPlan;
}

/** What the site module adds to the headers (templates/site.ts, headers). */
export interface SitePolicy {
  sources: PolicySources;
  deniedFeatures: readonly string[];
  /** Prefix of the CloudFront policies' names: "<name>-pages", "<name>-assets". */
  name: string;
}

/** The site module's header extensions for this site's content. */
export function sitePolicy(module: Pick<SiteModule<unknown>, "headers">, site: unknown): SitePolicy {
  return { sources: module.headers?.sources?.(site as never) ?? {}, deniedFeatures: module.headers?.deniedFeatures ?? [], name: module.headers?.name ?? "site" };
}

/**
 * Reads the finished output, checks it against the policy and returns the deployment
 * files. `scans` gives what the check stage (check.ts) read in each page: for a build,
 * its pieces, with each shared part (header, footer, the inlined stylesheet) once, not
 * once per page (at 4,000 pages, 220 MB of repeated markup); scanWholePage reads a
 * page whole.
 */
export function headerFiles(site: SitePolicy, output: Map<string, OutputData>, routes: Route[], scans: (file: string, data: OutputData) => PageScan[]): HeaderFiles {
  const issues: Issue[] = [];
  const inlineStyles = new Set<string>();
  let dataImages = false;
  const pageOf = new Map(routes.map((r) => [r.output, r]));
  for (const [file, data] of output) {
    if (file.endsWith(".css") && typeof data === "string" && DATA_IMAGE_IN_CSS.test(data)) dataImages = true;
    if (`/${file}`.startsWith(IMMUTABLE_PREFIX) && !HASHED_NAME.test(file))
      issues.push(issueIn("scripts/pipeline/index.ts", problem("unhashed-immutable-file", { file, prefix: IMMUTABLE_PREFIX })));
    // (A page dist/ already holds, in an incremental build, is a copy of itself: its scans come from the memo.)
    if (!file.endsWith(".html") || (typeof data === "object" && "copyFrom" in data && !pageOf.has(file))) continue;
    const found = new Set<string>();
    for (const scan of scans(file, data)) {
      scan.inlineStyles.forEach((style) => inlineStyles.add(style));
      dataImages ||= scan.dataImages;
      if (scan.inlineScripts.length) found.add("<script> with inline code");
      scan.blocked.forEach((b) => found.add(b));
    }
    const problems = [...found];
    if (problems.length === 0) continue;
    const route = pageOf.get(file);
    issues.push(issueIn(route?.page.file ?? `dist/${file}`, problem("csp-blocked-markup", { path: route?.path ?? file, problems })));
  }
  const input: PolicyInput = { frames: site.sources.frames ?? [], connect: site.sources.connect ?? [], deniedFeatures: site.deniedFeatures, inlineStyles: [...inlineStyles], dataImages };
  const plan: HeaderPlan = { security: securityHeaders(input), revalidate: revalidatePatterns(output.keys()) };
  const rules = netlifyRules(plan);
  const overlaps = overlappingHeaders(rules, [...output.keys()].map((f) => `/${f}`).concat(routes.map((r) => r.path)));
  if (overlaps.length) throw new Error(`_headers rules overlap (a bug in scripts/pipeline/stages/headers/headers.ts):\n${overlaps.join("\n")}`);
  const csp = contentSecurityPolicy(input);
  if (csp.length > CLOUDFRONT_CSP_LIMIT)
    issues.push(issueIn("content/site.json", problem("csp-too-long", { length: csp.length, limit: CLOUDFRONT_CSP_LIMIT })));
  const files = new Map<string, string>([
    [DEPLOY_FILES.netlify, formatHeadersFile(rules, GENERATED)],
    [DEPLOY_FILES.nginx, nginxConf(plan)],
    [DEPLOY_FILES.cloudfront, JSON.stringify(cloudFrontPolicies(plan, site.name), null, 2) + "\n"],
  ]);
  return { files, issues, plan };
}
