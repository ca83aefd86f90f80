/**
 * Stage 3, resolve: turn validated content into what templates render.
 * Markdown fields become syntax trees, asset paths become hashed URLs with the
 * image's size, and record ids become the records themselves. Links found in
 * Markdown join the list of links for the link check. A page's sections marked
 * "hidden": true are resolved and checked like the others (render leaves them out),
 * but what they name is no use of it: their links are marked, their annotations
 * left out of those of shown content.
 */
import { unescapePointerToken } from "../../../lib/json.ts";
import { imageSize } from "../../../lib/image-size.ts";
import { hashedName } from "../../../lib/hash.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { issueAt, type Issue } from "../../../problems/issues.ts";
import type { SourceFile, Annotation, ValidatedContent } from "../../model.ts";
import { parseMarkdown } from "./markdown.ts";
import type { Asset } from "../../../runtime/model.ts";
import { focusPoint, MIME, type Photo, type PhotoStyles } from "../media/images.ts";


export interface OutputAsset extends Partial<Asset> {
  /** Path inside dist/, e.g. assets/hero-1a2b3c4d5e.svg */
  output: string;
  url: string;
  bytes: Buffer;
}

export interface ResolvedFile {
  file: string;
  kind: SourceFile["kind"];
  name: string;
  data: Record<string, unknown>;
  entry?: SourceFile["entry"];
}

export interface ResolvedContent {
  files: ResolvedFile[];
  /** Content asset path ("assets/x.svg") -> its output. */
  assets: Map<string, OutputAsset>;
  /** Every link in content, including those inside Markdown; those of hidden sections are marked `hidden` (checked, but no use of their target). */
  links: Annotation[];
  /** The annotations of what pages show: without those of hidden sections. */
  annotations: Annotation[];
  issues: Issue[];
  /** For locating issues found by later stages. */
  sources: Map<string, SourceFile>;
  /** Every collection's records (in the file's order) and every Markdown kind's entries (by file name), resolved, by name: what templates list (api.ts useEntries). */
  lists: Map<string, unknown[]>;
}

function setAt(root: unknown, pointer: string, value: unknown): void {
  const parts = pointer.split("/").slice(1).map(unescapePointerToken);
  const last = parts.pop()!;
  let node = root as Record<string, unknown>;
  for (const p of parts) node = node[p] as Record<string, unknown>;
  node[last] = value;
}

export function assetTable(assets: Map<string, Buffer>): Map<string, OutputAsset> {
  const table = new Map<string, OutputAsset>();
  for (const [name, bytes] of assets) {
    const output = hashedName(name, bytes);
    const size = imageSize(bytes, name);
    table.set(name, { output, url: `/${output}`, bytes, ...(size ? { src: `/${output}`, ...size } : {}) });
  }
  return table;
}

/** A Markdown entry's body is the rest of its file, line for line (a JSON text field is one line of its file). */
export function isWholeFileText(source: SourceFile): boolean {
  return source.entry !== undefined;
}

/** An issue about line `line` of a Markdown text: in a Markdown entry, moved to that line of the file. */
export function atLineOfText(issue: Issue, source: SourceFile, line: number | undefined): Issue {
  return line && line > 1 && isWholeFileText(source) ? { ...issue, line: issue.line + line - 1, column: 1 } : issue;
}

/** The content's annotations, those inside sections parked with "hidden": true marked `hidden` (checked, but shown nowhere). */
export function markHidden(content: Pick<ValidatedContent, "files" | "annotations">): Annotation[] {
  const parked = new Map(content.files.map((f) => [f.file, hiddenSections(f)]));
  return content.annotations.map((a) => (parked.get(a.file)?.some((p) => a.pointer === p || a.pointer.startsWith(`${p}/`)) ? { ...a, hidden: true } : a));
}

/** Photos processed by the build (stages/media/images.ts), by content path, and the CSS classes they use. */
export interface PhotoSet {
  photos: Map<string, Photo>;
  styles: PhotoStyles;
}

/** What a photo field becomes: its copies for <picture>, its placeholder colour and focal point (`focus`, beside `src` in the image object). */
function photoAsset(photo: Photo, styles: PhotoStyles, focus: unknown): Asset {
  const srcset = (format: string) =>
    photo.variants
      .filter((v) => v.format === format)
      .reverse()
      .map((v) => `/${v.output} ${v.width}w`)
      .join(", ");
  const widest = photo.variants.find((v) => v.format === photo.fallback)!;
  const point = typeof focus === "string" ? focusPoint(focus) : undefined;
  const classes = [photo.info.opaque ? styles.colour(photo.info.colour) : undefined, point ? styles.focus(point) : undefined].filter(Boolean);
  return {
    src: `/${widest.output}`,
    width: widest.width,
    height: widest.height,
    srcset: srcset(photo.fallback),
    sources: [...new Set(photo.variants.map((v) => v.format))].filter((f) => f !== photo.fallback).map((f) => ({ type: MIME[f], srcset: srcset(f) })),
    ...(classes.length ? { className: classes.join(" ") } : {}),
    file: photo.name,
  };
}

function getAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const p of pointer.split("/").slice(1).map(unescapePointerToken)) node = (node as Record<string, unknown> | undefined)?.[p];
  return node;
}

/**
 * `marked`: the content's annotations with those of hidden sections marked (markHidden), when the
 * caller has them already; `assets`: the asset table of content.assets (assetTable), likewise.
 */
export function resolve(content: ValidatedContent, photoSet?: PhotoSet, marked = markHidden(content), assets = assetTable(content.assets)): ResolvedContent {
  const issues: Issue[] = [];
  const sources = new Map(content.files.map((f) => [f.file, f]));
  const links: Annotation[] = [];
  const at = (a: Annotation, p: Problem) => issueAt(sources.get(a.file)!, a.pointer, p);
  const atTextLine = (a: Annotation, line: number, p: Problem) =>
    atLineOfText(at(a, line > 1 && !isWholeFileText(sources.get(a.file)!) ? { ...p, message: `${p.message} (line ${line} of the text)` } : p), sources.get(a.file)!, line);

  // Sections parked with "hidden": true: what is in them is checked, but shown nowhere.
  const annotations = marked;
  const byFile = new Map<string, Annotation[]>();
  for (const a of annotations) byFile.set(a.file, [...(byFile.get(a.file) ?? []), a]);

  const files: ResolvedFile[] = content.files
    .filter((f) => byFile.has(f.file) || typeof f.data === "object")
    .map((f) => ({ file: f.file, kind: f.kind, name: f.name, data: structuredClone(f.data) as Record<string, unknown>, ...(f.entry ? { entry: f.entry } : {}) }));

  // Fields first (collections included), then references, so that a referenced record arrives resolved.
  for (const f of files) {
    for (const a of byFile.get(f.file) ?? []) {
      if (a.kind === "link") links.push(a);
      else if (a.kind === "markdown") {
        const md = parseMarkdown(a.value, a.arg === "inline" ? "inline" : "block");
        for (const { line, ...p } of md.problems) issues.push(atTextLine(a, line, p));
        md.links.forEach((url, i) => links.push({ ...a, kind: "link", value: url, line: md.linkLines[i] }));
        setAt(f.data, a.pointer, md.value);
      } else if (a.kind === "asset") {
        const asset = assets.get(a.value);
        if (!asset) continue; // reported by validate
        if (asset.width === undefined || asset.height === undefined) {
          issues.push(at(a, problem("unreadable-image-size", { image: a.value })));
          continue;
        }
        const photo = photoSet?.photos.get(a.value);
        const parent = a.pointer.slice(0, a.pointer.lastIndexOf("/"));
        setAt(f.data, a.pointer, photo && !a.hidden ? photoAsset(photo, photoSet!.styles, (getAt(f.data, parent) as { focus?: unknown } | undefined)?.focus) : ({ src: asset.url, width: asset.width, height: asset.height } satisfies Asset));
      }
    }
  }
  const records = new Map<string, Map<string, unknown>>();
  for (const f of files) {
    if (f.kind !== "collection") continue;
    const items = (f.data["items"] ?? []) as { id: string }[];
    records.set(f.name, new Map(items.map((r) => [r.id, r])));
  }
  // Markdown entries are records too (of their kind's collection), each with its id and its page's address.
  for (const f of files) {
    if (!f.entry) continue;
    Object.assign(f.data, { id: f.name, href: f.entry.route });
    (records.get(f.entry.collection) ?? records.set(f.entry.collection, new Map()).get(f.entry.collection)!).set(f.name, f.data);
  }
  for (const f of files) {
    for (const a of byFile.get(f.file) ?? []) {
      if (a.kind !== "ref") continue;
      const record = records.get(a.arg!)?.get(a.value);
      if (record) setAt(f.data, a.pointer, record);
    }
  }
  const lists = new Map<string, unknown[]>();
  for (const [name, byId] of records) {
    const kind = files.some((f) => f.entry?.collection === name) && !files.some((f) => f.kind === "collection" && f.name === name);
    lists.set(name, kind ? [...byId.keys()].sort().map((id) => byId.get(id)) : [...byId.values()]);
  }
  return { files, assets, links, annotations: annotations.filter((a) => !a.hidden), issues, sources, lists };
}

/** The pointers of a page's sections marked "hidden": true. */
function hiddenSections(f: SourceFile): string[] {
  const sections = f.kind === "page" ? (f.data as { sections?: unknown } | null)?.sections : undefined;
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((s, i) => ((s as { hidden?: unknown } | null)?.hidden === true ? [`/sections/${i}`] : []));
}
