/**
 * Leads: the local receiver that `npm start` and `npm run dev` mount where the site
 * module's `receiver` says (scripts/api.ts; this repository's site: POST /api/leads,
 * checked against schemas/lead.schema.json, saved in data/leads.jsonl), a stand-in for
 * the automation webhook while developing. A site that declares none gets none.
 *
 * The receiver applies the rules a site's form islands apply in the browser, from the
 * same module (scripts/runtime/forms.ts: readSubmission):
 * - a filled honeypot field ("website") is a robot: 201 as for a lead, nothing kept;
 * - text answers are trimmed (so "   " is refused here as in the browser);
 * - an attribution context and a consent, when sent, must have their shapes; consent
 *   is required when the site's rules say so (its checkbox is on);
 * - the rest is checked against the declared schema (ajv, draft 2020-12, all errors),
 *   the same schema the form's rules come from. A field that fails answers with the
 *   form's own message for it (the site's rules: "Name must be at least 2 characters"),
 *   as the browser shows it, and ajv's words for what the browser cannot send at all.
 * The lead, trimmed, is appended as one JSON line to the declared file (LEADS_FILE
 * overrides the path), with its context and consent after the answers:
 *
 *   POST, Content-Type application/json or text/plain (both carry JSON; a webhook
 *   may want either), at most 16 KB  ->  201 {"ok":true}
 *   otherwise 405 (with Allow), 403, 429 (with Retry-After), 415, 413, 400, or 500,
 *   each with {"errors":[{"field","message"}]}
 *
 * 429: more than 30 leads a minute from one address (LEADS_RATE_PER_MINUTE changes
 * it; 0 turns the limit off).
 *
 * 403: only the server's own pages may send a lead (scripts/lib/same-origin.ts):
 * Host must be localhost, 127.0.0.1 or [::1] (against DNS rebinding); an Origin, if
 * sent, must be that same host and port ("null" is refused), and Sec-Fetch-Site,
 * if sent, same-origin or none. A text/plain POST needs no CORS preflight, so
 * without this any site could post here. No Origin at all (curl) is accepted.
 *
 * Whole or not at all: 201 means the whole line is written and synced to disk
 * (fsync). A write cut short (a file-size limit, a full disk, a quota) or a failed
 * fsync is a 500, and the file is cut back to its size before the write, so no
 * cut-off line stays. Should that fail too, the next line starts with a newline
 * when the file does not end with one, so earlier complete lines are never touched
 * and a cut-off line never merges with the next; readLeads() skips a broken line.
 * One append at a time per receiver; U+2028, U+2029 and U+0085 are escaped so that
 * every JSON Lines reader sees one line per lead. Any error is a JSON 500 (or, for
 * a client that went away, nothing), never a crash of the server. It listens only
 * where the server listens (127.0.0.1) and sends no CORS headers.
 */
import { promises as fs, readFileSync, statSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ReceiverRules } from "../api.ts";
import { loadSiteModule } from "./site-module.ts";
import { readSubmission, trimAnswers } from "../runtime/forms.ts";
import { rel, type ProjectPaths } from "./paths.ts";
import { rateLimiter, type RateLimit } from "./rate-limit.ts";
import { writeAllowed } from "./same-origin.ts";

export const MAX_LEAD_BYTES = 16 * 1024;
export const DEFAULT_RATE: RateLimit = { max: 30, windowMs: 60_000 };

/** The per-address limit: LEADS_RATE_PER_MINUTE (0 = none), or DEFAULT_RATE. */
export function leadsRate(env: NodeJS.ProcessEnv = process.env): RateLimit | false {
  const text = env["LEADS_RATE_PER_MINUTE"];
  if (text === undefined || text === "") return DEFAULT_RATE;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`LEADS_RATE_PER_MINUTE must be a whole number of leads a minute (0 for no limit), not "${text}".`);
  return n === 0 ? false : { max: n, windowMs: 60_000 };
}
const ACCEPTED_TYPES = ["application/json", "text/plain"];

/** Where leads are saved: $LEADS_FILE, or the site's declared file (relative to the project folder `root`). */
export function leadsFile(declared: string, root: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env["LEADS_FILE"];
  return configured ? path.resolve(configured) : path.resolve(root, declared);
}

