/**
 * The `_headers` file of Netlify and Cloudflare Pages: write it, read it, and find
 * the headers a URL path gets. The build writes dist/_headers (scripts/pipeline/stages/headers/headers.ts)
 * and the local server (scripts/lib/server.ts) answers with what it says, so the
 * site runs locally under the headers it gets in production.
 *
 * Format: a line that starts with "/" (or "https://") is a path pattern; the indented
 * "Name: value" lines under it are its headers; "#" starts a comment line. In a
 * pattern, "*" matches anything (slashes included) and ":name" one path segment.
 * A request gets the headers of every rule that matches it; when two matching rules
 * set the same header, Cloudflare joins the values with ", " (and Netlify lets one win),
 * which is why the build never lets two matching rules share a header name.
 */

export type Header = [name: string, value: string];

export interface HeaderRule {
  pattern: string;
  headers: Header[];
}

export class HeadersFileError extends Error {
  constructor(
    public readonly line: number,
    message: string,
  ) {
    super(`_headers:${line}: ${message}`);
    this.name = "HeadersFileError";
  }
}

/** Header values cannot hold line breaks; names are HTTP tokens. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function formatHeadersFile(rules: HeaderRule[], comment?: string): string {
  const out: string[] = [];
  if (comment) out.push(...comment.split("\n").map((l) => (l ? `# ${l}` : "#")), "");
  for (const rule of rules) {
    if (!/^(\/|https:\/\/)\S*$/.test(rule.pattern)) throw new Error(`Not a _headers path pattern: "${rule.pattern}"`);
    out.push(rule.pattern);
    for (const [name, value] of rule.headers) {
      if (!NAME.test(name) || /[\r\n]/.test(value)) throw new Error(`Cannot write the header ${JSON.stringify(name)}: ${JSON.stringify(value)}`);
      out.push(`  ${name}: ${value}`);
    }
    out.push("");
  }
  return out.join("\n");
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    if (!/^\s/.test(raw)) {
      if (!/^(\/|https:\/\/)\S*$/.test(trimmed)) throw new HeadersFileError(line, `"${trimmed}" is not a path pattern (it must start with / or https:// and hold no spaces).`);
      current = { pattern: trimmed, headers: [] };
      rules.push(current);
      return;
    }
    if (!current) throw new HeadersFileError(line, "A header comes before any path pattern.");
    if (trimmed.startsWith("!")) throw new HeadersFileError(line, `Removing headers ("${trimmed}") is Cloudflare-only and not supported here.`);
    const colon = trimmed.indexOf(":");
    if (colon <= 0) throw new HeadersFileError(line, `"${trimmed}" is not "Name: value".`);
    const name = trimmed.slice(0, colon).trim();
    if (!NAME.test(name)) throw new HeadersFileError(line, `"${name}" is not a header name.`);
    current.headers.push([name, trimmed.slice(colon + 1).trim()]);
  });
  return rules;
}

/** A pattern as a regular expression over the URL path ("https://host/path" patterns compare the path part). */
export function patternRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) compiled.set(pattern, (re = compilePattern(pattern)));
  return re;
}

/** Each pattern compiled once: the build checks every output path against every rule (4,000 pages: 0.25 s of compiling the same few dozen). */
const compiled = new Map<string, RegExp>();

function compilePattern(pattern: string): RegExp {
  const path = pattern.replace(/^https:\/\/[^/]+/, "") || "/";
  let source = "";
  for (const part of path.split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)) {
    if (part === "*") source += ".*";
    else if (part.startsWith(":") && part.length > 1) source += "[^/]+";
    else source += part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

export function matchesPattern(pattern: string, urlPath: string): boolean {
  return patternRegExp(pattern).test(urlPath);
}

/**
 * The headers a URL path gets, in file order. A header set by several matching rules
 * is sent once with the values joined by ", " (what Cloudflare Pages does).
 */
export function headersForPath(rules: HeaderRule[], urlPath: string): Header[] {
  const merged = new Map<string, Header>();
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const seen = merged.get(key);
      merged.set(key, seen ? [seen[0], `${seen[1]}, ${value}`] : [name, value]);
    }
  }
  return [...merged.values()];
}
