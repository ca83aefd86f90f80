/**
 * Checks of the files in content/assets/ themselves (the validate stage checks that
 * the images fields name exist; the resolve stage reads their sizes). Every file there is
 * published as it is, used or not, so every one is checked:
 *
 * - A file named as an image (.png, .jpg, .jpeg, .gif, .webp, .avif, .svg) must be
 *   that kind of image: its first bytes say what it is (misnamed-image), whether
 *   another image format (rename it), a format browsers do not show (TIFF, HEIC,
 *   Photoshop: export it), or no image at all (a web page saved in its place, text,
 *   an empty file).
 * - An SVG must not hold what runs or loads when it is opened on its own (unsafe-svg):
 *   scripts, event handler attributes, javascript: addresses, HTML (<foreignObject>,
 *   elements in the XHTML namespace), references to files on other sites (href,
 *   url(…), @import, <?xml-stylesheet?>; a link, <a href>, loads nothing and may
 *   point anywhere), <use> of another file, and entity
 *   declarations (which could hide any of these from this check, since a browser
 *   expands them). Each is reported where it is in the SVG file.
 * - An image must not be heavier or larger than a page needs: an error above
 *   LIMITS.maxBytes or LIMITS.maxPixels (image-too-large), and, for an image published
 *   as it is (an SVG, or a photo a template names), a warning above LIMITS.warnBytes or
 *   LIMITS.warnPixels on the longer side (large-image). A photo that content shows is
 *   resized by the build (images.ts), so a phone's 12 MB original is what it expects.
 *   Pixels are read for raster images only; an SVG's width and height are not pixels
 *   it carries.
 *
 * The SVG is read with htmlparser2 in XML mode (XML's entities decoded, names as
 * written, CDATA as text), as a browser reads an SVG file: not with HTML's rules.
 */
import { Parser, type Handler } from "htmlparser2";
import { imageSize } from "../../../lib/image-size.ts";
import type { Annotation, SourceFile } from "../../model.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { issueIn, type Issue } from "../../../problems/issues.ts";
import { PHOTO } from "../media/images.ts";

/** 1 MB = 1,000,000 bytes, as in the performance budgets (scripts/lib/budgets.ts). */
export const LIMITS = {
  warnBytes: 1_000_000,
  warnPixels: 4000,
  maxBytes: 20_000_000,
  maxPixels: 12_000,
} as const;

/** What a file's first bytes say it is. */
export type Sniffed =
  | "png"
  | "jpg"
  | "gif"
  | "webp"
  | "avif"
  | "svg"
  | "heic"
  | "tiff"
  | "bmp"
  | "psd"
  | "pdf"
  | "zip"
  | "html"
  | "text"
  | "empty"
  | "unknown";

/** The image formats a name can claim, by its extension (lower-cased). */
export const FORMAT_OF_EXTENSION: Record<string, "png" | "jpg" | "gif" | "webp" | "avif" | "svg" | undefined> = { png: "png", jpg: "jpg", jpeg: "jpg", gif: "gif", webp: "webp", avif: "avif", svg: "svg" };

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");

/**
 * The format of a file by its first bytes (the signatures of each format's
 * specification), or what it holds when it is no image: an HTML page, other text,
 * nothing. Text is UTF-8 (or ASCII) without NUL bytes in its first 4 KB.
 */
