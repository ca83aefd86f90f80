/**
 * The site's typeface (the site module's `font`): one variable WOFF2 file served from
 * the site itself.
 *
 * - Source: the file the site names (for example a Latin, upright, weight-axis file of
 *   a @fontsource-variable package: about 50 KB, every weight and every feature).
 * - Cut at build time with subset-font (HarfBuzz compiled to WebAssembly, no native
 *   code) to the characters the site can show: every character of printable ASCII,
 *   Latin-1 and common typographic punctuation (so form input and new copy in Latin
 *   languages never falls back), plus any other character found in content or
 *   templates (a character the Latin source lacks, e.g. "ő", is set in the fallback
 *   face; add fontsource's latin-ext file as a second source if content needs one);
 *   the weight axis limited to the weights the templates use (font.weights)
 *   and the features the site relies on (font.features).
 *   Typically 25-30 KB; the page budget for fonts is 40 KB (scripts/lib/budgets.ts).
 * - Emitted as assets/<family>-<hash>.woff2 (cached for a year, like every hashed asset);
 *   the same text always gives the same bytes, and the result is kept among the project's
 *   generated files (lib/generated.ts) under a hash of everything it is made from.
 * - @font-face rules are added to the stylesheet (styles.ts): the brand face with
 *   `font-display: swap`, and the fallbacks ("<family> Fallback": the local Arial or
 *   its metric twin Liberation Sans; then Roboto; then DejaVu Sans), each regular and
 *   bold scaled with size-adjust, ascent-override, descent-override and
 *   line-gap-override computed from the font's own metrics at that weight, so text set
 *   in a fallback takes the room the font will take and nothing moves when it arrives. The
 *   stylesheet does not depend on content (it is cached with templates/), so the
 *   brand face's src is FONT_URL_TOKEN, which the build replaces with the hashed
 *   file's address (index.ts).
 */
import { promises as fs, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentHash } from "../../../lib/hash.ts";
import type { SourceFile } from "../../model.ts";
import type { GeneratedFiles } from "../../../lib/generated.ts";
import { createRequire } from "node:module";
import { factsOf } from "../../memo/file-memo.ts";
import { packageOf, type ResolvedFont } from "../../../lib/site-module.ts";


/** The brand face's src in the compiled stylesheet, until the build knows the hashed file's address. */
export const FONT_URL_TOKEN = "__BRAND_FONT_URL__";
/**
 * The font tools load only when a font is cut or measured (a build whose font and
 * stylesheet come from the cache never needs them: about 70 ms of loading saved).
 */
const subsetFont = async (...args: Parameters<typeof import("subset-font").default>) => (await import("subset-font")).default(...args);
const fromBuffer = async (buffer: Buffer) => (await import("@capsizecss/unpack")).fromBuffer(buffer);

/** Metrics in font units (@capsizecss/unpack's shape): xWidthAvg is the width of Latin text, letters weighted by their frequency in English. */
export interface FontMetricsIn {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  xWidthAvg: number;
}

/**
 * The local faces text falls back to while the font loads, first found first used,
 * each in its regular and bold cut (the weights between fall to these two), scaled to
 * the font's metrics; each family is the font's family plus `suffix`. Arial's and Roboto's as @capsizecss/metrics publishes them (the same
 * weighting @capsizecss/unpack applies to the font below); Liberation Sans has Arial's
 * metrics; DejaVu Sans's measured with @capsizecss/unpack from DejaVuSans.ttf and
 * DejaVuSans-Bold.ttf (Debian's fonts-dejavu-core).
 */
export const FALLBACKS = [
  {
    suffix: " Fallback",
    system: "Arial (Windows, macOS, iOS) or Liberation Sans",
    faces: {
      400: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans"],
      700: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold"],
    },
    metrics: { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67 },
    xWidthAvg: { 400: 913, 700: 983 },
  },
  {
    suffix: " Fallback Roboto",
    system: "Roboto (Android, ChromeOS)",
    faces: { 400: ["Roboto", "Roboto-Regular"], 700: ["Roboto Bold", "Roboto-Bold"] },
    metrics: { unitsPerEm: 2048, ascent: 1900, descent: -500, lineGap: 0 },
    xWidthAvg: { 400: 911, 700: 926 },
  },
  {
    suffix: " Fallback DejaVu",
    system: "DejaVu Sans (most Linux systems)",
    faces: { 400: ["DejaVu Sans", "DejaVuSans"], 700: ["DejaVu Sans Bold", "DejaVuSans-Bold"] },
    metrics: { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0 },
    xWidthAvg: { 400: 1041, 700: 1176 },
  },
] as const;
export const ARIAL: FontMetricsIn = { ...FALLBACKS[0].metrics, xWidthAvg: FALLBACKS[0].xWidthAvg[400] };