/** The site's receiver as `npm start` and `npm run dev` mount it, or undefined when its site module declares none. */
export interface SiteReceiver {
  path: string;
  file: string;
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

/**
 * The receiver the project's site module declares. Throws one sentence (naming
 * templates/site.ts or the schema file) when the declaration or its schema is wrong.
 */
export async function siteReceiver(paths: ProjectPaths, env: NodeJS.ProcessEnv = process.env): Promise<SiteReceiver | undefined> {
  const declared = (await loadSiteModule(paths.templates)).receiver;
  if (!declared) return undefined;
  const where = `${path.basename(paths.templates)}/site.ts`;
  if (!/^\/[^?#\s]*$/.test(declared.path ?? "")) throw new Error(`${where}: receiver.path must be an address on the site, starting with /, such as "/api/leads" (it is ${JSON.stringify(declared.path)}).`);
  const schemaFile = path.join(paths.schemas, declared.schema ?? "");
  let schema: object;
  try {
    schema = JSON.parse(readFileSync(schemaFile, "utf8")) as object;
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : `cannot be read as JSON (${(err as Error).message})`;
    throw new Error(`${where}: receiver.schema ${rel(paths.root, schemaFile)} ${why}.`);
  }
  const file = leadsFile(declared.file ?? "", paths.root, env);
  const rules = declared.rules ? siteRules(declared.rules as (site: unknown) => ReceiverRules, path.join(paths.content, "site.json"), where) : undefined;
  return { path: declared.path, file, handle: createLeadReceiver({ path: declared.path, file, schema, rules, rate: leadsRate(env) }) };
}

/**
 * The form's rules from the site's content, read again whenever content/site.json
 * changes (npm run dev edits it while the receiver runs). A file that cannot be read
 * or a rules function that fails keeps the last rules that worked, and says why once.
 */
export function siteRules(rules: (site: unknown) => ReceiverRules, siteFile: string, where: string): () => ReceiverRules {
  let stamp = "";
  let last: ReceiverRules = {};
  let reported = "";
  return () => {
    // Read again only when the file changed (its time, size or inode): a stat per lead, not a read.
    let now: string;
    let text: string;
    try {
      const s = statSync(siteFile);
      now = `${s.mtimeMs}:${s.size}:${s.ino}`;
      if (now === stamp) return last;
      text = readFileSync(siteFile, "utf8");
    } catch (err) {
      report(`cannot read ${path.basename(siteFile)} (${(err as Error).message})`);
      return last;
    }
    try {
      last = rules(JSON.parse(text));
      stamp = now;
      reported = "";
    } catch (err) {
      report(`receiver.rules failed on ${path.basename(siteFile)} (${(err as Error).message})`);
    }
    return last;
  };
  function report(why: string) {
    if (why === reported) return;
    reported = why;
    console.error(`${where}: ${why}; the lead receiver keeps its last rules.`);
  }
}

export interface FieldError {
  /** The lead's field ("" for the lead as a whole). */
  field: string;
  message: string;
  /** The schema keyword that failed (leadChecker's errors; not part of the receiver's answers). */
  rule?: string;
}

export type LeadCheck = { ok: true; lead: Record<string, unknown> } | { ok: false; errors: FieldError[] };

/** ajv keywords whose failure the form's own message for the field describes (what the visitor can get wrong). */
const MESSAGE_KEYWORDS = new Set(["required", "type", "minLength", "pattern", "minItems", "enum"]);

function describe(e: ErrorObject): FieldError {
  return { ...inAjvWords(e), rule: e.keyword };
}

function inAjvWords(e: ErrorObject): FieldError {
  const at = e.instancePath.split("/").slice(1);
  const field = at[0] ?? "";
  const where = at.length > 1 ? `item ${Number(at[1]) + 1} ` : "";
  switch (e.keyword) {
    case "required":
      return { field: String(e.params["missingProperty"]), message: "is required" };
    case "additionalProperties":
      return { field: String(e.params["additionalProperty"]), message: "is not a field of a lead" };
    case "enum":
      return { field, message: `${where}must be one of ${(e.params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` };
    case "pattern":
      return { field, message: field === "email" ? "must be an e-mail address" : `must match ${String(e.params["pattern"])}` };
    default:
      return { field, message: `${where}${e.message ?? "is not valid"}` };
  }
}

/**
 * A checker for leads, from the receiver's schema.
 * Text answers are trimmed first with the rule the wizard uses too (trimAnswers of
 * scripts/runtime/forms.ts), so "   " is refused here as it is in the browser, and
 * the lead it gives back is the trimmed one.
 */
/** ajv-formats is CommonJS: its function is the module, or its default, depending on who loads it. */
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats: AddFormats = (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

export function leadChecker(schema: object): (value: unknown) => LeadCheck {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // Every standard format ("email", "date", "uri", …), as the content's schemas have them.
  addFormats(ajv);
  // A pattern's rule in words (the content schemas' keyword; stages/validate/validate.ts reads it): nothing to check.
  ajv.addKeyword({ keyword: "x-rule", metaSchema: { type: "string" } });
  const validate = ajv.compile(schema);
  return (value) => {
    const trimmed = trimAnswers(value);
    return validate(trimmed) ? { ok: true, lead: trimmed as Record<string, unknown> } : { ok: false, errors: (validate.errors ?? []).map(describe) };
  };
}

export interface LeadReceiverOptions {
  /** The URL path it answers ("/api/leads"). */
  path: string;
  /** The JSON Lines file leads are appended to. */
  file: string;
  /** The JSON Schema (draft 2020-12) a lead must meet. */
  schema: object;
  maxBytes?: number;
  /** For tests: when a lead arrives. */
  now?: () => Date;
  /** The form's rules beyond its schema (its messages, consent, the honeypot), asked for each lead. */
  rules?: () => ReceiverRules;
  /** At most this many leads per address (false or absent: no limit). */
  rate?: RateLimit | false;
}

type Body = { ok: true; bytes: Buffer } | { ok: false; tooLarge: true };

/** Reads the body up to maxBytes; stops collecting (and answers early) beyond it. */
function readBody(req: http.IncomingMessage, maxBytes: number): Promise<Body> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      resolve({ ok: false, tooLarge: true }); // nothing read at all
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        settled = true;
        req.off("data", onData); // the rest is discarded, never buffered
        resolve({ ok: false, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => {
      if (!settled) resolve({ ok: true, bytes: Buffer.concat(chunks) });
    });
    req.on("error", (err) => {
      if (!settled) reject(err);
    });
  });
}

function reply(res: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    })
    .end(text);
}

