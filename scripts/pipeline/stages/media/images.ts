/**
 * Photos: every PNG, JPEG, WebP or AVIF that content shows is published as a set of
 * resized copies (WIDTHS, never above the original), each as AVIF, WebP and a fallback
 * in the original's format (an AVIF original falls back to JPEG, or PNG with
 * transparency), for <picture> (scripts/runtime/Picture.tsx). SVG drawings are
 * published as they are.
 *
 * Names carry a hash of what made the bytes: the original's bytes, the width, the
 * format's settings and the encoder's version (`lobby-960-1a2b3c4d5e.avif`). So every
 * name is known before any pixel is encoded: pages render while the images encode, and
 * a copy already among the project's generated files (lib/generated.ts) is reused (copied
 * into dist/ by the writer, never read into memory). Encoding is deterministic: the same original gives the same bytes
 * whatever the number of threads (tests/unit/images.test.tsx).
 *
 * What the pages need before rendering (size after the camera's orientation, whether
 * the photo is opaque, its dominant colour for the placeholder) is read once per
 * original and kept with the copies. A build with unchanged photos, a fresh clone's
 * included, decodes nothing.
 *
 * The originals' metadata (camera, GPS position) is not copied: libvips writes none.
 *
 * libvips works each image with ENCODER_THREADS threads, on every machine: the AV1
 * encoder splits its work by thread, so AVIF bytes depend on the count (WebP and JPEG
 * do not), and sharp's own default is 1 on Linux with glibc but the number of cores
 * elsewhere, which would give a laptop other bytes than CI under the same names.
 * Several images are encoded at once instead (limited(), on libuv's thread pool).
 */
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Sharp, SharpOptions } from "sharp";
import type { GeneratedFiles } from "../../../lib/generated.ts";
import { contentHash } from "../../../lib/hash.ts";

/** libvips threads per image: fixed, so that AVIF bytes are the same on every machine (above). */
export const ENCODER_THREADS = 1;

type SharpModule = { (input?: Uint8Array, options?: SharpOptions): Sharp; concurrency(n?: number): number; versions: { sharp: string; vips: string } };

/** sharp (libvips) is loaded by the first build that has a photo: checks and drawings-only sites never pay for it. */
let loaded: Promise<SharpModule> | undefined;
const loadSharp = () => (loaded ??= import("sharp").then((m) => m.default as unknown as SharpModule));

async function sharpOf(input: Uint8Array, options?: SharpOptions): Promise<Sharp> {
  const sharp = await loadSharp();
  // Set on every use: the setting is the process's, and another module may have changed it.
  sharp.concurrency(ENCODER_THREADS);
  return sharp(input, options);
}

/**
 * The encoder's identity, part of every name: another sharp or libvips may encode other
 * bytes. Read from sharp's package.json (its version and the prebuilt libvips it pins),
 * not from the loaded library: loading it takes 70 to 100 ms, which a build whose photos
 * are all in the cache never needs.
 */
let identity: Promise<string> | undefined;
export function engine(): Promise<string> {
  return (identity ??= (async () => {
    const main = createRequire(import.meta.url).resolve("sharp");
    const pkg = JSON.parse(await fs.readFile(path.join(path.dirname(main), "..", "package.json"), "utf8")) as { version: string; optionalDependencies?: Record<string, string> };
    const libvips = Object.entries(pkg.optionalDependencies ?? {}).find(([name]) => name.startsWith("@img/sharp-libvips-"))?.[1] ?? "system";
    return `${VERSION} sharp ${pkg.version} libvips ${libvips} threads ${ENCODER_THREADS}`;
  })());
}

/** The widths made, in CSS pixels at 1x: a phone (480), a phone at 2x or a tablet (960), a laptop (1440), a large screen (1920). */
export const WIDTHS = [480, 960, 1440, 1920] as const;

export type Format = "avif" | "webp" | "jpeg" | "png";

/** Encoder settings, part of every name: a change gives new names (and no stale cache). */
export const ENCODING = {
  // effort 2: within a few per cent of effort 4's size on photos, four to six times faster.
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
} as const;

export const MIME: Record<Format, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };
const EXTENSION: Record<Format, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };

/** The raster formats the build processes, by file name. */
export const PHOTO = /\.(png|jpe?g|webp|avif)$/i;

/** Bumped when what this module makes changes for the same settings. */
const VERSION = "images-1";

