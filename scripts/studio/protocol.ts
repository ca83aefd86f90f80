/**
 * What the Studio's server (scripts/studio/server.ts) and its browser app
 * (scripts/studio/app/) say to each other: one type per request and answer.
 * Plain data, imported by both sides.
 *
 * Every request that changes anything is a POST with the header `x-studio-token`
 * (the per-run token the server writes into the app's page) from the app's own
 * origin (lib/same-origin.ts); anything else gets 403 and writes nothing.
 */
import type { Issue } from "../problems/issues.ts";

/** A content file as the editor thinks of it. `path` is relative to the project root ("content/pages/index.json"). */
export interface StudioFileEntry {
  path: string;
  /** "page" | "collection" | "site" | a Markdown kind ("guide") */
  kind: string;
  /** What the list shows: a page's title, a collection's name, "Site settings", a guide's title. */
  label: string;
  /** A page's or an entry's address ("/pricing"); undefined for records and settings. */
  address?: string;
  /** The schema the file's data follows, as a key of StudioSchemas.schemas. */
  schema: string;
  /**
   * For a file with no page of its own but some page shows (a collection's records): the
   * addresses of those pages, the one made from the fewest files first. The preview goes to
   * the first when the page it shows is not among them.
   */
  shownOn?: string[];
}

export interface StudioAsset {
  /** As content refers to it: "assets/lobby.jpg". */
  name: string;
  /** Where the Studio serves it for thumbnails. */
  url: string;
  bytes: number;
  width?: number;
  height?: number;
}

/** A record of a collection, for record pickers (x-ref). */
export interface StudioRecord {
  id: string;
  label: string;
}

/** GET /api/site: everything the app lists and picks from. */
export interface StudioSite {
  name: string;
  files: StudioFileEntry[];
  /** Every address a link may point at (pages, aliases, entries), sorted. */
  addresses: string[];
  assets: StudioAsset[];
  /** Records by collection name. */
  records: Record<string, StudioRecord[]>;
  /** Whether the project is a git repository (the Changes panel). */
  git: boolean;
}

/** GET /api/schemas: self-contained schemas (no reference leaves the schema), for the forms. */
export interface StudioSchemas {
  schemas: Record<string, object>;
  /** The page sections one can add: type, name, description, and an example to start from. */
  sections: StudioSectionType[];
}

export interface StudioSectionType {
  type: string;
  name: string;
  description: string;
  example: Record<string, unknown>;
}

/** GET /api/file?path=…: a content file as it is on disk. */
export interface StudioFile {
  path: string;
  /** The text, byte for byte. */
  text: string;
  /** The parsed data; a Markdown entry's: its front matter fields and "body" (the Markdown after it). */
  data: unknown;
  /** Content hash of the text: a save names the version it started from. */
  version: string;
}

/**
 * An issue as the build reports it (problems/issues.ts), without the report's
 * grouping; its code is the catalogue's, or "build-crashed" when a preview could not be made.
 */
export type StudioIssue = Pick<Issue, "severity" | "file" | "line" | "column" | "pointer" | "message" | "hint"> & { code: string };

/**
 * POST /api/draft: the unsaved files' data (a Markdown entry's: its front matter fields
 * and "body"), and the address to preview. The server writes each as it would save it
 * (json-edit.ts, md-edit.ts), so the issues' lines are the saved file's.
 */
export interface DraftRequest {
  drafts: Record<string, unknown>;
  address: string;
}

/**
 * The reply to POST /api/draft. Its body is this object as one line of JSON, then a newline,
 * then the page's HTML as the preview serves it, as bytes (when `preview` is set): the preview
 * updates in place from them without asking again, and a long page is neither escaped into
 * JSON by the server nor decoded and encoded again by the app (draftReply() reads it).
 */
export interface DraftReply {
  /** Every issue the build finds in the site with these drafts. */
  issues: StudioIssue[];
  /** Where the preview of this draft is served (undefined when the build stopped on an error). */
  preview?: string;
  ms: number;
  /** A newer draft came while this one waited: it was not built. */
  superseded?: boolean;
}

