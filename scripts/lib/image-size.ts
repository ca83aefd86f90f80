/**
 * Reads an image's intrinsic size from its bytes, so every <img> gets width and height.
 * The formats are read by the `image-size` package; this module only decides which of
 * its answers to trust:
 * - SVG only for a name ending in .svg, and raster formats only when the bytes are one
 *   that browsers show (PNG, JPEG, GIF, WebP, AVIF): image-size also knows TGA, ICO, CUR
 *   and others whose signatures are weak (TGA is any file with four zero bytes at 0 and
 *   4), and a font or PDF must not be taken for an image.
 * - Unknown, broken or truncated files give undefined (image-size throws), as does a
 *   size that is not two positive whole numbers. (A file of content/assets/ whose first
 *   bytes are not the format its name says is reported before its size is asked for:
 *   misnamed-image, in scripts/pipeline/stages/validate/asset-checks.ts.)
 * Two things image-size 2.1.0 gets wrong are handled here:
 * - It reads through a DataView on the Buffer's whole ArrayBuffer, so for a Buffer that
 *   is a slice of a larger one (Node's 8 KB pool for small buffers, subarray) a
 *   truncated file is measured from the bytes that follow it in memory: such a Buffer is
 *   copied first, so that reading past its end throws.
 * - It splits an SVG viewBox on single spaces only; the SVG grammar also allows commas
 *   and runs of white space ("0,0,24,24"), which are rewritten to single spaces.
 * SVG: width and height attributes when both are there (in px, or in, cm, mm, pt, pc,
 * em, ex, rounded to px); otherwise the viewBox, scaled to a lone width or height (the
 * old code ignored a lone width; browsers scale).
 * JPEG: the stored size, as before (an EXIF orientation that turns it is not applied);
 * image-size reads SOF0, SOF1 and SOF2 frames (baseline, extended, progressive), and
 * fails on 0xFF fill bytes before a marker, which the old code did not read either.
 */
import { GIF } from "image-size/types/gif";
import { HEIF } from "image-size/types/heif";
import { JPG } from "image-size/types/jpg";
import { PNG } from "image-size/types/png";
import { SVG } from "image-size/types/svg";
import { WEBP } from "image-size/types/webp";

/**
 * The readers of the formats taken (image-size's own entry loads all 18 and its
 * detector; these six load in about half the time). Each is tried the way
 * image-size's detector tries them: validate, then calculate.
 */
const RASTER: [name: string, reader: typeof PNG][] = [
  ["png", PNG],
  ["jpg", JPG],
  ["gif", GIF],
  ["webp", WEBP],
  ["heif", HEIF],
];

function measure(input: Uint8Array, svg: boolean): { width?: number; height?: number; type?: string } {
  const found: [string, typeof PNG] | undefined = svg ? (SVG.validate(input) ? ["svg", SVG] : undefined) : RASTER.find(([, r]) => r.validate(input));
  if (!found) throw new TypeError("unsupported file type");
  const size = found[1].calculate(input);
  return { ...size, type: size.type ?? found[0] };
}

export interface Size {
  width: number;
  height: number;
}

/** image-size's type names for the raster formats browsers show ("avif" is its HEIF reader's name for an AVIF file). */
const WEB_RASTER = new Set(["png", "jpg", "gif", "webp", "avif"]);

export function imageSize(bytes: Buffer, name: string): Size | undefined {
  const svg = name.endsWith(".svg");
  const source = svg ? Buffer.from(bytes.toString("utf8").replace(/(\sviewBox=(["']))([^"']*)\2/i, (_, start: string, quote: string, box: string) => `${start}${box.trim().split(/[\s,]+/).join(" ")}${quote}`)) : bytes;
  const input = source.byteOffset === 0 && source.byteLength === source.buffer.byteLength ? source : new Uint8Array(source);
  let size: { width?: number; height?: number; type?: string };
  try {
    size = measure(input, svg);
  } catch {
    return undefined;
  }
  if (svg ? size.type !== "svg" : !WEB_RASTER.has(size.type ?? "")) return undefined;
  const { width, height } = size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width! <= 0 || height! <= 0) return undefined;
  return { width: width!, height: height! };
}
