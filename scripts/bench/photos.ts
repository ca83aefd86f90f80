/**
 * Section 7, photos: a copy of the project's content/ and schemas/ (its templates where
 * they are, as the scale section does) plus PHOTO_COUNT generated photos
 * (scripts/lib/synthetic-photos.ts makePhoto: PHOTO.width × PHOTO.height JPEGs of about
 * 1 MB, like an exported photo, seeds 1..N; made before anything is timed) in
 * content/assets/, each behind the hero of a page of its own (photoPageFiles; every page
 * links to the next, so none is unlinked). Each build is `node --import tsx
 * scripts/build.ts` with SSG_PROJECT_ROOT at the copy and SSG_CACHE_DIR at a folder of
 * its own, a fresh process under /usr/bin/time (scale.ts timed()): wall time, CPU time
 * (user + system, all threads) and peak RSS.
 *  - cold: an empty cache folder, every copy encoded (PHOTO_COLD_RUNS, --photos-runs=N);
 *  - warm: the same build again with that cache, PHOTO_WARM_RUNS times; the cache folder is
 *    listed (size and mtime of every file) before and after each run: a copy encoded
 *    again, or a photo read again, adds or rewrites a file there;
 *  - one image at a time: a cold build with UV_THREADPOOL_SIZE=1 (libuv's pool, where
 *    sharp works, has one thread); libvips has ENCODER_THREADS per image in every build
 *    (images.ts), so this is the build on one thread;
 *  - same bytes: the sha256 of every file of dist/ after the first cold build against
 *    every warm build and the one-thread build;
 *  - bytes: the originals against their copies in dist/ by format, and the hero a phone
 *    fetches on each photo page (budgets.ts upFrontImages on its phone screen, 390 px at
 *    DPR 2: the AVIF source's slot from `sizes`, the narrowest copy sharp enough).
 * Everything is in a temporary folder, removed afterwards.
 */
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SCREENS, upFrontImages } from "../lib/budgets.ts";
import { listFiles } from "../lib/fs.ts";
import { htmlElements } from "../lib/html-scan.ts";
import { rel, ROOT } from "../lib/paths.ts";
import { median, spread, type Spread } from "../lib/sizes.ts";
import { makePhoto } from "../lib/synthetic-photos.ts";
import { ENCODER_THREADS, limited } from "../pipeline/stages/media/images.ts";
import { timed, type TimedRun } from "./scale.ts";
import { paths } from "./shared.ts";

export const PHOTO_COUNT = 200;
export const PHOTO_COLD_RUNS = 1;
export const PHOTO_WARM_RUNS = 3;
/** Each original: an exported photo's size; noise 8 at quality 90 gives about 1 MB. */
export const PHOTO = { width: 2400, height: 1600, noise: 8, quality: 90 } as const;
/** The phone whose fetch is counted: the budgets' (390 CSS px at 2 device pixels per CSS pixel). */
const PHONE = SCREENS.find((s) => s.name === "phone")!;
/** Where the pages go: content/pages/<PAGE_DIR>/, at /<PAGE_DIR>/photo-0001 … */
export const PAGE_DIR = "bench-photos";

const number = (i: number) => String(i + 1).padStart(4, "0");
/** Photo i (0-based) as content names it. */
export const photoAsset = (i: number) => `assets/bench-photo-${number(i)}.jpg`;
/** The address of photo i's page. */
export const photoPagePath = (i: number) => `/${PAGE_DIR}/photo-${number(i)}`;

/**
 * The pages that show n photos, by path in the project ("content/pages/bench-photos/photo-0001.json"):
 * each a hero with its photo as a decorative background, a heading, a line of text and a
 * button to the next page (the last to the first). Titles and descriptions are each page's own.
 */
export function photoPageFiles(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const page = {
      $schema: "../../../schemas/page.schema.json",
      title: `Bench photo ${i + 1} of ${n}`,
      description: `Photo ${i + 1} of ${n} generated for the bench: a ${PHOTO.width} × ${PHOTO.height} JPEG behind this page's hero, published for every screen.`,
      sections: [
        {
          type: "hero",
          heading: `Bench photo ${i + 1}`,
          text: "A generated photo, resized and re-encoded by the build for every screen.",
          images: [{ src: photoAsset(i), decorative: true }],
          actions: [{ label: "Next photo", href: photoPagePath((i + 1) % n) }],
        },
      ],
    };
    files[`content/pages/${PAGE_DIR}/photo-${number(i)}.json`] = JSON.stringify(page, null, 2) + "\n";
  }
  return files;
}