/**
 * One JSON Lines line of a value. JSON.stringify escapes \n and \r but leaves
 * U+2028, U+2029 (line and paragraph separators) and U+0085 (NEL) raw, and some
 * readers break lines at them (Python's str.splitlines(), editors): they are
 * escaped here. They can only occur inside strings, where \uXXXX means the same.
 */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Appends one line, whole or not at all: resolves only once every byte of it is
 * written and synced to disk (fsync). Any failure (a short write that cannot be
 * finished, EFBIG under a file-size limit, ENOSPC, EDQUOT, a failed fsync) rejects,
 * after cutting the file back to its size before the write, so no cut-off line
 * stays. If the file does not end with a newline (a cut-off line that could not be
 * taken back), the new line starts with one, so it never merges with it.
 *
 * A write past a file-size limit (ulimit -f) would kill a process with SIGXFSZ, but
 * Node ignores that signal from startup, so the write fails with EFBIG instead
 * (the leads test runs a receiver under such a limit).
 */
export async function appendLine(file: string, line: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  // "a+": appends (O_APPEND) and can read the last byte back.
  const handle = await fs.open(file, "a+");
  let before: number | undefined;
  let written = 0;
  try {
    before = (await handle.stat()).size;
    let prefix = "";
    if (before > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, before - 1);
      if (last[0] !== 0x0a) prefix = "\n";
    }
    const bytes = Buffer.from(prefix + line + "\n", "utf8");
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
      if (bytesWritten <= 0) throw new Error(`only ${written} of ${bytes.length} bytes could be written`);
      written += bytesWritten;
    }
    await handle.sync();
    if (before === 0) await syncFolder(path.dirname(file)); // the file may be new: make its name durable too
  } catch (err) {
    if (before !== undefined && written > 0) await takeBack(handle, file, before, written);
    throw err;
  } finally {
    await handle.close();
  }
}

/** After a failed append: cuts the file back to its size before it, unless someone else has written since. */
async function takeBack(handle: fs.FileHandle, file: string, before: number, written: number): Promise<void> {
  try {
    const { size } = await handle.stat();
    if (size !== before + written) {
      // Not only our bytes (another process appends too): the newline defence covers the next line.
      console.error(`A cut-off lead stays in ${file} (it changed meanwhile); readLeads() skips it and the next lead starts on a new line.`);
      return;
    }
    await handle.truncate(before);
    await handle.sync();
  } catch (err) {
    console.error(`Could not remove a cut-off lead from ${file}; the next lead starts on a new line:`, err);
  }
}

/** fsync of a folder, so a file just created in it survives a crash; best effort (not possible on Windows). */
async function syncFolder(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, "r");
    await handle.sync();
  } catch {
    // Windows cannot open or sync a folder; the file's own fsync has happened.
  } finally {
    await handle?.close().catch(() => {});
  }
}

