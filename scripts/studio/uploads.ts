/**
 * Images uploaded in the Studio's image picker, before the server writes them to
 * content/assets/: a file name content can use (lower case, dashes, no accents, the
 * extension of what the file really is), and the same checks the build makes of every
 * file there (pipeline/stages/validate/asset-checks.ts): the type by the file's first bytes,
 * not its name; a size limit; no script or outside reference in an SVG. The functions
 * here decide; they write nothing.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { FORMAT_OF_EXTENSION, LIMITS, sniff, svgDangers, type Sniffed } from "../pipeline/stages/validate/asset-checks.ts";
import { imageSize } from "../lib/image-size.ts";

/** The largest upload the Studio takes: 20 MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Letters that Unicode does not split into a letter and an accent. */
const FOLD: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ð: "d", þ: "th", ł: "l", ı: "i" };

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (c) => FOLD[c] ?? c)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** A file name as content names images: "My Lobby Photo (1).PNG" -> "my-lobby-photo-1.png", "Café.jpg" -> "cafe.jpg". */
export function assetFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const stem = slug(dot > 0 ? base.slice(0, dot) : dot === 0 ? "" : base) || "image";
  const extension = dot >= 0 ? base.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, "") : "";
  return extension ? `${stem}.${extension}` : stem;
}

const ACCEPTED = ["png", "jpg", "gif", "webp", "avif", "svg"] as const;
type Accepted = (typeof ACCEPTED)[number];

const WHAT: Partial<Record<Sniffed, string>> = {
  heic: "a HEIC photo (the iPhone's format), which browsers do not show: export it as JPEG (in Photos: File > Export) and upload that",
  tiff: "a TIFF image, which browsers do not show: export it as PNG or JPEG and upload that",
  bmp: "a BMP image: export it as PNG and upload that",
  psd: "a Photoshop file: export it as PNG or JPEG and upload that",
  pdf: "a PDF document, not an image: export the page as PNG and upload that",
  zip: "a ZIP archive (or an Office document), not an image",
  html: "a web page, not an image (a browser sometimes saves the page around an image): save the image itself",
  text: "text, not an image",
  unknown: "not an image the Studio knows",
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Whether an uploaded file may go into content/assets/, and under which name: the
 * name assetFileName() gives, with the extension of what the content is.
 */
export function checkUpload(name: string, bytes: Uint8Array): { ok: true; name: string } | { ok: false; message: string } {
  const shown = JSON.stringify(name);
  if (bytes.length === 0) return { ok: false, message: `${shown} is empty (0 bytes). Pick the image file again.` };
  if (bytes.length > MAX_UPLOAD_BYTES)
    return { ok: false, message: `${shown} is ${megabytes(bytes.length)}; the Studio takes images up to ${megabytes(MAX_UPLOAD_BYTES)}. Export it smaller (a photo 3000 pixels wide is plenty) and upload that.` };
  const found = sniff(bytes);
  if (!(ACCEPTED as readonly string[]).includes(found))
    return { ok: false, message: `${shown} is ${WHAT[found] ?? "not an image"}. The Studio takes PNG, JPEG, GIF, WebP, AVIF and SVG images.` };
  const format = found as Accepted;

  if (format === "svg") {
    const dangers = svgDangers(Buffer.from(bytes).toString("utf8"));
    if (dangers.length) {
      const list = [...new Set(dangers.map((d) => describe(d.found, d.detail)))].join("; ");
      return { ok: false, message: `${shown} is an SVG with things in it that run or load when it is opened (${list}). Remove them in your drawing program, or export the drawing again as a plain SVG or as PNG.` };
    }
  } else {
    const size = imageSize(Buffer.from(bytes), `x.${format}`);
    if (size && Math.max(size.width, size.height) > LIMITS.maxPixels)
      return { ok: false, message: `${shown} is ${size.width} × ${size.height} pixels; images may be at most ${LIMITS.maxPixels} pixels on their longer side. Export it smaller and upload that.` };
  }

  const clean = assetFileName(name);
  const dot = clean.lastIndexOf(".");
  const stem = dot > 0 ? clean.slice(0, dot) : clean;
  const extension = dot > 0 ? clean.slice(dot + 1) : "";
  // The name's own extension when it says what the file is ("jpeg" stays), else the format's.
  if (FORMAT_OF_EXTENSION[extension] === format) return { ok: true, name: clean };
  const kept = extension && !FORMAT_OF_EXTENSION[extension] ? `${stem}-${extension}` : stem;
  return { ok: true, name: `${kept}.${format}` };
}

function describe(found: string, detail?: string): string {
  const what: Record<string, string> = {
    script: "a script",
    handler: "an event handler attribute",
    javascript: "a javascript: address",
    "foreign-object": "a <foreignObject> element (HTML inside the drawing)",
    html: "HTML elements",
    external: "a reference to a file on another site",
    "external-use": "a <use> of another file",
    stylesheet: "an external style sheet",
    entity: "an entity declaration",
  };
  return (what[found] ?? found) + (detail ? ` (${detail})` : "");
}

/** `name` in `assetsDir`, or name-2, name-3 … when a different file already has it (the same bytes keep the name). */
export function uniqueAssetName(assetsDir: string, name: string, bytes?: Uint8Array): string {
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : "";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem}-${n}${extension}`;
    const file = path.join(assetsDir, candidate);
    if (!existsSync(file)) return candidate;
    if (bytes && Buffer.from(bytes).equals(readFileSync(file))) return candidate;
  }
}
