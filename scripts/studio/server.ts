/**
 * The Studio's two local servers, both bound to 127.0.0.1:
 *
 * - the app (http://localhost:3001): the editor's page and bundle, and its API
 *   (protocol.ts). Every request must name this machine in Host (no DNS-rebinding page
 *   can read or write through it); every write is a POST carrying the per-run token the
 *   app's page holds and, from a browser, the app's own Origin (lib/same-origin.ts).
 *   Anything else gets 403 and changes nothing. Paths are confined to content/
 *   (confine.ts); a request the server cannot satisfy gets a plain sentence, never a crash.
 * - the preview (another port): the drafts' renders at the site's own addresses, so the
 *   page works as it will when published (islands, styles, links), with preview-script.ts
 *   added. It only reads.
 */
import { randomBytes } from "node:crypto";
import { promises as fs, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { writeWhole } from "../lib/fs.ts";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "../lib/timeouts.ts";
import { contentHash } from "../lib/hash.ts";
import type { ProjectPaths } from "../lib/paths.ts";
import { hostIsOwn, writeAllowed } from "../lib/same-origin.ts";
import { parseFrontMatter } from "../lib/front-matter.ts";
import { parseJson } from "../lib/json.ts";
import { loadSiteModule } from "../lib/site-module.ts";
import { isSystemOrEditorFile } from "../lib/os-files.ts";
import { outputFor } from "../pipeline/stages/routes/routes.ts";
import { loadSchemas, type SchemaSet } from "../pipeline/stages/validate/schemas.ts";
import { ConfinementError, contentFile } from "./confine.ts";
import { DraftBuilder } from "./drafts.ts";
import { changedFiles, committedText, discard, fileDiff, history, isGitRepo, publish, textAt } from "./git.ts";
import { editJson } from "./json-edit.ts";
import { editMarkdown } from "./md-edit.ts";
import { withFileLock } from "./file-lock.ts";
import { fieldChanges, mergeData } from "./merge.ts";
import { deletePlan, newPage, renamePage } from "./pages.ts";
import { previewScript } from "./preview-script.ts";
import type { DiffReply, HistoryReply, PublishReply, PublishRequest, VersionReply } from "./protocol.ts";
import { DRAFT_REPLY_TYPE, type StudioIssue } from "./protocol.ts";
import type { DeletePageRequest, DraftReply, DraftRequest, NewPageRequest, PageOpReply, RenamePageRequest, SaveReply, SaveRequest, StudioFile, UploadReply } from "./protocol.ts";
import { assetInfo, describeSite } from "./site.ts";
import { studioSchemas } from "./bundle-schemas.ts";
import { checkUpload, MAX_UPLOAD_BYTES, uniqueAssetName } from "./uploads.ts";

export interface StudioOptions {
  paths: ProjectPaths;
  port: number;
  /** The preview's port (0: any free one). */
  previewPort?: number;
  /** The app's page and bundle (app-bundle.ts). */
  app: { js: string; css: string };
}

export interface Studio {
  url: string;
  previewUrl: string;
  token: string;
  builder: DraftBuilder;
  close(): Promise<void>;
}

const MAX_JSON_BYTES = 8 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A request's body, up to `limit` bytes. A larger one is answered 413 (the caller sends it): the
 * rest is read and dropped, up to a bound, so that the client is still reading when the answer
 * comes rather than finding its connection reset.
 */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `The request is too large: at most ${Math.round(limit / 1024 / 1024)} MB is accepted here.`);
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"]) > limit) {
      drop(req, limit);
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size > limit) {
        req.off("data", onData);
        chunks.length = 0;
        drop(req, limit);
        reject(tooLarge());
      }
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Reads and drops the rest of a body refused for its size; past four times the limit the connection is cut. */
function drop(req: http.IncomingMessage, limit: number): void {
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > 4 * limit) req.socket.destroy();
  });
  req.resume();
}

async function readJson<T extends object>(req: http.IncomingMessage): Promise<T> {
  const body = await readBody(req, MAX_JSON_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, "The request is not JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new HttpError(400, "The request must be a JSON object with the fields this address takes.");
  return value as T;
}

function send(res: http.ServerResponse, status: number, body: string | Buffer, type: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers });
  res.end(body);
}