/** Printable ASCII, Latin-1 and the punctuation copy uses (dashes, quotes, ellipsis, bullet, arrows, euro, trade mark, minus). */
export const BASE_TEXT = (() => {
  let s = "";
  for (let c = 0x20; c <= 0x7e; c++) s += String.fromCharCode(c);
  for (let c = 0xa0; c <= 0xff; c++) s += String.fromCharCode(c);
  return s + "\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u2039\u203a\u20ac\u2122\u2190\u2191\u2192\u2193\u2212";
})();

export interface FallbackOverrides {
  /** Percentages, rounded to 0.01 %. */
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
}

/**
 * The overrides that make `fallback` take the room `font` takes: scaled so the average
 * Latin text is as wide, then ascent, descent and line gap set to the font's, in units
 * of the scaled fallback's em (the CSS Fonts 5 descriptors; Capsize's method).
 */
export function fallbackOverrides(font: FontMetricsIn, fallback: FontMetricsIn = ARIAL): FallbackOverrides {
  const scale = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const pct = (v: number) => Math.round((v / (font.unitsPerEm * scale)) * 10000) / 100;
  return {
    sizeAdjust: Math.round(scale * 10000) / 100,
    ascentOverride: pct(font.ascent),
    descentOverride: pct(Math.abs(font.descent)),
    lineGapOverride: pct(font.lineGap),
  };
}

/** The font's metrics at a weight: the source font instanced at that weight (HarfBuzz), measured by @capsizecss/unpack. */
async function metricsAt(font: ResolvedFont, weight: number): Promise<FontMetricsIn> {
  const instance = await subsetFont(await fs.readFile(font.path), BASE_TEXT, { targetFormat: "truetype", variationAxes: { wght: weight } });
  return fromBuffer(Buffer.from(instance));
}

/** The brand face (its src is FONT_URL_TOKEN) and the metric-matched fallback faces, from the source font's metrics. */
export async function fontFaceCss(font: ResolvedFont): Promise<string> {
  const measured = { 400: await metricsAt(font, 400), 700: await metricsAt(font, 700) };
  const rules = [
    `@font-face {`,
    `  font-family: "${font.family}";`,
    `  font-style: normal;`,
    `  font-weight: ${font.weights.min} ${font.weights.max};`,
    `  font-display: swap;`,
    `  src: url("${FONT_URL_TOKEN}") format("woff2");`,
    `}`,
  ];
  for (const f of FALLBACKS)
    for (const weight of [400, 700] as const) {
      const o = fallbackOverrides(measured[weight], { ...f.metrics, xWidthAvg: f.xWidthAvg[weight] });
      rules.push(
        `@font-face {`,
        `  font-family: "${font.family}${f.suffix}";`,
        `  font-weight: ${weight};`,
        `  src: ${f.faces[weight].map((n) => `local("${n}")`).join(", ")};`,
        `  size-adjust: ${o.sizeAdjust}%;`,
        `  ascent-override: ${o.ascentOverride}%;`,
        `  descent-override: ${o.descentOverride}%;`,
        `  line-gap-override: ${o.lineGapOverride}%;`,
        `}`,
      );
    }
  return rules.join("\n") + "\n";
}

/** The font-family list: the font, then each metric-matched fallback, then `rest` (the system fonts). */
export function fontStack(family: string, rest: string): string {
  return [`"${family}"`, ...FALLBACKS.map((f) => `"${family}${f.suffix}"`), rest].join(", ");
}

/** Every character the font should hold: BASE_TEXT, and each character of the given texts, sorted, once. */
export function fontText(texts: Iterable<string>, more: Iterable<Iterable<number>> = []): string {
  const chars = new Set(BASE_CHARS);
  for (const c of Array.isArray(texts) && Object.isFrozen(texts) ? frozenCodePoints(texts) : distinctCodePoints(texts)) chars.add(c);
  for (const codePoints of more) for (const c of codePoints) chars.add(c);
  // Controls and line breaks draw nothing.
  return [...chars]
    .filter((c) => c >= 0x20 && !(c >= 0x7f && c < 0xa0))
    .sort((a, b) => a - b)
    .map((c) => String.fromCodePoint(c))
    .join("");
}

const BASE_CHARS = distinctCodePoints([BASE_TEXT]);

