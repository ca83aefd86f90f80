/**
 * One build as the stage list (index.ts) runs it: what it was asked for, the work started
 * before any stage, and what each stage adds, in the order of the list. A stage reads what
 * the stages before it added and adds its own; the types of the data itself are in
 * model.ts and the modules that make it. Types only: nothing here runs.
 */
import type { SiteModule } from "../api.ts";
import type { ProjectPaths } from "../lib/paths.ts";
import type { GeneratedFiles } from "../lib/generated.ts";
import type { Issue } from "../problems/issues.ts";
import type { CacheMemory } from "./cache.ts";
import type { createValidator } from "./stages/validate/validate.ts";
import type { ResolvedContent } from "./stages/resolve/resolve.ts";
import type { Route } from "./stages/routes/routes.ts";
import type { FragmentCache, RenderedPage, RenderInput, SectionComponent } from "./stages/render/render.tsx";
import type { OutputFolder } from "./stages/write/write.ts";
import type { Annotation, BuildCache, FileFacts, FileMemo, KeptPage, LoadedContent, OutputData, RenderedReads, ValidatedContent } from "./model.ts";
import type { BrandFont } from "./stages/media/font.ts";
import type { IslandBundle } from "./stages/render/islands.ts";
import type { RenderMemo } from "./memo/memo.ts";
import type { PhotoJob } from "./stages/media/photos.ts";
import type { WorkerPool } from "./stages/render/pool.ts";
import type { SchemaSet } from "./stages/validate/schemas.ts";
import type { SeoOutput, SiteImages } from "./stages/render/seo.ts";
import type { ImageKit } from "./stages/media/share-images.ts";

export interface BuildOptions {
  mode: "check" | "build";
  /** Write to paths.dist (default true for a build). */
  write?: boolean;
  /**
   * Addresses still on names reserved for examples (placeholders.ts) are errors, not
   * warnings: the build stops before writing anything (`npm run build -- --strict`).
   */
  strict?: boolean;
  /**
   * Work kept between builds by a long-running process (the dev server's builder):
   * schemas and their compiled validator, the browser bundles and the stylesheet, the
   * section components. Only valid while schemas/ and templates/ stay as they were.
   */
  warm?: WarmCache;
  /**
   * Unsaved drafts by project-relative path ("content/pages/index.json"): read instead of
   * the files on disk, and added when there is no such file (the Studio's preview); null:
   * the file as if deleted (the Studio's check of a delete or a discard before it is done).
   */
  drafts?: ReadonlyMap<string, string | null>;
  /**
   * Render only some pages: those at these addresses (the Studio's preview of one page) or
   * those made from these content files, project-relative (the dev server's first answer to
   * a save). Every check on content still runs on the whole site, and those pages' rendered
   * markup is checked; the checks that need every page rendered (anchors), the headers, the
   * sitemap and the share images are left out. Use with write: false. The pages are the
   * bytes a whole build writes: the same stages run, on the same inputs
   * (tests/unit/oracle.test.ts).
   */
  only?: { addresses?: readonly string[]; files?: readonly string[] };
  /** Mark each section for the Studio's preview (stages/render/render.tsx markSections). */
  preview?: boolean;
  /**
   * `npm run build`: "auto" uses the memo a build of this project stored in the build cache
   * (memo/stored-memo.ts) when it is still valid, rendering and writing only what changed;
   * "full" builds from scratch. Both store a new memo once dist/ is written.
   */
  incremental?: "auto" | "full";
}

export interface BuildResult {
  ok: boolean;
  /** The files of dist/ the build wrote or deleted (with a memo, only those that changed), ["*"] for a new dist/. */
  written?: string[];
  issues: Issue[];
  routes: Route[];
  /** Output path inside dist/ -> content (only for a build); photos' copies may be generated files to copy. */
  files: Map<string, OutputData>;
  timings: Record<string, number>;
  /** A check's: the content files each page is made from, by the page's file (seo.ts pageSources), when it got as far as resolving content. */
  sources?: Map<string, string[]>;
  /** The project's generated files (lib/generated.ts), with those this build used: `npm run build` removes the others. */
  generated?: GeneratedFiles;
}

export interface WarmCache {
  schemas?: Promise<SchemaSet>;
  validator?: ReturnType<typeof createValidator>;
  assets?: Promise<[IslandBundle, string]>;
  sections?: Promise<Map<string, SectionComponent>>;
  imageKit?: Promise<ImageKit>;
  /** What the build cache found or made, kept in memory for the next build (cache.ts). */
  cacheMemory?: CacheMemory;
  /** The templates' texts (font.ts templateTexts). */
  templateTexts?: Promise<readonly string[]>;
  /** Rendered pages, shared parts, reads and what dist/ holds, by the hash of their inputs (memo/memo.ts). */
  memo?: RenderMemo;
  /** What the last build learnt of each content file's text, by its key (memo/file-memo.ts; the stages only read it). */
  files?: Map<string, FileFacts>;
  /** Photos' hashes, by content path (stages/media/photos.ts), checked against the bytes on each build. */
  photoHashes?: Map<string, { bytes: Buffer; hash: string }>;
}

