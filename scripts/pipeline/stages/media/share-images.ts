/**
 * Images drawn by the build from SVG: a 1200 x 630 share image for each entry of
 * seo.shareImages in content/site.json (the brand, and the title and description of
 * the entry's page, in the theme's colours from templates/styles.css), and the icon
 * set (PNG favicon, apple-touch-icon, web app icons) from content/assets/favicon.svg.
 *
 * Text is set in the site's font (its imageFiles, e.g. from an npm package) and resvg loads no system font, so every
 * machine draws the same pixels. File names hash what is drawn (the SVG, the size,
 * resvg's version and the drawing worker's code, the font files' bytes), so pages can name
 * the images before the worker (scripts/lib/rasterize.ts) has drawn them: the build awaits
 * them only at write. Drawn images are kept among the project's generated files
 * (lib/generated.ts) under the same names: a fresh clone draws none of them.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fontMetrics, type FontMetrics } from "../../../lib/font-metrics.ts";
import type { GeneratedFiles } from "../../../lib/generated.ts";
import { contentHash, hashedName } from "../../../lib/hash.ts";
import { rasterizer, RASTERIZER_CODE } from "../../../lib/rasterize.ts";
import { loadSiteModule, resolveFont } from "../../../lib/site-module.ts";

const require = createRequire(import.meta.url);

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/**
 * The colours of the share images and icons, by role (templates/site.ts, images.colours:
 * a hex colour, or the name of a --color-* of templates/styles.css):
 * background and shapes of the share card, its text and muted text, its accent bar, and
 * the brand colour (the icons' square and the theme colour).
 */
export const COLOUR_ROLES = ["background", "shapes", "brand", "text", "muted", "accent"] as const;
export type ColourRole = (typeof COLOUR_ROLES)[number];
export type Colours = Record<ColourRole, string>;

/** For a site that names none: a dark card with a blue brand colour. */
export const DEFAULT_COLOURS: Colours = { background: "#111827", shapes: "#1f2937", brand: "#2563eb", text: "#e5e7eb", muted: "#9ca3af", accent: "#22d3ee" };

export interface ImageKit {
  /** The font family the text is set in (the site module's font). */
  family: string;
  regular: FontMetrics;
  bold: FontMetrics;
  colours: Colours;
  /** resvg's version, the drawing worker's code and the font files' bytes, hashed: part of every image's name. */
  version: string;
  /** Draws the PNG of svg (at its size, or scaled to width). */
  png(svg: string, width?: number): Promise<Uint8Array>;
  /** Each image this process has, by its name in dist/ (drawImage): found or drawn once, whatever the number of builds. */
  images: Map<string, Promise<Uint8Array>>;
}

/**
 * Reads the fonts and the theme; the drawing worker starts with the first image to draw.
 * `colours`: the site module's (images.colours) unless given.
 */
export async function loadImageKit(templatesDir: string, colours?: Partial<Colours>): Promise<ImageKit> {
  const site = await loadSiteModule(templatesDir);
  colours ??= site.images?.colours;
  const font = resolveFont(site.font, templatesDir);
  const files = [font.imagePaths.regular, font.imagePaths.bold];
  const [regular, bold, css] = await Promise.all([readFile(files[0]!), readFile(files[1]!), readFile(path.join(templatesDir, "styles.css"), "utf8")]);
  const resvg = (require("@resvg/resvg-js/package.json") as { version: string }).version;
  const version = contentHash(`@resvg/resvg-js@${resvg}\n${RASTERIZER_CODE}\n${font.family}\n${contentHash(regular)}\n${contentHash(bold)}`);
  return {
    family: font.family,
    regular: fontMetrics(regular),
    bold: fontMetrics(bold),
    colours: themeColours(css, colours),
    version,
    png: (svg, width) => rasterizer(files, font.family).png(svg, width),
    images: new Map(),
  };
}