/** The project copy at `root` with n photos and their pages; returns the originals' total bytes. */
async function writePhotoProject(root: string, n: number): Promise<number> {
  cpSync(paths.content, path.join(root, "content"), { recursive: true });
  cpSync(paths.schemas, path.join(root, "schemas"), { recursive: true });
  for (const [file, text] of Object.entries(photoPageFiles(n))) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const sizes = await limited(
    Array.from({ length: n }, (_, i) => async () => {
      const bytes = await makePhoto(PHOTO.width, PHOTO.height, { seed: i + 1, noise: PHOTO.noise, quality: PHOTO.quality });
      writeFileSync(path.join(root, "content", photoAsset(i)), bytes);
      return bytes.length;
    }),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** sha256 of every file below dir, by path relative to it. */
async function fileHashes(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of await listFiles(dir)) out.set(rel(dir, file), createHash("sha256").update(await readFile(file)).digest("hex"));
  return out;
}

/** Files of one listing that are missing from the other or differ (at most `max` named). */
export function differences(a: Map<string, string>, b: Map<string, string>, max = 5): string[] {
  const out: string[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) if (a.get(k) !== b.get(k)) out.push(k);
  return out.sort().slice(0, max);
}

/** Size and modification time of every file below dir: a file written again changes its mtime. */
async function listing(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of await listFiles(dir)) {
    const s = await stat(file);
    out.set(rel(dir, file), `${s.size} ${s.mtimeMs}`);
  }
  return out;
}

export interface PhotoBuilds {
  runs: TimedRun[];
  wallMs: Spread;
  cpuMs: Spread | undefined;
  maxRssKiB: Spread | undefined;
}

function builds(runs: TimedRun[]): PhotoBuilds {
  const cpu = runs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]));
  const rss = runs.flatMap((r) => (r.maxRssKiB === undefined ? [] : [r.maxRssKiB]));
  return { runs, wallMs: spread(runs.map((r) => r.wallMs)), cpuMs: cpu.length ? spread(cpu) : undefined, maxRssKiB: rss.length ? spread(rss) : undefined };
}

interface FormatBytes {
  files: number;
  bytes: number;
}

export interface PhotosResult {
  photos: number;
  photo: typeof PHOTO;
  pages: number;
  /** Making the photos and pages (not part of any build). */
  setupMs: number;
  command: string;
  cold: PhotoBuilds;
  warm: PhotoBuilds & {
    /** Files in the cache folder, and how many a warm build added, rewrote or removed (all runs). */
    cacheFiles: number;
    cacheChanges: { added: number; changed: number; removed: number };
  };
  oneThread: PhotoBuilds & { env: string };
  /** libvips threads per image (images.ts ENCODER_THREADS), images encoded at once (its limited(): the cores), UV_THREADPOOL_SIZE as the other builds had it. */
  threads: { perImage: number; imagesAtOnce: number; uvThreadpool: string };
  sameBytes: { files: number; identical: boolean; warmIdentical: boolean; oneThreadIdentical: boolean; differing: string[] };
  bytes: {
    originals: FormatBytes;
    copies: Record<"avif" | "webp" | "jpeg", FormatBytes>;
    /** The hero a phone fetches on each photo page: which copies ("960 w avif"), their median bytes, over how many pages. */
    phone: { width: number; dpr: number; picked: string[]; medianBytes: number | undefined; pages: number };
  };
}

const COPY = /^assets\/bench-photo-\d+-(\d+)-[a-z0-9]+\.(avif|webp|jpg)$/;

/** Bytes of the photos' copies in dist/ by format, and the hero a phone fetches on each photo page. */
async function copyBytes(dist: string, n: number): Promise<Pick<PhotosResult["bytes"], "copies" | "phone">> {
  const copies: PhotosResult["bytes"]["copies"] = { avif: { files: 0, bytes: 0 }, webp: { files: 0, bytes: 0 }, jpeg: { files: 0, bytes: 0 } };
  for (const file of await listFiles(path.join(dist, "assets"))) {
    const m = COPY.exec(rel(dist, file));
    if (!m) continue;
    const c = copies[m[2] === "jpg" ? "jpeg" : (m[2] as "avif" | "webp")];
    c.files++;
    c.bytes += (await stat(file)).size;
  }
  const routes = JSON.parse(readFileSync(path.join(dist, "routes.json"), "utf8")) as { path: string; output: string; alias?: boolean }[];
  const read = (sitePath: string) => {
    try {
      return readFileSync(path.join(dist, sitePath));
    } catch {
      return undefined;
    }
  };
  const fetched: number[] = [];
  const picked = new Set<string>();
  for (let i = 0; i < n; i++) {
    const row = routes.find((r) => r.path === photoPagePath(i) && !r.alias);
    if (!row) continue;
    const main = upFrontImages(htmlElements(readFileSync(path.join(dist, row.output), "utf8")), row.path, read, PHONE).main;
    if (!main) continue;
    const m = COPY.exec(main.path.slice(1));
    picked.add(m ? `${m[1]} w ${m[2]}` : main.path);
    fetched.push(main.bytes);
  }
  return { copies, phone: { width: PHONE.width, dpr: PHONE.dpr, picked: [...picked].sort(), medianBytes: fetched.length ? median(fetched) : undefined, pages: fetched.length } };
}