/**
 * The code points of a frozen list of texts (templateTexts' list, the same on every build of a
 * long-running builder), kept with the list: it cannot change, so they are what it holds.
 */
const codePointsOf = new WeakMap<readonly string[], Set<number>>();
function frozenCodePoints(texts: readonly string[]): Set<number> {
  let chars = codePointsOf.get(texts);
  if (!chars) codePointsOf.set(texts, (chars = distinctCodePoints(texts)));
  return chars;
}

/**
 * The code points of the texts, each once. By index, not through the string iterator
 * (4,000 guides: 70 ms to 15), and each ASCII character looked up in a table, not the set.
 */
function distinctCodePoints(texts: Iterable<string>): Set<number> {
  const chars = new Set<number>();
  const ascii = new Uint8Array(128);
  for (const text of texts)
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c < 128) {
        if (ascii[c] === 0) {
          ascii[c] = 1;
          chars.add(c);
        }
        continue;
      }
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          c = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          i++;
        }
      }
      chars.add(c);
    }
  return chars;
}

/**
 * The code points content uses (fontText's `more`): one list per file, each file walked once
 * while its text is unchanged when it was read with a memo (its facts: memo/file-memo.ts).
 */
export function contentCharacters(files: SourceFile[]): number[][] {
  return files.map((f) => {
    const facts = factsOf(f);
    if (facts?.chars) return facts.chars;
    const chars = [...distinctCodePoints(contentStrings([f]))];
    if (facts) facts.chars = chars;
    return chars;
  });
}

export function contentStrings(files: SourceFile[]): string[] {
  // Into one array, keys before their values (a recursive generator took 4,000 guides 50 ms).
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === "object")
      for (const k in v) {
        out.push(k);
        walk((v as Record<string, unknown>)[k]);
      }
  };
  for (const f of files) walk(f.data);
  return out;
}

/**
 * The text of every template (words written in templates, e.g. "Coming Soon"). Read with
 * synchronous calls: a few dozen small files, one after the other through the thread pool,
 * took ~80 ms of a 44-page build; read here they take a few.
 */
export async function templateTexts(templatesDir: string): Promise<readonly string[]> {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(tsx?|css)$/.test(e.name)) out.push(readFileSync(p, "utf8"));
    }
  };
  walk(templatesDir);
  // Frozen: fontText keeps the code points of this very list (frozenCodePoints).
  return Object.freeze(out);
}

export interface BrandFont {
  /** Path inside dist/: assets/<family>-<hash>.woff2. */
  output: string;
  /** Its address on the site. */
  url: string;
  bytes: Uint8Array;
}

/**
 * The subset WOFF2 holding the characters of `text`: from the project's generated files
 * (lib/generated.ts) when it was cut before, named by a hash of the font file's bytes, the
 * text, the weights and features kept, and the versions of subset-font and HarfBuzz.
 */
export async function brandFont(font: ResolvedFont, text: string, store: GeneratedFiles | undefined): Promise<BrandFont> {
  const source = await fs.readFile(font.path);
  const settings = { text, weights: font.weights, features: font.features, engine: subsetEngine() };
  const name = `fonts/${font.slug}-${contentHash(`${contentHash(source)}\n${JSON.stringify(settings)}`)}.woff2`;
  let bytes: Uint8Array | undefined = store?.read(name);
  if (!bytes) {
    bytes = await subsetFont(source, text, {
      targetFormat: "woff2",
      variationAxes: { wght: { min: font.weights.min, max: font.weights.max } },
      keepFeatures: font.features,
    });
    await store?.write(name, bytes);
  }
  const output = `assets/${font.slug}-${contentHash(bytes)}.woff2`;
  return { output, url: `/${output}`, bytes };
}

/** subset-font's and HarfBuzz's versions (what cuts the font), read from their package files. */
let engine: string | undefined;
function subsetEngine(): string {
  if (engine !== undefined) return engine;
  const subsetFontMain = createRequire(import.meta.url).resolve("subset-font");
  return (engine = `${packageOf(subsetFontMain)} ${packageOf(createRequire(subsetFontMain).resolve("harfbuzzjs"))}`);
}

/** The stylesheet with the brand face's address in place of FONT_URL_TOKEN. */
export function withFontUrl(css: string, url: string): string {
  if (!css.includes(FONT_URL_TOKEN)) throw new Error(`The compiled stylesheet has no ${FONT_URL_TOKEN}: the brand @font-face (scripts/pipeline/stages/media/font.ts) is missing from it.`);
  return css.replaceAll(FONT_URL_TOKEN, url);
}
