/**
 * The build model: the data the pipeline's stages hand on to each other, in one place. Each
 * stage (stages/<name>/, and memo/) takes these and gives these; none
 * defines what another consumes, so a stage's module can be read alone and no two stages
 * import each other in a circle (tests/unit/boundary.test.ts). Types only: nothing here runs.
 */
import type { MarkdownKind } from "../api.ts";
import type { FrontMatterFile } from "../lib/front-matter.ts";
import type { Located, ParsedJson } from "../lib/json.ts";
import type { Problem } from "../problems/errors.ts";
import type { Issue } from "../problems/issues.ts";
import type { BlockMarkdown, InlineMarkdown } from "../runtime/model.ts";

// ---------------------------------------------------------------- The build cache (cache.ts): one interface, handed to the stages that keep work between builds

/**
 * What a computation kept in the build cache read, recorded as it reads: each file by its
 * absolute path and the hash of its bytes, each folder by the names in it. The entry is used
 * again only while all of them are as they were, so an input cannot be left out of its key.
 */
export interface Reads {
  /** Reads a file, and records it. */
  file(abs: string): Buffer;
  /** Records files another program read (a bundler's inputs, the files a scanner read), as they are now. */
  saw(abs: Iterable<string>): void;
  /** Lists the files under a folder, at any depth (absolute paths, sorted), and records the list. */
  tree(abs: string): string[];
}

/** How a kept value is stored as JSON and read back. */
export interface Codec<T> {
  encode(value: T): unknown;
  decode(stored: unknown): T;
}

export interface BuildCache {
  /**
   * The value `make` computes, kept between builds under `name` and `args` (hashed with the
   * generator's own code: its source, its packages' lockfile, Node's version), and used again
   * while every file and folder it read through `reads` is as it was then.
   */
  remember<T>(name: string, args: unknown, make: (reads: Reads) => Promise<T>, codec: Codec<T>): Promise<T>;
}

// ---------------------------------------------------------------- Load (stages/load/load.ts): content files as read

/** "site", "page", "collection", or the name of a Markdown kind the site declares ("guide"). */
export type FileKind = string;

/** What the generator needs to know of a Markdown kind's file (plain data: it travels to worker threads). */
export interface EntryInfo {
  /** The entry's page address. */
  route: string;
  /** The collection its record is in. */
  collection: string;
  /** The schema of its front matter. */
  schema: string;
  rules: NonNullable<MarkdownKind["rules"]>;
}

export interface SourceFile {
  /** Relative to the project root, e.g. content/pages/index.json. */
  file: string;
  kind: FileKind;
  /** For pages: the path inside content/pages without .json (e.g. "solutions/owners"); for collections: the name; for Markdown entries: the file name without .md. */
  name: string;
  /** For a Markdown entry: its kind's settings. */
  entry?: EntryInfo;
  data: unknown;
  positions: Map<string, Located>;
}

export interface LoadedContent {
  files: SourceFile[];
  /** content/assets files by their content path ("assets/hero.svg"). */
  assets: Map<string, Buffer>;
  issues: Issue[];
}

export type Kinds = readonly Omit<MarkdownKind, "component">[];

// ---------------------------------------------------------------- Validate (stages/validate/validate.ts): what the schemas mark for the later stages

export type AnnotationKind = "link" | "asset" | "markdown" | "ref";

/** A field that a later stage acts on, noted during validation. */
export interface Annotation {
  kind: AnnotationKind;
  file: string;
  pointer: string;
  value: string;
  /** markdown: "inline" | "block"; ref: the collection name; link: "page" for a record's own page (x-page). */
  arg?: string;
  /** For a link found in Markdown: the line of the text it is on. */
  line?: number;
  /** In a section parked with "hidden": true (stages/resolve/resolve.ts): checked, but not shown, so it counts as no use of what it names. */
  hidden?: boolean;
}

export interface ValidatedContent {
  files: SourceFile[];
  assets: Map<string, Buffer>;
  annotations: Annotation[];
  issues: Issue[];
}

// ---------------------------------------------------------------- What a build learns of one content file from its text (memo/file-memo.ts)

/** An annotation without its file's path, and without its value when that is the text at its pointer (a guide's body is not kept twice). */
export type KeptAnnotation = Omit<Annotation, "file" | "value"> & { value?: string };

export interface FileFacts {
  /** A Markdown entry's front matter; `bodyless` as stored, its body being the rest of the text (stages/load/load.ts takes it from there). */
  frontMatter?: FrontMatterFile & { bodyless?: true };
  validation?: { issues: Issue[]; annotations: KeptAnnotation[] };
  /** The code points of its strings (font.ts contentCharacters). */
  chars?: number[];
  /** A JSON file's value and positions, frozen (kept in memory only: stored-memo.ts leaves it out). */
  json?: ParsedJson;
}

export interface FileMemo {
  /** The last build's facts, by file key. */
  previous: ReadonlyMap<string, FileFacts> | undefined;
  /** This build's, by file key (for the next). */
  used: Map<string, FileFacts>;
}

// ---------------------------------------------------------------- Markdown (stages/resolve/markdown.ts)

/** A problem of the text (errors.ts), with its line. */
export interface MarkdownProblem extends Problem {
  /** 1-based line inside the Markdown text. */
  line: number;
}

export interface MarkdownResult {
  value: InlineMarkdown | BlockMarkdown;
  links: string[];
  /** The line of the text each link is on (same order as links). */
  linkLines: number[];
  problems: MarkdownProblem[];
}

// ---------------------------------------------------------------- Check (stages/check/check.ts): what the rendered markup was read for, and what the headers need of it (stages/headers/headers.ts)

/** What the policy needs from one page or piece of one (read by the check stage, check.ts). */
export interface PageScan {
  inlineStyles: string[];
  /** Executable inline scripts (not JSON data blocks). */
  inlineScripts: string[];
  /** Attributes the policy blocks or that run script: onclick=…, style=…, href="javascript:…". */
  blocked: string[];
  dataImages: boolean;
}

/** What the check stage found in one piece of markup. */
export interface PieceRead {
  /** Internal href and src values, in document order. */
  refs: string[];
  /** The id attributes, the targets of #fragments. */
  ids: string[];
  /** How many <h1> elements. */
  h1: number;
  scan: PageScan;
}

/**
 * What the check stage read in the rendered pages: each page's own pieces (in the
 * order of `pages`) and each shared part, by key. A piece that recurs (an alias page
 * renders as its target does) is read once.
 */
export interface RenderedReads {
  ownReads: PieceRead[][];
  parts: Map<string, PieceRead>;
  pages: { keys: string[] }[];
}

// ---------------------------------------------------------------- Write (stages/write/write.ts): output files, and the versions of dist/ a memo describes (memo/memo.ts)

/** What goes into a file of dist/: text, bytes, or a file to copy as it is (a photo's copy in the build cache). */
export type OutputData = string | Uint8Array | { copyFrom: string };

/**
 * A version of the site (lib/swap.ts) as the last build left it: its folder, the folder's inode
 * and modification time (set by each update, so another builder's is noticed), and each file's
 * signature.
 */
export interface OutputState {
  folder: string;
  ino: number;
  mtimeMs: number;
  files: Map<string, string>;
  /** The files the build that left dist/ so wrote or deleted, ["*"] for all of them (a new folder). */
  changes?: string[];
}

/** What the checks need of a page that dist/ already holds and that is not rendered again (a build from the stored memo). */
export interface KeptPage {
  /** Its shared parts, in order. */
  keys: string[];
  photoSlots: [file: string, width: number][];
  /** Its own pieces as the check stage read them. */
  reads: PieceRead[];
}