const sendJson = (res: http.ServerResponse, status: number, value: unknown) => send(res, status, JSON.stringify(value), "application/json; charset=utf-8");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
};
const typeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";

/** A content file's text as the editor would save it: the file's own formatting kept (json-edit.ts, md-edit.ts). */
function textFor(file: string, original: string | undefined, data: unknown): string {
  if (file.endsWith(".md")) {
    const { body, ...fields } = (data ?? {}) as Record<string, unknown>;
    return editMarkdown(original ?? "---\n---\n", fields, typeof body === "string" ? body : "");
  }
  return editJson(original ?? "{}\n", data);
}

function readTextNow(abs: string): string | undefined {
  try {
    return readFileSync(abs, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

async function readText(abs: string): Promise<string | undefined> {
  try {
    return await fs.readFile(abs, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

function studioFile(file: string, text: string): StudioFile {
  let data: unknown;
  if (file.endsWith(".md")) data = parseFrontMatter(text).data;
  else data = parseJson(text).value;
  return { path: file, text, data, version: contentHash(text) };
}

export async function startStudio(options: StudioOptions): Promise<Studio> {
  const { paths } = options;
  const token = randomBytes(24).toString("base64url");
  const builder = new DraftBuilder(paths);
  let schemas: SchemaSet = await loadSchemas(paths.schemas);
  const git = await isGitRepo(paths.root);
  /** The drafts of the last /api/draft: what the preview renders when it follows a link to another page. */
  let drafts = new Map<string, string>();
  let previewPort = 0;
  let appPort = 0;

  const confined = (file: unknown): string => {
    if (typeof file !== "string") throw new HttpError(400, "The request names no file.");
    try {
      return contentFile(paths.root, file);
    } catch (err) {
      if (err instanceof ConfinementError) throw new HttpError(403, err.message);
      throw err;
    }
  };

  // The files changed on disk (a pull, an editor, another Studio, this one's own saves), told to every open app
  // (GET /api/events) in batches: an app reads again the open files whose version changed, and the preview follows.
  const listeners = new Set<http.ServerResponse>();
  let changed = new Set<string>();
  let batch: ReturnType<typeof setTimeout> | undefined;
  const tell = (file: string) => {
    const name = path.relative(paths.root, file).split(path.sep).join("/");
    if (isSystemOrEditorFile(name)) return;
    changed.add(name);
    batch ??= setTimeout(() => {
      batch = undefined;
      const files = [...changed].sort();
      changed = new Set();
      for (const res of listeners) res.write(`data: ${JSON.stringify({ files })}\n\n`);
    }, 100);
  };
  const watching = import("chokidar").then(({ watch }) => {
    const watcher = watch([paths.content, paths.schemas], { ignoreInitial: true, ignored: (file) => path.basename(file) === ".git" });
    watcher.on("all", (_event, file) => tell(file));
    watcher.on("error", (err) => console.error(`studio: watching content/ and schemas/ failed: ${(err as Error).message}. Changes made outside the Studio show once it restarts.`));
    return watcher;
  });

  /** What the site's definition (templates/site.ts) says of the Studio; a definition that does not load says nothing here (the build reports it). */
  async function studioSettings(): Promise<{ reviewBranch?: string }> {
    const branch = await loadSiteModule(paths.templates).then((m) => m.studio?.reviewBranch, () => undefined);
    return typeof branch === "string" && branch.trim() ? { reviewBranch: branch.trim() } : {};
  }

  /**
   * The drafts as texts, each written as it would be saved. The files on disk are read
   * synchronously: a content file is small, and on every keystroke the thread pool's round
   * trip cost more than the reading (1–9 ms against well under one).
   */
  function draftTexts(given: Record<string, unknown>): Map<string, string> {
    const out = new Map<string, string>();
    for (const [file, data] of Object.entries(given)) out.set(file, textFor(file, readTextNow(confined(file)), data));
    return out;
  }

  /**
   * What a change of files (text, or null for a file removed) would bring, checked on the whole
   * site as it is on disk with the change: the changed files' own errors, and the errors it would
   * cause elsewhere (a record removed that a page still lists, a page a link still goes to),
   * leaving out those already there before it.
   */
  async function breaks(changes: Map<string, string | null>): Promise<{ own: StudioIssue[]; elsewhere: StudioIssue[] }> {
    const errors = (issues: StudioIssue[]) => issues.filter((i) => i.severity === "error");
    const after = errors((await builder.check(changes)).issues);
    const own = after.filter((i) => changes.has(i.file));
    const others = after.filter((i) => !changes.has(i.file));
    if (!others.length) return { own, elsewhere: [] };
    const key = (i: StudioIssue) => `${i.code}\0${i.file}\0${i.pointer}`;
    const before = new Set(errors((await builder.check(new Map())).issues).map(key));
    return { own, elsewhere: others.filter((i) => !before.has(key(i))) };
  }

  /**
   * A save, under the file's lock (file-lock.ts: no other Studio writes it meanwhile). Saved from an
   * older version than the one on disk, it merges field by field (merge.ts); only fields changed on
   * both sides come back as a conflict. A file written meanwhile by anything that takes no lock (a
   * pull, an editor) is merged again, never overwritten.
   */
  async function save(abs: string, body: SaveRequest): Promise<SaveReply> {
    for (let attempt = 0; ; attempt++) {
      const disk = await readText(abs);
      let data = body.data;
      let fromTheirs: string[] = [];
      const theirs = disk === undefined ? undefined : studioFile(body.path, disk);
      if (theirs && theirs.version !== body.version && !body.force) {
        if (body.base === undefined) return { ok: false, reason: "conflict", disk: theirs, merged: body.data, conflicts: [{ pointer: "", mine: body.data, theirs: theirs.data }] };
        const merged = mergeData(body.base, body.data, theirs.data);
        if (merged.conflicts.length) return { ok: false, reason: "conflict", disk: theirs, merged: merged.value, conflicts: merged.conflicts };
        data = merged.value;
        fromTheirs = merged.fromTheirs;
      }
      const text = textFor(body.path, disk, data);
      const { own, elsewhere } = await breaks(new Map([[body.path, text]]));
      if (own.length) return { ok: false, reason: "invalid", issues: own };
      if (elsewhere.length) return { ok: false, reason: "breaks", issues: elsewhere };
      if ((await readText(abs)) !== disk) {
        if (attempt < 5) continue;
        const now = await readText(abs);
        return { ok: false, reason: "conflict", disk: studioFile(body.path, now ?? ""), merged: data, conflicts: [{ pointer: "", mine: data, theirs: now === undefined ? undefined : studioFile(body.path, now).data }] };
      }
      if (text !== disk) await writeWhole(abs, text);
      drafts.delete(body.path);
      return { ok: true, file: studioFile(body.path, text), ...(fromTheirs.length ? { fromTheirs } : {}) };
    }
  }

  const api: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>> = {
    "GET /api/site": async (_req, res) => sendJson(res, 200, await describeSite(paths, schemas, git, (await builder.check(new Map())).sources)),
    "GET /api/schemas": async (_req, res) => {
      // A schema changed into one that is not JSON: the forms keep the last good schemas, and the preview's checks say where the mistake is.
      schemas = await loadSchemas(paths.schemas).catch(() => schemas);
      const roots = ["site.schema.json", "page.schema.json", ...schemas.collections.values(), ...[...schemas.byPath.keys()].filter((k) => !k.includes("/") && k !== "defs.schema.json")];
      sendJson(res, 200, studioSchemas(schemas, roots));
    },
    "GET /api/events": async (req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
      res.write(": the files of content/ and schemas/ changed outside this page\n\n");
      listeners.add(res);
      const alive = setInterval(() => res.write(": still here\n\n"), 15_000);
      req.on("close", () => {
        clearInterval(alive);
        listeners.delete(res);
      });
    },
    "GET /api/file": async (_req, res, url) => {
      const file = url.searchParams.get("path");
      const text = await readText(confined(file));
      if (text === undefined) throw new HttpError(404, `There is no file ${file}.`);
      sendJson(res, 200, studioFile(file!, text));
    },
    "POST /api/draft": async (req, res) => {
      const body = await readJson<DraftRequest>(req);
      drafts = draftTexts(body.drafts ?? {});
      const result = await builder.draft(drafts, typeof body.address === "string" ? body.address : "/");
      const render = result?.render;
      const html = render && builder.file(render.version, outputFor(render.address));
      const reply: DraftReply = result
        ? { issues: result.issues, ms: result.ms, ...(render && html ? { preview: `${render.address}?v=${render.version}` } : {}) }
        : { issues: [], ms: 0, superseded: true };
      // The reply, a newline (JSON.stringify writes none), then the page's bytes as they are: nothing escaped, nothing decoded.
      const parts: Buffer[] = [Buffer.from(`${JSON.stringify(reply)}\n`)];
      if (reply.preview && html) parts.push(...previewPageParts(html, hostName(req)));
      send(res, 200, Buffer.concat(parts), DRAFT_REPLY_TYPE);
    },
    "POST /api/save": async (req, res) => {
      const body = await readJson<SaveRequest>(req);
      const abs = confined(body.path);
      const reply = await withFileLock(abs, () => save(abs, body));
      sendJson(res, reply.ok ? 200 : reply.reason === "conflict" ? 409 : 422, reply);
    },
    "POST /api/pages/new": async (req, res) => {
      const body = await readJson<NewPageRequest>(req);
      const taken = (await describeSite(paths, schemas, git)).addresses;
      const made = await pageOp(() => newPage(paths.root, { address: body.address, title: body.title, taken, ...(body.from ? { from: body.from } : {}) }));
      if (!made.ok) return sendJson(res, 422, made);
      await writeWhole(confined(made.value.path), made.value.text);
      sendJson(res, 200, { ok: true, path: made.value.path, changed: [made.value.path] } satisfies PageOpReply);
    },
    "POST /api/pages/rename": async (req, res) => {
      const body = await readJson<RenamePageRequest>(req);
      confined(body.path);
      const taken = (await describeSite(paths, schemas, git)).addresses;
      const plan = await pageOp(() => renamePage(paths.root, { path: body.path, address: body.address, keepAlias: body.keepAlias === true, updateLinks: body.updateLinks === true, taken }));
      if (!plan.ok) return sendJson(res, 422, plan);
      for (const [file, text] of plan.value.writes) await writeWhole(confined(file), text);
      if (plan.value.remove !== plan.value.newPath) await fs.rm(confined(plan.value.remove), { force: true });
      sendJson(res, 200, { ok: true, path: plan.value.newPath, changed: [...plan.value.writes.keys(), plan.value.remove] } satisfies PageOpReply);
    },
    "POST /api/pages/delete": async (req, res) => {
      const body = await readJson<DeletePageRequest>(req);
      const abs = confined(body.path);
      const planned = await pageOp(() => deletePlan(paths.root, body.path));
      if (!planned.ok) return sendJson(res, 422, planned satisfies PageOpReply);
      const plan = planned.value;
      if (!plan.ok) return sendJson(res, 422, { ok: false, message: plan.message, linkedFrom: plan.linkedFrom } satisfies PageOpReply);
      const { elsewhere } = await breaks(new Map([[body.path, null]]));
      if (elsewhere.length) return sendJson(res, 422, brokenBy(`${body.path} cannot be deleted`, elsewhere));
      await fs.rm(abs);
      sendJson(res, 200, { ok: true, changed: [body.path] } satisfies PageOpReply);
    },
    "POST /api/upload": async (req, res, url) => {
      const bytes = await readBody(req, MAX_UPLOAD_BYTES + 1);
      const checked = checkUpload(url.searchParams.get("name") ?? "image", new Uint8Array(bytes));
      if (!checked.ok) return sendJson(res, 422, checked satisfies UploadReply);
      const assets = path.join(paths.content, "assets");
      const name = uniqueAssetName(assets, checked.name, new Uint8Array(bytes));
      const abs = confined(`content/assets/${name}`);
      await writeWhole(abs, bytes);
      sendJson(res, 200, { ok: true, asset: await assetInfo(paths, `assets/${name}`, bytes) } satisfies UploadReply);
    },
    "GET /api/changes": async (_req, res) => sendJson(res, 200, git ? { git, files: await changedFiles(paths.root), ...(await studioSettings()) } : { git, files: [] }),
    "GET /api/diff": async (_req, res, url) => {
      const file = url.searchParams.get("path");
      const abs = confined(file);
      const [before, now, diff, listed] = await Promise.all([committedText(paths.root, file!), readText(abs), fileDiff(paths.root, file!), changedFiles(paths.root)]);
      const dataOf = (text: string | undefined) => (text === undefined ? undefined : studioFile(file!, text).data);
      let fields: DiffReply["fields"] = [];
      try {
        fields = fieldChanges(dataOf(before), dataOf(now));
      } catch {
        // A file that does not parse (a half-written edit outside the Studio) is shown as text only.
      }
      const status = listed.find((f) => f.path === file)?.status ?? "modified";
      sendJson(res, 200, { path: file!, status, fields, diff } satisfies DiffReply);
    },
    "POST /api/publish": async (req, res) => {
      const body = await readJson<PublishRequest>(req);
      const message = typeof body.message === "string" ? body.message.trim() : "";
      if (!message) throw new HttpError(400, "Say in a few words what changed: it is kept with the version.");
      // Nothing that fails the build is published: the site would not deploy.
      const checked = await builder.check(new Map());
      const errors = checked.issues.filter((i) => i.severity === "error");
      if (errors.length) return sendJson(res, 422, { ok: false, steps: [{ ok: false, text: `Not published: the site has ${errors.length} ${errors.length === 1 ? "problem" : "problems"} to fix first (see Problems).` }] } satisfies PublishReply);
      const steps = await publish(paths.root, message, await studioSettings());
      sendJson(res, 200, { ok: steps.every((s) => s.ok), steps } satisfies PublishReply);
    },
    "GET /api/history": async (_req, res, url) => {
      const file = url.searchParams.get("path");
      confined(file);
      sendJson(res, 200, { path: file!, versions: await history(paths.root, file!) } satisfies HistoryReply);
    },
    "GET /api/version": async (_req, res, url) => {
      const file = url.searchParams.get("path");
      const commit = url.searchParams.get("commit") ?? "";
      confined(file);
      if (!/^[0-9a-f]{7,64}$/.test(commit)) throw new HttpError(400, "That is not a version of this site.");
      const text = await textAt(paths.root, commit, file!);
      sendJson(res, 200, { path: file!, commit, ...(text === undefined ? {} : { data: studioFile(file!, text).data }) } satisfies VersionReply);
    },
    "POST /api/discard": async (req, res) => {
      const body = await readJson<{ path: string }>(req);
      const abs = confined(body.path);
      // Half of a rename discarded, a record brought back that another change replaced: caught before anything is undone.
      const { elsewhere } = await breaks(new Map([[body.path, (await committedText(paths.root, body.path)) ?? null]]));
      if (elsewhere.length) return sendJson(res, 422, brokenBy(`The changes to ${body.path} cannot be discarded alone`, elsewhere));
      await withFileLock(abs, () => discard(paths.root, body.path));
      sendJson(res, 200, { ok: true });
    },
  };

  const appPage = () => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Studio</title>
<link rel="icon" href="data:,">
<meta name="studio-token" content="${token}">
<meta name="studio-preview-port" content="${previewPort}">
<link rel="stylesheet" href="/app/studio.css">
<script type="module" src="/app/studio.js"></script>
</head>
<body><div id="studio"></div><noscript>The Studio needs JavaScript.</noscript></body>
</html>
`;

  const appServer = studioServer((req, res) => {
    void handleApp(req, res).catch((err: unknown) => {
      if (err instanceof HttpError) return sendJson(res, err.status, { ok: false, message: err.message });
      const message = err instanceof Error ? err.message : String(err);
      console.error(`studio: ${req.method} ${req.url}: ${message}`);
      sendJson(res, 500, { ok: false, message: `The Studio could not do this: ${message}` });
    });
  });

  async function handleApp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!hostIsOwn(req.headers.host, appPort)) throw new HttpError(403, "The Studio only answers on its own address (localhost or 127.0.0.1).");
    const url = parseTarget(req.url);
    const key = `${req.method} ${url.pathname}`;
    if (req.method === "POST") {
      const allowed = writeAllowed(req);
      if (!allowed.ok) throw new HttpError(403, allowed.message);
      if (req.headers["x-studio-token"] !== token) throw new HttpError(403, "This request does not carry the Studio's token: only the Studio's own page can change files.");
    } else if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, `${req.method} is not used here.`);
    const handler = api[key];
    if (handler) return handler(req, res, url);
    if (url.pathname.startsWith("/api/")) throw new HttpError(404, `There is no ${url.pathname}.`);
    // 'unsafe-eval': the form library's schema resolution compiles validators (ajv) with new Function. A local tool's own page.
    const frame = { "x-frame-options": "DENY", "content-security-policy": `default-src 'self'; script-src 'self' 'unsafe-eval'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-src http://localhost:${previewPort} http://127.0.0.1:${previewPort}; frame-ancestors 'none'` };
    if (url.pathname === "/" || url.pathname === "/index.html") return send(res, 200, appPage(), "text/html; charset=utf-8", frame);
    if (url.pathname === "/app/studio.js") return send(res, 200, options.app.js, "text/javascript; charset=utf-8");
    if (url.pathname === "/app/studio.css") return send(res, 200, options.app.css, "text/css; charset=utf-8");
    if (url.pathname.startsWith("/files/assets/")) {
      let name: string;
      try {
        name = decodeURIComponent(url.pathname.slice("/files/".length));
      } catch {
        throw new HttpError(400, "The address of this file is malformed (a % not followed by two hexadecimal digits).");
      }
      const file = `content/${name}`;
      const bytes = await fs.readFile(confined(file)).catch(() => undefined);
      if (!bytes) throw new HttpError(404, `There is no ${file}.`);
      return send(res, 200, bytes, typeOf(file), { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" });
    }
    throw new HttpError(404, `There is no ${url.pathname}.`);
  }

  const previewServer = studioServer((req, res) => {
    void handlePreview(req, res).catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      send(res, 500, `The preview could not be made: ${message}`, "text/plain; charset=utf-8");
    });
  });

  async function handlePreview(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!hostIsOwn(req.headers.host, previewPort)) return send(res, 403, "The preview only answers on its own address.", "text/plain; charset=utf-8");
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "The preview only reads.", "text/plain; charset=utf-8");
    let url: URL;
    try {
      url = parseTarget(req.url);
    } catch {
      return send(res, 400, "Malformed address.", "text/plain; charset=utf-8");
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return send(res, 400, "Malformed address.", "text/plain; charset=utf-8");
    }
    const frame = { "content-security-policy": `frame-ancestors http://localhost:${appPort} http://127.0.0.1:${appPort}` };
    // A file of a render (hashed names: any kept render's copy is the same file).
    if (/\.[a-z0-9]+$/i.test(pathname)) {
      const version = Number(url.searchParams.get("v")) || builder.latest()?.version || 0;
      for (let v = version; v > 0 && v > version - 8; v--) {
        const bytes = builder.file(v, pathname.slice(1));
        // Names with a content hash never change: the frame keeps them between renders, so a new render loads only its page.
        const hashed = /[-.][0-9a-z]{8,}\.[a-z0-9]+$/i.test(pathname);
        if (bytes) return send(res, 200, bytes, typeOf(pathname), { ...frame, ...(hashed ? { "cache-control": "public, max-age=31536000, immutable" } : {}) });
      }
      return send(res, 404, "Not found.", "text/plain; charset=utf-8");
    }
    const address = pathname.length > 1 ? pathname.replace(/\/+$/, "") : "/";
    const asked = Number(url.searchParams.get("v"));
    let html = asked ? builder.file(asked, outputFor(address)) : undefined;
    if (!html) {
      const result = await builder.draft(drafts, address);
      if (result?.render) {
        html = builder.file(result.render.version, outputFor(address));
      }
      if (!html) {
        const why = result?.issues.some((i) => i.severity === "error") ? "the site has problems to fix first (see the Problems list)" : "there is no page at this address";
        return send(res, 404, `<!doctype html><html lang="en"><title>No preview</title><body><p>No preview of ${address.replace(/[<&"]/g, "")}: ${why}.</p></body></html>`, "text/html; charset=utf-8", frame);
      }
    }
    send(res, 200, previewPage(html, hostName(req)), "text/html; charset=utf-8", frame);
  }

  /** A render's page as the preview shows it: with the script that talks to the app, at the same host name as the request's. */
  function previewPage(html: Buffer, host: string): Buffer {
    return Buffer.concat(previewPageParts(html, host));
  }

  /** A render's page with the preview's script (preview-script.ts) before its last </body>, as the bytes to send in turn. */
  function previewPageParts(html: Buffer, host: string): Buffer[] {
    const script = Buffer.from(previewScript(`http://${host}:${appPort}`));
    const at = Math.max(html.lastIndexOf("</body>"), html.lastIndexOf("</BODY>"));
    return at < 0 ? [html, script] : [html.subarray(0, at), script, html.subarray(at)];
  }

  await listen(appServer, options.port);
  appPort = (appServer.address() as { port: number }).port;
  await listen(previewServer, options.previewPort ?? 0);
  previewPort = (previewServer.address() as { port: number }).port;
  return {
    url: `http://localhost:${appPort}`,
    previewUrl: `http://localhost:${previewPort}`,
    token,
    builder,
    close: async () => {
      clearTimeout(batch);
      for (const res of listeners) res.end();
      await Promise.all([close(appServer), close(previewServer), watching.then((w) => w.close())]);
    },
  };
}

/** Runs a page operation; a refusal it throws (an address taken, a bad address) becomes a reply the app shows. */
async function pageOp<T>(op: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await op() };
  } catch (err) {
    if (err instanceof Error && !(err instanceof TypeError) && !(err as NodeJS.ErrnoException).code) return { ok: false, message: err.message };
    throw err;
  }
}

/** A refusal naming the pages a change would break, each issue a place to go and fix it. */
function brokenBy(what: string, issues: StudioIssue[]): PageOpReply {
  const files = [...new Set(issues.map((i) => i.file))];
  return {
    ok: false,
    message: `${what}: ${files.length === 1 ? "another file" : `${files.length} other files`} would then have ${issues.length === 1 ? "a problem" : `${issues.length} problems`} and the site would not build (${files.join(", ")}). Change ${files.length === 1 ? "it" : "them"} first.`,
    linkedFrom: issues.map((i) => ({ file: i.file, pointer: i.pointer, message: i.message })),
  };
}

/** The host name the request was made to (its Host without the port; hostIsOwn has checked it). */
function hostName(req: http.IncomingMessage): string {
  return (req.headers.host ?? "").replace(/:\d+$/, "");
}

/** The request's target as a URL; a target that is not a path is the client's mistake (400). */
function parseTarget(target: string | undefined): URL {
  if (!target?.startsWith("/") || target.startsWith("//")) throw new HttpError(400, "The request's address is not a path.");
  try {
    return new URL(target, "http://studio.invalid");
  } catch {
    throw new HttpError(400, "The request's address is malformed.");
  }
}

/**
 * Both servers cut slow clients as `npm start`'s does (lib/server.ts): the request's headers
 * within 5 s, the whole request within 10 s, and an idle connection after 5 s.
 */
function studioServer(handler: http.RequestListener): http.Server {
  const server = http.createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 }, (req, res) => {
    req.socket.setTimeout(0); // it has sent its request: answering may take a build's time
    handler(req, res);
  });
  server.on("connection", (socket) => socket.setTimeout(HEADERS_TIMEOUT_MS, () => socket.destroy()));
  return server;
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