/** What is read from an original before the pages render. */
export interface PhotoInfo {
  /** As shown: after the camera's orientation. */
  width: number;
  height: number;
  /** No transparent pixel: a placeholder colour may show behind it while it loads. */
  opaque: boolean;
  /** The dominant colour, "#rrggbb". */
  colour: string;
  /** The original's format, as its bytes say. */
  format: Format;
}

export interface Variant {
  /** Path inside dist/: "assets/lobby-960-1a2b3c4d5e.avif". */
  output: string;
  width: number;
  height: number;
  format: Format;
  /** The hash in the name (the store names the file after the output: lib/generated.ts). */
  key: string;
}

export interface Photo {
  /** "assets/lobby.jpg" */
  name: string;
  info: PhotoInfo;
  /** Widest first, per format in FORMATS order: modern formats first, the fallback last. */
  variants: Variant[];
  /** The fallback's format (the <img> itself). */
  fallback: Format;
}

/** A file to copy into dist/ as it is, rather than bytes in memory. */
export interface FileRef {
  copyFrom: string;
}

/** The widths made of an original `width` wide: WIDTHS below it, and the original's (up to the largest) on top; a width within 15% of the top one is left out. */
export function widthsFor(width: number): number[] {
  const top = Math.min(width, WIDTHS.at(-1)!);
  return [...WIDTHS.filter((w) => w < top && top / w >= 1.15), top];
}

/** The formats of an original: AVIF and WebP, then the fallback (the original's own, JPEG for an opaque AVIF, PNG for one with transparency). */
export function formatsFor(info: Pick<PhotoInfo, "format" | "opaque">): Format[] {
  const fallback: Format = info.format === "avif" ? (info.opaque ? "jpeg" : "png") : info.format;
  return [...new Set<Format>(["avif", "webp", fallback])];
}


/** The hash of an original, which names everything made from it. */
export function sourceHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** `encoder`: engine()'s answer. */
export function planPhoto(name: string, info: PhotoInfo, source: string, encoder: string): Photo {
  const formats = formatsFor(info);
  const base = name.slice(0, name.lastIndexOf("."));
  const variants: Variant[] = [];
  for (const format of formats)
    for (const width of widthsFor(info.width).reverse()) {
      const key = contentHash([source, encoder, format, JSON.stringify(ENCODING[format]), String(width)].join("\0"));
      variants.push({ output: `${base}-${width}-${key}.${EXTENSION[format]}`, width, height: Math.max(1, Math.round((info.height * width) / info.width)), format, key });
    }
  return { name, info, variants, fallback: formats.at(-1)! };
}

const SHARP_FORMAT: Record<string, Format | undefined> = { jpeg: "jpeg", png: "png", webp: "webp", heif: "avif" };

/** Size, opacity, dominant colour and format of an original (a small decode: JPEG shrinks while it loads). */
export async function readInfo(bytes: Uint8Array): Promise<PhotoInfo> {
  const meta = await (await sharpOf(bytes)).metadata();
  const format = SHARP_FORMAT[meta.format ?? ""];
  if (!format || !meta.width || !meta.height) throw new Error(`not a photo the build can read (${meta.format ?? "unknown format"})`);
  // Orientations 5 to 8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const stats = await (await sharpOf(bytes)).rotate().resize(64, 64, { fit: "inside" }).stats();
  const { r, g, b } = stats.dominant;
  const hex = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, "0");
  return {
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    opaque: stats.isOpaque,
    colour: `#${hex(r)}${hex(g)}${hex(b)}`,
    format,
  };
}