/** The content type of a draft's reply (DraftReply, a newline, the HTML). */
export const DRAFT_REPLY_TYPE = "application/vnd.studio.draft";

/** Reads a draft's reply body: the reply, and the page's HTML bytes after it (an empty buffer when there is none). */
export function draftReply(body: ArrayBuffer): { reply: DraftReply; html: ArrayBuffer } {
  const bytes = new Uint8Array(body);
  const end = bytes.indexOf(0x0a);
  const json = new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
  return { reply: JSON.parse(json) as DraftReply, html: end < 0 ? new ArrayBuffer(0) : body.slice(end + 1) };
}

/** POST /api/save */
export interface SaveRequest {
  path: string;
  /** The new data (a Markdown entry's: front matter fields and "body"); the server keeps the file's formatting (json-edit.ts, md-edit.ts). */
  data: unknown;
  /** The version the editor started from. */
  version: string;
  /**
   * The data of that version, as the editor opened it: when the file on disk has changed since,
   * the save merges field by field against it (merge.ts), and only a field changed on both sides
   * is a conflict (409). Without it, any change on disk is a conflict.
   */
  base?: unknown;
  /** Save even though the file changed on disk (a tool's explicit choice; the Studio's app resolves conflicts field by field instead). */
  force?: boolean;
}

/** A field both sides changed, each its own way: the editor chooses. */
export interface SaveConflict {
  pointer: string;
  mine: unknown;
  theirs: unknown;
}

export type SaveReply =
  /** fromTheirs: the fields whose change on disk (another tab, a pull) was merged into this save. */
  | { ok: true; file: StudioFile; fromTheirs?: string[] }
  /** merged: mine, with every change on disk that did not conflict; conflicts: the fields left to choose. */
  | { ok: false; reason: "conflict"; disk: StudioFile; merged: unknown; conflicts: SaveConflict[] }
  | { ok: false; reason: "invalid"; issues: StudioIssue[] }
  /** The file itself is fine, but saving it would give other files errors (a record they list removed): those errors. */
  | { ok: false; reason: "breaks"; issues: StudioIssue[] };

/** POST /api/pages/new */
export interface NewPageRequest {
  address: string;
  /** Start from a copy of this page's file, or from a blank page with a hero. */
  from?: string;
  title: string;
}

/** POST /api/pages/rename */
export interface RenamePageRequest {
  path: string;
  address: string;
  keepAlias: boolean;
  updateLinks: boolean;
}

/** POST /api/pages/delete */
export interface DeletePageRequest {
  path: string;
}

export type PageOpReply =
  | { ok: true; path?: string; changed: string[] }
  | { ok: false; message: string; linkedFrom?: { file: string; pointer: string; message?: string }[] };

/** POST /api/upload?name=…: the file's bytes as the body. */
export type UploadReply = { ok: true; asset: StudioAsset } | { ok: false; message: string };

/** GET /api/changes */
export interface ChangesReply {
  git: boolean;
  files: { path: string; status: "modified" | "added" | "deleted" | "untracked" }[];
  /** The branch of the shared copy Publish sends versions to for review, when the site names one (templates/site.ts, studio.reviewBranch). */
  reviewBranch?: string;
}

/** GET /api/diff?path=…: the file against its last published version, field by field (and as text, for files without fields). */
export interface DiffReply {
  path: string;
  status: "modified" | "added" | "deleted" | "untracked";
  fields: { pointer: string; before: unknown; after: unknown }[];
  diff: string;
}

/** POST /api/publish */
export interface PublishRequest {
  message: string;
}
export interface PublishReply {
  ok: boolean;
  steps: { ok: boolean; text: string }[];
}

/** GET /api/history?path=…: the file's earlier versions, newest first. */
export interface HistoryReply {
  path: string;
  versions: { commit: string; author: string; date: string; message: string }[];
}

/** GET /api/version?path=…&commit=…: the file's data in that version (absent: the file did not exist then). */
export interface VersionReply {
  path: string;
  commit: string;
  data?: unknown;
}