export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) return "empty";
  const start = (s: number[]) => s.every((b, i) => bytes[i] === b);
  if (start([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (start([0xff, 0xd8, 0xff])) return "jpg";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // ISO BMFF (AVIF, HEIC): the major brand, then the compatible brands, to the end of the ftyp box.
    const size = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 256);
    const brands: string[] = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= size; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return "avif";
    if (brands.some((b) => ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].includes(b))) return "heic";
    return "unknown";
  }
  if (start([0x49, 0x49, 0x2a, 0x00]) || start([0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (ascii(bytes, 0, 2) === "BM" && bytes.length >= 26) return "bmp";
  if (ascii(bytes, 0, 4) === "8BPS") return "psd";
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (start([0x50, 0x4b, 0x03, 0x04])) return "zip";
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return "unknown";
  let text: string;
  try {
    // A multi-byte character cut at the 4 KB boundary is not a fault of the file.
    text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
  } catch {
    return "unknown";
  }
  text = text.replace(/^\uFEFF/, "").trimStart();
  // After the XML declaration, comments and a doctype, an SVG's first element is <svg.
  const first = text.replace(/^(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>\s*)*/i, "");
  if (/^<svg[\s>/]/.test(first)) return "svg";
  if (/^<(?:!doctype html|html|head|body)[\s>]/i.test(first)) return "html";
  return "text";
}

// ------------------------------------------------------------------ SVG

/** What makes an SVG unsafe (the catalogue words each: unsafe-svg). */
export type SvgDanger = "script" | "handler" | "javascript" | "foreign-object" | "html" | "external" | "external-use" | "stylesheet" | "entity";

export interface SvgFinding {
  found: SvgDanger;
  /** The attribute, element or address it is about. */
  detail?: string;
  line: number;
  column: number;
}

const XHTML = "http://www.w3.org/1999/xhtml";
/** An address on another site: http:, https: or protocol-relative (browsers read "\" as "/" in such addresses). */
const isExternal = (url: string) => /^(?:https?:|[\\/]{2})/i.test(url);
/** An address as a browser's URL parser reads it: without leading and trailing spaces and control characters, and without tabs and line breaks anywhere. */
const cleanUrl = (value: string) => value.replace(/[\t\n\r]/g, "").replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, "");
const localName = (name: string) => name.slice(name.indexOf(":") + 1).toLowerCase();

/** CSS as its parser reads it: escapes (\68 or \h) decoded, comments removed. */
function cssText(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd))
    .replace(/\\(.)/g, "$1");
}

const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))|@import\s*(?:"([^"]*)"|'([^']*)')/gi;

/**
 * The addresses on other sites that CSS loads (url(…), @import "…"), each with where
 * it is in `css`. An address hidden by escapes (u\72l(, \68ttps:) is found in the
 * decoded text, and placed at the start of the CSS.
 */