/** The handler for startServer's `handle` hook: true when it answered the request. */
export function createLeadReceiver(options: LeadReceiverOptions): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const urlPath = options.path;
  const maxBytes = options.maxBytes ?? MAX_LEAD_BYTES;
  const now = options.now ?? (() => new Date());
  const check = leadChecker(options.schema);
  const rules: () => ReceiverRules = options.rules ?? (() => ({}));
  const limiter = options.rate ? rateLimiter(options.rate) : undefined;
  // One append at a time, so that the newline check and the write of one lead
  // never interleave with another's.
  let queue: Promise<unknown> = Promise.resolve();

  const receive = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== "POST") {
      reply(res, 405, { errors: [{ field: "", message: `Send leads with POST to ${urlPath}.` }] }, { Allow: "POST" });
      return;
    }
    const allowed = writeAllowed(req);
    if (!allowed.ok) {
      reply(res, allowed.status, { errors: [{ field: "", message: allowed.message }] });
      return;
    }
    const wait = limiter?.take(req.socket.remoteAddress ?? "");
    if (wait) {
      reply(res, 429, { errors: [{ field: "", message: `Too many leads from this address; try again in ${wait} s.` }] }, { "Retry-After": String(wait) });
      return;
    }
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (!ACCEPTED_TYPES.includes(type)) {
      reply(res, 415, { errors: [{ field: "", message: `Send the lead as JSON with Content-Type ${ACCEPTED_TYPES.join(" or ")}.` }] });
      return;
    }
    const body = await readBody(req, maxBytes);
    if (!body.ok) {
      reply(res, 413, { errors: [{ field: "", message: `A lead may be at most ${maxBytes} bytes.` }] }, { Connection: "close" });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body.bytes));
    } catch (err) {
      reply(res, 400, { errors: [{ field: "", message: `The body is not valid JSON (${(err as Error).message}).` }] });
      return;
    }
    const current = rules();
    const submission = readSubmission(value, current);
    if (submission.kind === "trap") {
      reply(res, 201, { ok: true }); // a robot: told what a person is told, and nothing is kept
      return;
    }
    const checked = check(submission.answers);
    const errors = [...(checked.ok ? [] : inWords(checked.errors, current.messages)), ...submission.problems];
    if (!checked.ok || errors.length) {
      reply(res, 400, { errors });
      return;
    }
    const extras = { ...(submission.context ? { context: submission.context } : {}), ...(submission.consent ? { consent: submission.consent } : {}) };
    const line = jsonLine({ receivedAt: now().toISOString(), ...checked.lead, ...extras });
    const write = queue.then(() => appendLine(options.file, line));
    queue = write.catch(() => {});
    try {
      await write;
    } catch (err) {
      console.error(`Could not save a lead to ${options.file}:`, err);
      reply(res, 500, { errors: [{ field: "", message: "The lead could not be saved." }] });
      return;
    }
    reply(res, 201, { ok: true });
  };

  const failed = (res: http.ServerResponse, err: unknown) => {
    // ECONNRESET: the client went away before the whole lead arrived; nothing to report.
    if ((err as NodeJS.ErrnoException | undefined)?.code !== "ECONNRESET") console.error("The lead receiver failed:", err);
    try {
      if (!res.headersSent) reply(res, 500, { errors: [{ field: "", message: "The lead could not be received." }] });
      else res.destroy();
    } catch {
      res.destroy();
    }
  };

  // Nothing here may throw into the server or leave an error unhandled: any failure
  // is a 500 with a JSON body, and socket errors (a client that goes away) are logged.
  return (req, res) => {
    let ours: boolean;
    try {
      ours = new URL(req.url ?? "/", "http://localhost").pathname === urlPath;
    } catch {
      return false; // not an address of ours; the static server answers it
    }
    if (!ours) return false;
    const onError = (err: Error) => {
      if ((err as NodeJS.ErrnoException).code !== "ECONNRESET") console.error("A lead request failed:", err.message);
    };
    req.on("error", onError);
    res.on("error", onError);
    try {
      receive(req, res).catch((err: unknown) => failed(res, err));
    } catch (err) {
      failed(res, err);
    }
    return true;
  };
}

/**
 * The errors as the form says them: one per field, the form's message when the field
 * has one and the rule is one a visitor can break (a short name, a bad e-mail), ajv's
 * words otherwise (a field the form has not, a list with repeats).
 */
function inWords(errors: FieldError[], messages: Record<string, string> = {}): FieldError[] {
  const out = new Map<string, FieldError>();
  for (const e of errors) {
    const own = messages[e.field];
    const message = own !== undefined && e.rule !== undefined && MESSAGE_KEYWORDS.has(e.rule) ? own : e.message;
    out.set(`${e.field}\0${message}`, { field: e.field, message });
  }
  return [...out.values()];
}

export interface StoredLeads {
  leads: Record<string, unknown>[];
  /** Lines that are not JSON, such as a last line cut short by an interrupted write. */
  skipped: number;
}

/** The leads of a JSON Lines file, skipping broken lines. A missing file has none. */
export async function readLeads(file: string): Promise<StoredLeads> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { leads: [], skipped: 0 };
    throw err;
  }
  const out: StoredLeads = { leads: [], skipped: 0 };
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value)) out.leads.push(value as Record<string, unknown>);
      else out.skipped++;
    } catch {
      out.skipped++;
    }
  }
  return out;
}
