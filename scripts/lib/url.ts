/** The URL rules shared by content links and Markdown links. */

export type LinkClass =
  | { kind: "internal"; path: string; hash: string }
  | { kind: "anchor" }
  | { kind: "external" }
  | { kind: "unsafe"; reason: string; hint?: string };

const SAFE_SCHEMES = /^(https?:\/\/[^\s/?#]+[^\s]*|mailto:[^\s]+|tel:\+?[0-9 ()\-.]+)$/i;

export function classifyLink(href: string): LinkClass {
  const value = href.trim();
  if (value !== href) return { kind: "unsafe", reason: "The address starts or ends with spaces.", hint: "Remove the spaces." };
  if (value.startsWith("#")) return { kind: "anchor" };
  if (value.startsWith("//")) return { kind: "unsafe", reason: `"${value}" has no scheme.`, hint: `Write https:${value}.` };
  if (value.startsWith("/")) {
    const hashAt = value.search(/[?#]/);
    const path = hashAt === -1 ? value : value.slice(0, hashAt);
    return { kind: "internal", path, hash: hashAt === -1 ? "" : value.slice(hashAt) };
  }
  if (SAFE_SCHEMES.test(value)) return { kind: "external" };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  if (scheme && !["http", "https", "mailto", "tel"].includes(scheme.toLowerCase()))
    return {
      kind: "unsafe",
      reason: `Links starting with "${scheme}:" are not allowed.`,
      hint: "Use a page of this site (/about), an https:// address, mailto: or tel:.",
    };
  if (scheme && /\s/.test(value))
    return {
      kind: "unsafe",
      reason: `"${value}" has a space in it.`,
      hint: scheme.toLowerCase() === "mailto" ? `Remove the space: ${value.replace(/\s+/g, "")}.` : "Remove the space, or write it as %20.",
    };
  if (scheme) return { kind: "unsafe", reason: `"${value}" is not a complete address.` };
  return {
    kind: "unsafe",
    reason: `"${value}" is neither a page of this site nor a full address.`,
    hint: /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(value) ? `Write https://${value}.` : `Pages of this site start with a slash: /${value}.`,
  };
}

/** "/solutions/" and "/solutions" are the same route; "/" stays "/". */
export function normalizeRoute(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

// ---------------------------------------------------------------- mistakes in addresses that still work

/**
 * Optimal string alignment distance: Levenshtein's, where swapping two neighbouring
 * letters (gmial, hotmial) counts as one mistake rather than two.
 */
export function typoDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** http:// addresses that never leave the computer they are opened on: not worth an https:// warning. */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** The host of an http(s) address, or undefined. */
export function hostOf(address: string): string | undefined {
  if (!/^https?:\/\//i.test(address)) return undefined;
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * How a link's host relates to the site's own (the host of content/site.json's "url"):
 * "own" for the same name, with or without www.; "typo" for a name one letter off it
 * (a letter missing, extra, wrong, or two swapped: www.exmaple.com, wwww.example.com,
 * www.example.co). Other names under the site's domain (help.example.com, www2.…)
 * are other sites.
 */
export function siteHostMatch(host: string, siteHost: string): "own" | "typo" | undefined {
  const h = host.toLowerCase().replace(/\.$/, "");
  const site = siteHost.toLowerCase();
  const bare = site.replace(/^www\./, "");
  const names = [site, bare, `www.${bare}`];
  if (names.includes(h)) return "own";
  if (bare.length < 5) return undefined; // too short a name to tell a typo from another site
  if (h.endsWith(`.${bare}`)) return /^w{2,4}$/.test(h.slice(0, -bare.length - 1)) ? "typo" : undefined;
  return names.some((n) => typoDistance(h, n) === 1) ? "typo" : undefined;
}

/** What is wrong with an e-mail address (errors.ts words each kind: the "mistyped-email" problem). */
export type EmailMistake = "space" | "two-at" | "no-at" | "nothing-before-at" | "comma" | "double-dot" | "trailing-dot" | "no-dot" | "misspelt-domain";

/**
 * Mail services whose names are often mistyped (gmial.com, hotmial.com), and names
 * one letter away from them that are mail services of their own (ymail.com,
 * mail.com, email.com), which are never "corrected".
 */
const MAIL_DOMAINS = ["gmail.com", "googlemail.com", "yahoo.com", "yahoo.ca", "yahoo.co.uk", "hotmail.com", "hotmail.ca", "hotmail.co.uk", "outlook.com", "icloud.com", "protonmail.com", "live.com", "aol.com"];
const OTHER_MAIL_DOMAINS = ["ymail.com", "mail.com", "email.com", "gmx.com", "me.com", "mac.com", "msn.com", "proton.me", "pm.me", "live.ca", "aim.com"];
/** Endings that are no top-level domain, one key away from a common one. */
const MISTYPED_ENDINGS: Record<string, string> = { con: "com", cmo: "com", ocm: "com", cpm: "com", xom: "com", vom: "com", comm: "com", ogr: "org", orgg: "org", nte: "net", nett: "net" };

/**
 * The first mistake in an e-mail address (as written, without mailto:), and the
 * address with every mistake corrected when each can be (`guess`). `siteHost`, the
 * host of the site's own address, is the likeliest domain of its own addresses:
 * hello@urbi for a site at www.urbi.com is hello@urbi.com.
 */
export function emailMistake(address: string, siteHost?: string): { mistake: EmailMistake; guess?: string; domain?: string } | undefined {
  // Each mistake found is corrected before looking for the next, so that the guess corrects them all.
  let first: EmailMistake | undefined;
  let fixable = true;
  const found = (m: EmailMistake, canFix: boolean) => {
    first ??= m;
    if (!canFix) fixable = false;
  };
  let text = address;
  if (/\s/.test(text)) {
    found("space", true);
    text = text.replace(/\s+/g, "");
  }
  if (/@@/.test(text)) {
    found("two-at", true);
    text = text.replace(/@{2,}/g, "@");
  }
  const ats = text.split("@").length - 1;
  if (ats === 0) return { mistake: first ?? "no-at" };
  if (ats > 1) return { mistake: first ?? "two-at" };
  const at = text.indexOf("@");
  const local = text.slice(0, at);
  let domain = text.slice(at + 1);
  if (local === "") return { mistake: first ?? "nothing-before-at" };
  if (domain.includes(",")) {
    found("comma", true);
    domain = domain.replace(/,/g, ".");
  }
  if (/\.\./.test(domain)) {
    found("double-dot", true);
    domain = domain.replace(/\.{2,}/g, ".");
  }
  if (domain.endsWith(".")) {
    found("trailing-dot", true);
    domain = domain.replace(/\.+$/, "");
  }
  const site = siteHost?.toLowerCase().replace(/^www\./, "");
  /** The domain as written, when it is misspelt (for the message). */
  let written: string | undefined;
  if (!domain.includes(".")) {
    const own = site !== undefined && site.split(".")[0] === domain.toLowerCase() ? site : undefined;
    found("no-dot", own !== undefined);
    if (own) domain = own;
  } else {
    const better = likelyDomain(domain.toLowerCase(), site);
    if (better) {
      found("misspelt-domain", true);
      written = domain;
      domain = better;
    }
  }
  if (first === undefined) return undefined;
  return { mistake: first, ...(fixable ? { guess: `${local}@${domain}` } : {}), ...(first === "misspelt-domain" && written ? { domain: written } : {}) };
}

/** The domain an e-mail domain was likely meant to be, if it looks mistyped. */
function likelyDomain(domain: string, site: string | undefined): string | undefined {
  const known = [...MAIL_DOMAINS, ...(site ? [site] : [])];
  if (known.includes(domain) || OTHER_MAIL_DOMAINS.includes(domain)) return undefined;
  if (site && domain.endsWith(`.${site}`)) return undefined;
  const close = known.find((k) => typoDistance(domain, k) === 1);
  if (close) return close;
  const ending = domain.slice(domain.lastIndexOf(".") + 1);
  const right = MISTYPED_ENDINGS[ending];
  return right ? `${domain.slice(0, -ending.length)}${right}` : undefined;
}