export function externalCssUrls(css: string): { url: string; index: number }[] {
  const targets = (text: string) =>
    [...text.matchAll(CSS_URL)].map((m) => ({ url: cleanUrl(cssText(m.slice(1).find((g) => g !== undefined) ?? "")), index: m.index })).filter((u) => isExternal(u.url));
  // Comments blanked (same length), so that indexes stay those of the text.
  const found = targets(css.replace(/\/\*[\s\S]*?\*\//g, (c) => " ".repeat(c.length)));
  const decoded = targets(cssText(css));
  return decoded.length > found.length ? [...found, ...decoded.slice(found.length).map((u) => ({ ...u, index: 0 }))] : found;
}

/** An element's start tag as read: where "<" is, and its attributes with where each name starts. */
interface Tag {
  name: string;
  start: number;
  attrs: { name: string; value: string; start: number }[];
}

class SvgReader extends Parser {
  tagStart = 0;
  /** Where the text of the current text event starts (CDATA: after "<![CDATA["). */
  textStart = 0;
  constructor(handler: Partial<Handler>) {
    super(handler, { xmlMode: true, decodeEntities: true });
  }
  override onopentagname(start: number, endIndex: number): void {
    this.tagStart = start - 1;
    super.onopentagname(start, endIndex);
  }
  override ontext(start: number, endIndex: number): void {
    this.textStart = start;
    super.ontext(start, endIndex);
  }
  override ontextentity(cp: number, endIndex: number): void {
    this.textStart = this.startIndex; // where the previous text ended: the "&"
    super.ontextentity(cp, endIndex);
  }
  override oncdata(start: number, endIndex: number, offset: number): void {
    this.textStart = start;
    super.oncdata(start, endIndex, offset);
  }
}

/** Every unsafe thing in an SVG's text, in the order of the file, each where it starts. */
/**
 * Text without any of these cannot hold a finding of svgDangers: no script or handler,
 * no javascript:, no reference other than to #ids of the file itself (url(#g),
 * href="#a"), no entity or escape that could hide one. Most drawings have none, and
 * are not parsed at all (a cold build read the site's SVGs in about 50 ms; the filter
 * makes that about 1 ms). Any match only means the file is read in full.
 */
const MAYBE_DANGEROUS = /<!entity|script|foreignobject|[\s:]on[\w.-]*\s*=|href\s*=\s*["']?\s*[^#\s"']|attributename|xhtml|url\(\s*["']?\s*[^#\s"']|@import|\\|xml-stylesheet|&/i;

export function svgDangers(svg: string): SvgFinding[] {
  if (!MAYBE_DANGEROUS.test(svg)) return [];
  const text = svg.replace(/^\uFEFF/, "");
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const at = (offset: number) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line]! > offset) line--;
    return { line: line + 1, column: offset - lineStarts[line]! + 1 };
  };
  const findings: (SvgFinding & { offset: number })[] = [];
  const report = (found: SvgDanger, offset: number, detail?: string) => findings.push({ found, offset, ...at(offset), ...(detail === undefined ? {} : { detail }) });

  // Entities declared in a doctype: a browser expands them anywhere, markup included, and this reader does not.
  for (const m of text.matchAll(/<!ENTITY\s+(%\s+)?([^\s>]+)/g)) report("entity", m.index, m[2]);

  let tag: Tag | undefined;
  /** The open <style> elements' text, in pieces with where each starts. */
  let style: { text: string; start: number }[] | undefined;
  const open: string[] = [];
  const reader: SvgReader = new SvgReader({
    onopentagname(name) {
      tag = { name, start: reader.tagStart, attrs: [] };
    },
    onattribute(name, value) {
      tag?.attrs.push({ name, value, start: reader.startIndex });
    },
    onopentag() {
      if (!tag) return;
      checkTag(tag);
      open.push(localName(tag.name));
      if (localName(tag.name) === "style") style = [];
      tag = undefined;
    },
    ontext(data) {
      style?.push({ text: data, start: reader.textStart });
    },
    onclosetag() {
      if (open.pop() === "style" && style) {
        const pieces = style;
        for (const { url, index } of externalCssUrls(pieces.map((s) => s.text).join(""))) {
          // From an index in the style's text to the file: the piece (text, entity, CDATA) that holds it.
          let before = 0;
          const piece = pieces.find((s) => (before += s.text.length) > index) ?? pieces[0]!;
          report("external", piece.start + index - (before - piece.text.length), url);
        }
        style = undefined;
      }
    },
    onprocessinginstruction(name) {
      if (name.toLowerCase() === "?xml-stylesheet") report("stylesheet", reader.startIndex);
    },
  });

  function checkTag(t: Tag): void {
    const element = localName(t.name);
    if (element === "script") report("script", t.start);
    if (element === "foreignobject") report("foreign-object", t.start);
    // An animation of a link (<set attributeName="href" to="…">) sets the address its values give.
    const animatesLink = (element === "set" || element === "animate") && t.attrs.some((a) => a.name === "attributeName" && localName(a.value.trim()) === "href");
    for (const a of t.attrs) {
      const attr = localName(a.name);
      if (a.name === "xmlns" || a.name.startsWith("xmlns:")) {
        if (a.value.trim() === XHTML) report("html", a.start, a.name);
        continue;
      }
      if (/^on./.test(attr)) report("handler", a.start, a.name);
      // values="a;b": each item is an address of the animation.
      const addresses = (animatesLink && ["to", "from", "by", "values"].includes(attr) ? a.value.split(";") : [a.value]).map(cleanUrl);
      if (addresses.some((u) => /^javascript:/i.test(u))) report("javascript", a.start, a.name);
      // A link (<a href>) loads nothing until it is followed: only its javascript: addresses matter.
      else if ((attr === "href" && element !== "a") || animatesLink) {
        const url = addresses.find(isExternal);
        if (url !== undefined) report("external", a.start, url);
        else if (element === "use" && attr === "href" && addresses[0] !== "" && !addresses[0]!.startsWith("#")) report("external-use", a.start, addresses[0]);
      }
      if (/url|@import|\\/i.test(a.value)) for (const { url } of externalCssUrls(a.value)) report("external", a.start, url);
    }
  }

  reader.end(text);
  return findings.sort((a, b) => a.offset - b.offset).map(({ offset: _, ...f }) => f);
}