/** The hex colour of each role: given as hex, or read from the theme's --color-<name> in the stylesheet. */
export function themeColours(css: string, spec: Partial<Colours> = {}): Colours {
  const found = new Map([...css.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{3,8})\s*;/gi)].map((m) => [m[1]!, m[2]!]));
  const out = {} as Colours;
  for (const role of COLOUR_ROLES) {
    const value = spec[role] ?? DEFAULT_COLOURS[role];
    if (/^#[0-9a-f]{3,8}$/i.test(value)) out[role] = value;
    else {
      const hex = found.get(value);
      if (!hex) throw new Error(`templates/site.ts names "${value}" as the ${role} colour of the share images, but templates/styles.css defines no --color-${value} as a hex colour.`);
      out[role] = hex;
    }
  }
  return out;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Greedy word wrap to maxWidth; past maxLines the last line ends with an ellipsis. */
export function wrap(text: string, metrics: FontMetrics, size: number, maxWidth: number, maxLines: number): { lines: string[]; cut: boolean } {
  const words = text.trim().split(/\s+/);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && metrics.width(next, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return { lines, cut: false };
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]} ${lines[maxLines]}`.split(" ");
  while (last.length > 1 && metrics.width(`${last.join(" ")}…`, size) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.join(" ").replace(/[\s,.:;–-]+$/, "")}…`;
  return { lines: kept, cut: true };
}

/** The largest size at which text fits in maxLines, else the smallest size, cut. */
function fit(text: string, metrics: FontMetrics, sizes: number[], maxWidth: number, maxLines: number) {
  for (const size of sizes) {
    const w = wrap(text, metrics, size, maxWidth, maxLines);
    if (!w.cut) return { size, ...w };
  }
  const size = sizes[sizes.length - 1]!;
  return { size, ...wrap(text, metrics, size, maxWidth, maxLines) };
}

export interface ShareCard {
  brand: string;
  heading: string;
  text: string;
  /** The site's host name, written at the bottom. */
  host: string;
  /** content/assets/favicon.svg: the brand mark. */
  mark: Uint8Array;
}

const PAD = 80;
const TEXT_WIDTH = SHARE_WIDTH - 2 * PAD;

/** The share image as SVG: brand mark and name, an accent bar, the heading, the text and the host. */
export function shareCardSvg(card: ShareCard, kit: Pick<ImageKit, "family" | "regular" | "bold" | "colours">): string {
  const FONT_FAMILY = escapeXml(kit.family);
  const c = kit.colours;
  // Heading on at most two lines if a smaller size allows it, else three; the text takes what room is left.
  const onTwoLines = fit(card.heading, kit.bold, [64, 56, 50], TEXT_WIDTH, 2);
  const heading = onTwoLines.cut ? fit(card.heading, kit.bold, [50], TEXT_WIDTH, 3) : onTwoLines;
  const headingLead = Math.round(heading.size * 1.1);
  const top = 168;
  const bottom = SHARE_HEIGHT - 118;
  const bar = 8 + 32;
  const textLead = 42;
  const room = bottom - top - bar - heading.lines.length * headingLead - 28;
  const text = fit(card.text, kit.regular, [30], TEXT_WIDTH, Math.max(1, Math.min(3, Math.floor(room / textLead))));
  const height = bar + heading.lines.length * headingLead + 28 + text.lines.length * textLead;
  let y = top + Math.max(0, Math.round((bottom - top - height) / 2));
  const out: string[] = [];
  out.push(`<rect x="${PAD}" y="${y}" width="88" height="8" rx="4" fill="${c.accent}"/>`);
  y += bar;
  const lines = (ls: string[], size: number, lead: number, weight: number, fill: string) => {
    const spans = ls.map((l, i) => `<tspan x="${PAD}" y="${y + i * lead + Math.round(lead / 2 + size * 0.36)}">${escapeXml(l)}</tspan>`).join("");
    out.push(`<text font-family="${FONT_FAMILY}" font-size="${size}" font-weight="${weight}" fill="${fill}">${spans}</text>`);
    y += ls.length * lead;
  };
  lines(heading.lines, heading.size, headingLead, 700, "#ffffff");
  y += 28;
  lines(text.lines, 30, textLead, 400, c.text);
  const mark = `data:image/svg+xml;base64,${Buffer.from(card.mark).toString("base64")}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">`,
    // Flat, opaque shapes: a gradient or transparency costs a third more time to draw and twice the bytes.
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="${c.background}"/>`,
    `<circle cx="1110" cy="70" r="250" fill="${c.shapes}"/>`,
    `<circle cx="1180" cy="640" r="170" fill="${c.shapes}"/>`,
    `<image x="${PAD}" y="64" width="56" height="56" href="${mark}"/>`,
    `<text x="${PAD + 76}" y="106" font-family="${FONT_FAMILY}" font-size="40" font-weight="700" fill="#ffffff">${escapeXml(card.brand)}</text>`,
    ...out,
    `<text x="${PAD}" y="${SHARE_HEIGHT - 64}" font-family="${FONT_FAMILY}" font-size="26" fill="${c.muted}">${escapeXml(card.host)}</text>`,
    `</svg>`,
  ].join("");
}

/** The mark on a full square of the theme's brand colour (icons that platforms mask or round). */
export function fullBleedIconSvg(mark: Uint8Array, size: number, scale: number, background: string): string {
  const inner = size * scale;
  const at = (size - inner) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${background}"/>` +
    `<image x="${at}" y="${at}" width="${inner}" height="${inner}" href="data:image/svg+xml;base64,${Buffer.from(mark).toString("base64")}"/></svg>`
  );
}