/** The encoded bytes of each variant of one original: decoded once, turned upright, resized from the widest copy. */
export async function encodePhoto(bytes: Uint8Array, photo: Photo): Promise<Map<string, Buffer>> {
  const widest = photo.variants[0]!;
  const { data, info } = await (await sharpOf(bytes)).rotate().resize({ width: widest.width, height: widest.height, fit: "fill" }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const out = new Map<string, Buffer>();
  for (const v of photo.variants) {
    let image = await sharpOf(data, raw);
    if (v.width !== info.width) image = image.resize({ width: v.width, height: v.height, fit: "fill" });
    out.set(v.key, await image.toFormat(v.format, ENCODING[v.format]).toBuffer());
  }
  return out;
}

/**
 * The photos' share of the project's generated files (lib/generated.ts): `photos/<source
 * hash>.json` (PhotoInfo) and `photos/<variant's name>` ("photos/lobby-960-1a2b3c4d5e.avif"),
 * committed with the content so that a fresh clone encodes nothing. Without a store
 * everything is made in memory.
 */
export class PhotoCache {
  constructor(readonly store: GeneratedFiles | undefined) {}

  /** What this process learnt of each original, by the hash of its bytes (the same bytes, the same sizes and colour). */
  private static known = new Map<string, PhotoInfo>();

  async info(bytes: Uint8Array, source: string): Promise<PhotoInfo> {
    const known = PhotoCache.known.get(source);
    if (known) {
      this.store?.has(infoName(source)); // still used: kept by npm run build
      return known;
    }
    const info = await this.infoOnce(bytes, source);
    PhotoCache.known.set(source, info);
    return info;
  }

  private async infoOnce(bytes: Uint8Array, source: string): Promise<PhotoInfo> {
    const stored = this.store?.read(infoName(source));
    if (stored) {
      try {
        const hit = JSON.parse(stored.toString("utf8")) as PhotoInfo;
        if (typeof hit.width === "number" && typeof hit.colour === "string") return hit;
      } catch {
        // damaged: read again below
      }
    }
    const info = await readInfo(bytes);
    await this.store?.write(infoName(source), `${JSON.stringify(info, null, 2)}\n`);
    return info;
  }

  /** Each variant's output path and its bytes or stored file; encodes (and stores) only what the store lacks. */
  async variants(bytes: Uint8Array, photo: Photo): Promise<Map<string, Buffer | FileRef>> {
    const out = new Map<string, Buffer | FileRef>();
    const store = this.store;
    if (store && photo.variants.every((v) => store.has(variantName(v)))) {
      for (const v of photo.variants) out.set(v.output, { copyFrom: store.file(variantName(v)) });
      return out;
    }
    const made = await encodePhoto(bytes, photo);
    for (const v of photo.variants) {
      const data = made.get(v.key)!;
      // Stored: the writer copies the file, and the bytes need not stay in memory until then.
      const stored = store !== undefined && (await store.write(variantName(v), data));
      out.set(v.output, stored ? { copyFrom: store.file(variantName(v)) } : data);
    }
    return out;
  }
}

const infoName = (source: string) => `photos/${source}.json`;
const variantName = (v: Variant) => `photos/${path.basename(v.output)}`;

/** Runs `jobs` with at most `limit` at once (libvips threads each job too). */
export async function limited<T>(jobs: (() => Promise<T>)[], limit = Math.max(1, os.availableParallelism())): Promise<T[]> {
  const out = new Array<T>(jobs.length);
  let next = 0;
  const run = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, run));
  return out;
}

/** Focal points as editors write them (schemas: image.focus), as CSS object-position. */
const NAMED_FOCUS: Record<string, [number, number]> = {
  center: [50, 50],
  top: [50, 0],
  bottom: [50, 100],
  left: [0, 50],
  right: [100, 50],
  "top left": [0, 0],
  "top right": [100, 0],
  "bottom left": [0, 100],
  "bottom right": [100, 100],
};

/** "left" or "30% 70%" as [x, y] in per cent; undefined for anything else. */
export function focusPoint(focus: string): [number, number] | undefined {
  const named = NAMED_FOCUS[focus.trim().toLowerCase()];
  if (named) return named;
  const m = /^\s*(\d{1,3})%\s+(\d{1,3})%\s*$/.exec(focus);
  if (!m) return undefined;
  const [x, y] = [Number(m[1]), Number(m[2])];
  return x <= 100 && y <= 100 ? [x, y] : undefined;
}

/**
 * The generator's own CSS for photos, added to the site's stylesheet (a style
 * attribute would break the Content-Security-Policy): <picture> and its <source>s add
 * no box of their own (a template's classes on the image lay it out as before), a placeholder colour per
 * opaque photo, and an object-position per focal point in use. Classes are named by
 * their values, so the same photo always gets the same class.
 */
export class PhotoStyles {
  private readonly rules = new Map<string, string>();

  colour(hex: string): string {
    const name = `ssg-bg-${hex.slice(1)}`;
    this.rules.set(name, `.${name}{background-color:${hex}}`);
    return name;
  }

  focus([x, y]: [number, number]): string {
    const name = `ssg-at-${x}-${y}`;
    this.rules.set(name, `.${name}{object-position:${x}% ${y}%}`);
    return name;
  }

  css(): string {
    // <source> elements would be empty boxes once <picture> is display: contents (a grid gave them cells).
    return [".ssg-picture{display:contents}.ssg-picture>source{display:none}", ...[...this.rules].sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => r)].join("");
  }
}