// ------------------------------------------------------------------ the checks

/**
 * The content files that show each image: a page or Markdown entry that names it, or,
 * for an image of a collection's record, the files that list that record (the
 * collection's own file when none does).
 */
export function imageUses(files: SourceFile[], annotations: Annotation[]): Map<string, string[]> {
  const byFile = new Map(files.map((f) => [f.file, f]));
  const listedBy = new Map<string, Set<string>>();
  for (const a of annotations) if (a.kind === "ref") (listedBy.get(`${a.arg}/${a.value}`) ?? listedBy.set(`${a.arg}/${a.value}`, new Set()).get(`${a.arg}/${a.value}`)!).add(a.file);
  const uses = new Map<string, Set<string>>();
  for (const a of annotations) {
    if (a.kind !== "asset") continue;
    const set = uses.get(a.value) ?? uses.set(a.value, new Set()).get(a.value)!;
    const source = byFile.get(a.file);
    const item = /^\/items\/(\d+)\//.exec(a.pointer);
    if (source?.kind === "collection" && item) {
      const id = ((source.data as { items?: { id?: unknown }[] }).items?.[Number(item[1])] ?? {}).id;
      const pages = typeof id === "string" ? listedBy.get(`${source.name}/${id}`) : undefined;
      if (pages?.size) {
        for (const p of pages) set.add(p);
        continue;
      }
    }
    set.add(a.file);
  }
  return new Map([...uses].map(([k, v]) => [k, [...v].sort()]));
}

const extensionOf = (name: string) => (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "");

/**
 * The problems of the files in content/assets/ (`assets` by their content path,
 * "assets/hero.svg"), with the content that uses each image from the validate stage's
 * annotations; `templateAssets`: the images templates use by name (templates/site.ts).
 */
export function assetIssues(assets: Map<string, Buffer>, files: SourceFile[], annotations: Annotation[], templateAssets: readonly string[] = []): Issue[] {
  const issues: Issue[] = [];
  let uses: Map<string, string[]> | undefined;
  for (const [name, bytes] of assets) {
    const expected = FORMAT_OF_EXTENSION[extensionOf(name)];
    if (!expected) continue; // not named as an image: published as it is
    const file = `content/${name}`;
    const found = sniff(bytes);
    if (found !== expected) {
      issues.push(issueIn(file, problem("misnamed-image", { file, expected, found })));
      continue;
    }
    if (found === "svg") for (const d of svgDangers(bytes.toString("utf8"))) issues.push(issueIn(file, problem("unsafe-svg", { found: d.found, detail: d.detail }), d.line, d.column));

    const size = found === "svg" ? undefined : imageSize(bytes, name);
    const longer = size ? Math.max(size.width, size.height) : 0;
    const pixels = size && { width: size.width, height: size.height };
    const measure = (bytesLimit: number, pixelLimit: number) => ({
      ...(bytes.length > bytesLimit ? { bytes: bytes.length } : {}),
      ...(longer > pixelLimit ? pixels : {}),
    });
    const over = (p: Problem) => issues.push(issueIn(file, p));
    const tooLarge = measure(LIMITS.maxBytes, LIMITS.maxPixels);
    if (Object.keys(tooLarge).length) {
      over(problem("image-too-large", tooLarge));
      continue;
    }
    const large = measure(LIMITS.warnBytes, LIMITS.warnPixels);
    // Photos are resized by the build where content shows them: only a file published as it is can be too heavy for a page.
    if (Object.keys(large).length && (!PHOTO.test(name) || templateAssets.includes(name))) {
      uses ??= imageUses(files, annotations);
      over(problem("large-image", { ...large, usedIn: uses.get(name) ?? [], templates: templateAssets.includes(name) }));
    }
  }
  return issues;
}