export interface DrawnImage {
  /** Path inside dist/. */
  output: string;
  url: string;
  width: number;
  height: number;
  bytes: Promise<Uint8Array>;
}

/**
 * Names the image after what is drawn, and takes it from what this process has, or from the
 * project's generated files (lib/generated.ts), or starts drawing it (and keeps it there). A
 * long-running builder (the dev server) so reads each image once, not on every build.
 */
export function drawImage(kit: ImageKit, name: string, svg: string, width: number, height: number, scaleTo?: number, store?: GeneratedFiles): DrawnImage {
  const output = hashedName(name, `${kit.version}\n${scaleTo ?? ""}\n${svg}`);
  let bytes = kit.images.get(output);
  if (!bytes) {
    const stored = `images/${path.basename(output)}`;
    const found = store?.read(stored);
    bytes = found
      ? Promise.resolve(found)
      : kit.png(svg, scaleTo).then(async (png) => {
          await store?.write(stored, png);
          return png;
        });
    bytes.catch(() => {}); // awaited at write; a build that stops earlier never looks
    kit.images.set(output, bytes);
  }
  return { output, url: `/${output}`, width, height, bytes };
}

export interface IconSet {
  png32: DrawnImage;
  appleTouch: DrawnImage;
  icon192: DrawnImage;
  icon512: DrawnImage;
  maskable512: DrawnImage;
}

/** The PNG icons, all from the same SVG mark. */
export function drawIcons(kit: ImageKit, mark: Uint8Array, store?: GeneratedFiles): IconSet {
  const svg = Buffer.from(mark).toString("utf8");
  const bg = kit.colours.brand;
  return {
    png32: drawImage(kit, "assets/icon-32.png", svg, 32, 32, 32, store),
    // iOS shows transparent corners as black: draw the mark on a full square.
    appleTouch: drawImage(kit, "assets/apple-touch-icon.png", fullBleedIconSvg(mark, 180, 1, bg), 180, 180, undefined, store),
    icon192: drawImage(kit, "assets/icon-192.png", svg, 192, 192, 192, store),
    icon512: drawImage(kit, "assets/icon-512.png", svg, 512, 512, 512, store),
    // Maskable: the platform may cut the icon to a circle of 80% of its size.
    maskable512: drawImage(kit, "assets/icon-maskable-512.png", fullBleedIconSvg(mark, 512, 0.8, bg), 512, 512, undefined, store),
  };
}

/** "assets/share-products-widget.png" for the entry of /products/widget ("home" for /). */
export function shareImageName(page: string): string {
  return `assets/share-${page === "/" ? "home" : page.slice(1).replace(/\//g, "-")}.png`;
}
