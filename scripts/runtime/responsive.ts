/**
 * Responsive images as a browser reads them, for the build's checks and the budgets:
 * the width of an image's slot from its `sizes` attribute at a given screen width, the
 * widest that slot ever is, and the copy of a `srcset` a browser fetches. `sizes` is
 * read as the HTML standard says: the first entry whose media condition holds gives
 * the length. Conditions: (min-width: …), (max-width: …), joined by "and"; lengths:
 * px, vw, em and rem (16 px), calc(), min(), max(). Anything else makes the attribute
 * unreadable here (undefined), never a wrong number.
 */

/** Screen widths (CSS px) at which a slot is measured: phones to the widest copy the build makes. */
export const SCREENS = [320, 360, 375, 390, 414, 480, 640, 768, 1024, 1280, 1366, 1440, 1536, 1920] as const;

interface Entry {
  media: ((viewport: number) => boolean) | undefined;
  length: (viewport: number) => number;
  /** The widths at which the media condition changes. */
  edges: number[];
}

function parseMedia(text: string): { test: (v: number) => boolean; edges: number[] } | undefined {
  const parts = text.split(/\s+and\s+/i);
  const tests: ((v: number) => boolean)[] = [];
  const edges: number[] = [];
  for (const part of parts) {
    const m = /^\(\s*(min|max)-width\s*:\s*([\d.]+)(px|em|rem)\s*\)$/i.exec(part.trim());
    if (!m) return undefined;
    const px = Number(m[2]) * (m[3]!.toLowerCase() === "px" ? 1 : 16);
    edges.push(px - 1, px, px + 1);
    tests.push(m[1]!.toLowerCase() === "min" ? (v) => v >= px : (v) => v <= px);
  }
  return { test: (v) => tests.every((t) => t(v)), edges };
}

/** A length expression as a function of the screen width; undefined when it has anything unknown. */
function parseLength(text: string): ((viewport: number) => number) | undefined {
  const tokens = text.match(/[\d.]+(?:px|vw|em|rem)?|[a-z]+\(|[()+\-*/,]/gi);
  if (!tokens || tokens.join("") !== text.replace(/\s+/g, "")) return undefined;
  let i = 0;
  type F = (v: number) => number;
  const fail = (): never => {
    throw new Error("unreadable");
  };
  const expr = (): F => {
    let left = term();
    while (tokens[i] === "+" || tokens[i] === "-") {
      const op = tokens[i++];
      const right = term();
      const l = left;
      left = op === "+" ? (v) => l(v) + right(v) : (v) => l(v) - right(v);
    }
    return left;
  };
  const term = (): F => {
    let left = factor();
    while (tokens[i] === "*" || tokens[i] === "/") {
      const op = tokens[i++];
      const right = factor();
      const l = left;
      left = op === "*" ? (v) => l(v) * right(v) : (v) => l(v) / right(v);
    }
    return left;
  };
  const factor = (): F => {
    const t = tokens[i++] ?? fail();
    const fn = /^(calc|min|max)\($/i.exec(t)?.[1]?.toLowerCase();
    if (fn) {
      const args = [expr()];
      while (tokens[i] === ",") {
        i++;
        args.push(expr());
      }
      if (tokens[i++] !== ")") fail();
      if (fn === "calc") return args.length === 1 ? args[0]! : fail();
      return fn === "min" ? (v) => Math.min(...args.map((a) => a(v))) : (v) => Math.max(...args.map((a) => a(v)));
    }
    if (t === "(") {
      const inner = expr();
      if (tokens[i++] !== ")") fail();
      return inner;
    }
    const m = /^([\d.]+)(px|vw|em|rem)?$/i.exec(t) ?? fail();
    const n = Number(m[1]);
    const unit = m[2]?.toLowerCase();
    if (unit === "vw") return (v) => (n * v) / 100;
    if (unit === "em" || unit === "rem") return () => n * 16;
    return () => n; // px, or a bare number in calc()
  };
  try {
    const f = expr();
    return i === tokens.length ? f : undefined;
  } catch {
    return undefined;
  }
}

function parseSizes(sizes: string): Entry[] | undefined {
  // Commas inside min()/max() do not separate entries.
  const entries: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sizes.length; i++) {
    const c = sizes[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      entries.push(sizes.slice(start, i));
      start = i + 1;
    }
  }
  entries.push(sizes.slice(start));
  const out: Entry[] = [];
  for (const raw of entries) {
    const text = raw.trim();
    // The length is the last item outside parentheses; what comes before it is the media condition.
    let split = -1;
    for (let i = text.length - 1, d = 0; i >= 0; i--) {
      const c = text[i];
      if (c === ")") d++;
      else if (c === "(") d--;
      else if (d === 0 && /\s/.test(c!)) {
        split = i;
        break;
      }
    }
    const mediaText = split > 0 ? text.slice(0, split).trim() : undefined;
    const media = mediaText ? parseMedia(mediaText) : undefined;
    if (mediaText && !media) return undefined;
    const length = parseLength(split > 0 ? text.slice(split + 1) : text);
    if (!length) return undefined;
    out.push({ media: media?.test, length, edges: media?.edges ?? [] });
  }
  return out.length ? out : undefined;
}

/** The slot's width (CSS px) at a screen `viewport` px wide; undefined when `sizes` cannot be read here. */
export function slotWidth(sizes: string, viewport: number): number | undefined {
  const entries = parseSizes(sizes);
  if (!entries) return undefined;
  const entry = entries.find((e) => !e.media || e.media(viewport)) ?? { length: (v: number) => v };
  return Math.max(0, entry.length(viewport));
}

/** The widest the slot is on any screen up to 1,920 px (the widest copy made), in CSS px. */
export function largestSlotWidth(sizes: string): number | undefined {
  const entries = parseSizes(sizes);
  if (!entries) return undefined;
  const screens = [...SCREENS, ...entries.flatMap((e) => e.edges)].filter((v) => v >= 320 && v <= 1920);
  return Math.round(Math.max(...screens.map((v) => slotWidth(sizes, v)!)));
}

/** "a.avif 480w, b.avif 960w" as [url, width] pairs. */
export function parseSrcset(srcset: string): [string, number][] {
  return srcset
    .split(",")
    .map((c) => c.trim().split(/\s+/))
    .filter((c) => c.length === 2 && /^\d+w$/.test(c[1]!))
    .map((c) => [c[0]!, Number(c[1]!.slice(0, -1))] as [string, number]);
}

/** The copy a browser fetches for a slot `slot` CSS px wide at `dpr` device pixels per CSS pixel: the narrowest at least that sharp, else the widest. */
export function pickCandidate(srcset: string, slot: number, dpr: number): string | undefined {
  const candidates = parseSrcset(srcset).sort((a, b) => a[1] - b[1]);
  const need = slot * dpr;
  return (candidates.find(([, w]) => w >= need) ?? candidates.at(-1))?.[0];
}