/** A memo an earlier `npm run build` stored (memo/stored-memo.ts). */
export type StoredMemo = RenderMemo & { files: Map<string, FileFacts> };

/** Work that needs nothing of the content, started with the build (index.ts) and awaited by the stage that uses it. */
export interface Jobs {
  /** templates/site.ts: the document shell and the site's extensions. */
  siteModule: Promise<SiteModule<unknown>>;
  schemas: Promise<SchemaSet>;
  /** A build, not a check: */
  assets?: Promise<[IslandBundle, string]>;
  imageKit?: Promise<ImageKit>;
  sections?: Promise<Map<string, SectionComponent>>;
  templateTexts?: Promise<readonly string[]>;
  /** Each content file's date for the sitemap (a whole build). */
  dates?: Promise<(file: string) => Promise<string>>;
  /** `npm run build`, which stores its memo: the code's key, and the memo stored last time ("auto"). */
  code?: Promise<string>;
  stored?: Promise<StoredMemo | undefined>;
}

/**
 * A build: the first block is there from the start; each later field is added by the stage
 * named beside it, and read only by the stages after it.
 */
export interface Build {
  readonly paths: ProjectPaths;
  readonly options: BuildOptions;
  readonly warm: WarmCache | undefined;
  /** Work kept between builds (cache.ts), keyed by what it read. */
  readonly cache: BuildCache;
  /** What the build makes that is the same on every machine and slow to make (photo copies, font, share images, validators): lib/generated.ts. */
  readonly generated: GeneratedFiles | undefined;
  /** Worker threads (a whole build that is not the dev server's). */
  readonly pool: WorkerPool | undefined;
  readonly jobs: Jobs;
  /** What earlier builds learnt of each content file's text (memo/file-memo.ts), with a memo. */
  readonly fileMemo: FileMemo | undefined;
  /** Every issue reported so far. */
  issues: Issue[];

  // load
  schemas: SchemaSet;
  siteModule: SiteModule<unknown>;
  loaded: LoadedContent;
  // validate
  validator: ReturnType<typeof createValidator>;
  validated: ValidatedContent;
  /** Placeholder addresses (placeholders.ts): reported once the content has no other error, or at once with --strict. */
  placeholders: Issue[];
  // media (a build)
  /** Share images and icons, drawn by a worker while the rest runs. */
  images: SiteImages;
  /** The brand font, cut to the characters of content and templates. */
  font: Promise<BrandFont>;
  /** Fields a later stage acts on, with those of sections that are not shown marked (stages/resolve/resolve.ts markHidden). */
  marked: Annotation[];
  photos: PhotoJob | undefined;
  // resolve
  resolved: ResolvedContent;
  // routes
  /** Every route of the site. */
  routes: Route[];
  // render
  /** The routes rendered: all of them, or those options.only asks for. */
  rendered: Route[];
  seo: SeoOutput;
  islands: IslandBundle;
  input: RenderInput;
  /** Output path inside dist/ -> content: the build's files as the stages add them. */
  files: Map<string, OutputData>;
  /** Rendered pages, by output path; pages dist/ holds as they are (a stored memo), not rendered. */
  pages: Map<string, RenderedPage>;
  keptPages: Map<string, KeptPage>;
  /** Each page's render key, by output path (with a memo). */
  pageKeys: Map<string, string>;
  /** The lists (useEntries) the pages of this build read, rendered or kept as dist/ holds them. */
  listsRead: Set<string>;
  fragments: FragmentCache;
  memo: RenderMemo | undefined;
  /** The new version of dist/ being written, when the build writes one whole (stages/write/write.ts). */
  output: OutputFolder | undefined;
  // check
  read: RenderedReads;
  // write
  written: string[];
}

/** A stage stops the build by returning the issues to report (and the routes known by then). */
export interface Stop {
  issues: Issue[];
  routes?: Route[];
}

/** One entry of the stage list (index.ts). */
export interface Stage {
  /** Its name in the timings (`npm run build -- --timings`). */
  name: string;
  /** Whether it runs for this build (all of them when absent). */
  runs?: (build: Build) => boolean;
  run(build: Build): Promise<Stop | void> | Stop | void;
}