/** The photo builds with n photos (PHOTO_COUNT unless given) and `coldRuns` cold builds. */
export async function photos(n = PHOTO_COUNT, coldRuns = PHOTO_COLD_RUNS): Promise<PhotosResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-photos-"));
  try {
    const root = path.join(tmp, "site");
    const dist = path.join(root, "dist");
    const cache = path.join(tmp, "cache");
    const started = performance.now();
    const originalBytes = await writePhotoProject(root, n);
    const setupMs = Math.round(performance.now() - started);
    // From scratch each time (--full): the photo cache is what this section measures, not the pages' memo.
    const build = [process.execPath, "--import", "tsx", "scripts/build.ts", "--full"];
    const env = { ...process.env, SSG_PROJECT_ROOT: root, SSG_CACHE_DIR: cache };
    let pages = 0;

    const cold: TimedRun[] = [];
    let reference: Map<string, string> | undefined;
    let bytes: Awaited<ReturnType<typeof copyBytes>> | undefined;
    for (let i = 0; i < coldRuns; i++) {
      await rm(cache, { recursive: true, force: true });
      const r = await timed(build, env, ROOT, dist);
      cold.push({ wallMs: r.wallMs, maxRssKiB: r.maxRssKiB, cpuMs: r.cpuMs });
      pages = Number(/Built (\d+) page/.exec(r.stdout)?.[1] ?? 0);
      if (!reference) {
        reference = await fileHashes(dist);
        bytes = await copyBytes(dist, n);
      }
    }

    const warm: TimedRun[] = [];
    const changes = { added: 0, changed: 0, removed: 0 };
    let warmDiffering: string[] = [];
    let cacheFiles = 0;
    for (let i = 0; i < PHOTO_WARM_RUNS; i++) {
      const before = await listing(cache);
      const r = await timed(build, env, ROOT, dist);
      warm.push({ wallMs: r.wallMs, maxRssKiB: r.maxRssKiB, cpuMs: r.cpuMs });
      const after = await listing(cache);
      for (const [k, v] of after) if (!before.has(k)) changes.added++;
      else if (before.get(k) !== v) changes.changed++;
      for (const k of before.keys()) if (!after.has(k)) changes.removed++;
      cacheFiles = after.size;
      warmDiffering = warmDiffering.length ? warmDiffering : differences(reference!, await fileHashes(dist));
    }

    const oneThreadEnv = { UV_THREADPOOL_SIZE: "1" };
    const single = await timed(build, { ...env, ...oneThreadEnv, SSG_CACHE_DIR: path.join(tmp, "cache-one-thread") }, ROOT, dist);
    const oneThreadDiffering = differences(reference!, await fileHashes(dist));

    return {
      photos: n,
      photo: PHOTO,
      pages,
      setupMs,
      command: `SSG_PROJECT_ROOT=<tmp> SSG_CACHE_DIR=<tmp>/cache ${build.slice(1).join(" ")}`,
      cold: builds(cold),
      warm: { ...builds(warm), cacheFiles, cacheChanges: changes },
      oneThread: { ...builds([{ wallMs: single.wallMs, maxRssKiB: single.maxRssKiB, cpuMs: single.cpuMs }]), env: Object.entries(oneThreadEnv).map(([k, v]) => `${k}=${v}`).join(" ") },
      threads: { perImage: ENCODER_THREADS, imagesAtOnce: Math.max(1, os.availableParallelism()), uvThreadpool: process.env["UV_THREADPOOL_SIZE"] ?? "unset (libuv's default, 4)" },
      sameBytes: {
        files: reference!.size,
        identical: !warmDiffering.length && !oneThreadDiffering.length,
        warmIdentical: !warmDiffering.length,
        oneThreadIdentical: !oneThreadDiffering.length,
        differing: [...new Set([...warmDiffering, ...oneThreadDiffering])],
      },
      bytes: { originals: { files: n, bytes: originalBytes }, ...bytes! },
    };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
