/**
 * The build's photo stage (the pixels are images.ts's): which originals in
 * content/assets/ pages show (fields marked x-asset outside hidden sections), what
 * each becomes (sizes, colour, copies: from the project's generated files when the
 * original is unchanged), and the encoding of the copies, which runs while the pages render and is
 * awaited before writing. Originals that only a hidden section or nothing uses are not
 * published; those a template names (templates/site.ts templateAssets) are, as they are.
 */
import type { GeneratedFiles } from "../../../lib/generated.ts";
import type { Annotation, ValidatedContent, SourceFile } from "../../model.ts";
import type { ResolvedContent } from "../resolve/resolve.ts";
import { problem } from "../../../problems/errors.ts";
import { issueAt, type Issue } from "../../../problems/issues.ts";
import { engine, limited, PHOTO, PhotoCache, PhotoStyles, planPhoto, sourceHash, type FileRef, type Photo } from "./images.ts";

export interface PhotoJob {
  photos: Map<string, Photo>;
  styles: PhotoStyles;
  /** Damaged originals, located at the fields that show them. */
  issues: Issue[];
  /** The copies' paths in dist/, known before they are encoded. */
  outputs: Set<string>;
  /** Whether a file of content/assets/ is copied into dist/ as it is (everything but photos, and photos a template names). */
  publishedAsIs(name: string): boolean;
  /** The copies, by path in dist/ (bytes, or a generated file to copy). */
  encoded: Promise<{ files: Map<string, Buffer | FileRef>; issues: Issue[] }>;
}

export async function processPhotos(
  content: Pick<ValidatedContent, "files" | "assets">,
  annotations: Annotation[],
  templateAssets: readonly string[],
  warm: { photoHashes?: Map<string, { bytes: Buffer; hash: string }> } | undefined,
  store: GeneratedFiles | undefined,
): Promise<PhotoJob> {
  const shown = annotations.filter((a) => a.kind === "asset" && !a.hidden && PHOTO.test(a.value) && content.assets.has(a.value));
  const names = [...new Set(shown.map((a) => a.value))].sort();
  const sources = new Map<string, SourceFile>(content.files.map((f) => [f.file, f]));
  const damaged = (name: string, err: unknown): Issue[] =>
    shown
      .filter((a) => a.value === name)
      .map((a) => issueAt(sources.get(a.file)!, a.pointer, problem("damaged-photo", { image: name, detail: err instanceof Error ? err.message : String(err) })));

  // A long-running process (the dev server) hashes an unchanged original once: comparing bytes is far cheaper.
  const hashes = warm ? (warm.photoHashes ??= new Map()) : undefined;
  const hashOf = (name: string, bytes: Buffer): string => {
    const known = hashes?.get(name);
    if (known && known.bytes.equals(bytes)) return known.hash;
    const hash = sourceHash(bytes);
    hashes?.set(name, { bytes, hash });
    return hash;
  };

  const cache = new PhotoCache(store);
  const issues: Issue[] = [];
  const photos = new Map<string, Photo>();
  const encoder = names.length ? await engine() : "";
  const planned = await limited(
    names.map((name) => async () => {
      const bytes = content.assets.get(name)!;
      const source = hashOf(name, bytes);
      try {
        return { name, bytes, photo: planPhoto(name, await cache.info(bytes, source), source, encoder) };
      } catch (err) {
        issues.push(...damaged(name, err));
        return undefined;
      }
    }),
  );
  for (const p of planned) if (p) photos.set(p.name, p.photo);

  const encoded = (async () => {
    const files = new Map<string, Buffer | FileRef>();
    const failed: Issue[] = [];
    await limited(
      planned.map((p) => async () => {
        if (!p) return;
        try {
          for (const [out, data] of await cache.variants(p.bytes, p.photo)) files.set(out, data);
        } catch (err) {
          failed.push(...damaged(p.name, err));
        }
      }),
    );
    return { files, issues: failed };
  })();

  return {
    photos,
    styles: new PhotoStyles(),
    issues,
    outputs: new Set([...photos.values()].flatMap((p) => p.variants.map((v) => v.output))),
    publishedAsIs: (name) => !PHOTO.test(name) || templateAssets.includes(name),
    encoded,
  };
}

/**
 * A photo narrower than its slot is ever shown (soft-photo, a warning): the browser
 * stretches it, and it looks blurred. `slots`: each page's address with the photos it
 * drew and their slots' widest (stages/render/render.tsx). Located at the fields that show it.
 */
export function softPhotoIssues(job: Pick<PhotoJob, "photos">, content: Pick<ResolvedContent, "annotations" | "sources">, slots: [path: string, slots: [file: string, width: number][]][]): Issue[] {
  const worst = new Map<string, { slot: number; pages: Set<string> }>();
  for (const [page, drawn] of slots)
    for (const [file, slot] of drawn) {
      const photo = job.photos.get(file);
      if (!photo || photo.info.width >= slot) continue;
      const w = worst.get(file) ?? worst.set(file, { slot, pages: new Set() }).get(file)!;
      w.slot = Math.max(w.slot, slot);
      w.pages.add(page);
    }
  const issues: Issue[] = [];
  for (const [file, { slot, pages }] of [...worst].sort(([a], [b]) => a.localeCompare(b)))
    for (const a of content.annotations)
      if (a.kind === "asset" && a.value === file)
        issues.push(issueAt(content.sources.get(a.file)!, a.pointer, problem("soft-photo", { image: file, width: job.photos.get(file)!.info.width, slot, pages: [...pages].sort() })));
  return issues;
}
