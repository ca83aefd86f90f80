/**
 * npm run dev: builds, serves dist/ on http://localhost:3000 (PORT overrides) and
 * rebuilds when content/, schemas/ or templates/ change, reloading open pages.
 *
 * - The first build runs scripts/build.ts in a child process. Later builds go to
 *   the builder (scripts/dev-builder.ts), a child process that stays up and keeps the
 *   compiled schemas, browser bundles, stylesheet and templates between content
 *   edits; a change under schemas/ or templates/ replaces it with a fresh one, so
 *   templates are always imported as they are. One build at a time; changes that
 *   arrive mid-build are batched into one more build.
 * - A change under schemas/ first regenerates templates/content-types.ts.
 * - A failed build leaves dist/ as it was (the build guarantees that), so the last
 *   good site stays up while the browser shows the error in an overlay; fixing the
 *   content reloads the page.
 * - Live reload goes over Server-Sent Events on /__dev/events; the client script
 *   is injected into every HTML page (see scripts/lib/dev-client.ts). Pages are served
 *   with the headers of dist/_headers, like npm start, so the Content-Security-Policy
 *   applies while developing; the client script alone is added to it, by its hash.
 * - The local receiver the site module declares (this site: POST /api/leads) answers as
 *   with npm start (scripts/lib/leads.ts); a change to that declaration needs a restart.
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import type http from "node:http";
import net from "node:net";
import path from "node:path";
import { watch, type FSWatcher } from "chokidar";
import { DEV_EVENTS_PATH, injectDevClient, isEditorTempFile } from "./lib/dev-client.ts";
import { siteReceiver } from "./lib/leads.ts";
import { hostIsOwn } from "./lib/same-origin.ts";
import { GENERATOR, projectArg, projectPaths, rel, ROOT } from "./lib/paths.ts";
import { TSX_IMPORT } from "./lib/project.mjs";
import { startServer } from "./lib/server.ts";

/** Files of dist/ that no page shows or loads: writing them is no reason to reload a page. */
const UNSHOWN = new Set(["sitemap.xml", "routes.json", "robots.txt"]);
/** Editors write a file in one or two events within a few milliseconds: wait this long for the rest. */
const DEBOUNCE_MS = 25;
const KEEP_ALIVE_MS = 15_000;
// `--project <dir>`: another site (lib/paths.ts projectArg); its builds inherit the choice.
const extra = await projectArg(process.argv.slice(2));
if (extra.length) {
  console.error(`Unknown option ${extra.join(" ")}. Usage: npm run dev [-- --project <dir>]`);
  process.exit(2);
}
const paths = projectPaths();
/** Generated content types (gen-types.ts), where the project has them; a project without keeps its own types. */
const TYPES_FILE = path.join(paths.templates, "content-types.ts");
const ownTypes = existsSync(TYPES_FILE);
/** As the watcher names it: "templates/content-types.ts". */
const TYPES_REL = `templates/${rel(paths.templates, TYPES_FILE)}`;
const WATCHED: Array<[name: string, dir: string]> = [
  ["content", paths.content],
  ["schemas", paths.schemas],
  ["templates", paths.templates],
];

const portText = process.env["PORT"] ?? "3000";
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${portText}".`);
  process.exit(1);
}

// ---------------------------------------------------------------- state

/** The failed build's output, while the last build failed. */
let lastError: string | undefined;
/** Identifies the dist/ being served; changes with every good build. */
let buildId = newBuildId();
/**
 * Pages the one-page rebuild made (pipeline/index.ts pagesFrom), by their files in dist/: served in place
 * of dist/'s until the whole build that follows is done, so dist/ only ever holds whole builds.
 */
let quickPages = new Map<string, string>();
/** templates/content-types.ts as the last build saw it (see runBatch). */
let typesSnapshot: string | undefined;
let child: ChildProcess | undefined;
let stopping = false;
let server: http.Server | undefined;
const clients = new Set<http.ServerResponse>();
let watcher: FSWatcher | undefined;

function newBuildId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function stamp(): string {
  return new Date().toTimeString().slice(0, 8);
}

function status(line: string): void {
  console.log(`[dev ${stamp()}] ${line}`);
}

// ---------------------------------------------------------------- child processes

interface RunResult {
  ok: boolean;
  output: string;
  ms: number;
  /** The builder's: the files of dist/ written or deleted (["*"]: all); for a { quick } request, whether the page was rebuilt on its own. */
  written?: string[];
  quick?: boolean;
  /** For a { quick } request: the rebuilt pages' HTML by their files in dist/. */
  pages?: Record<string, string>;
}

/** Runs a script of the project in a fresh Node process, echoing its output as it comes. */
function runScript(script: string): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let output = "";
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      child = undefined;
      resolve({ ok, output, ms: Math.round(performance.now() - started) });
    };
    const proc = spawn(process.execPath, ["--import", TSX_IMPORT, path.join(GENERATOR, script)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    child = proc;
    proc.stdout!.setEncoding("utf8");
    proc.stderr!.setEncoding("utf8");
    proc.stdout!.on("data", (chunk: string) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    proc.stderr!.on("data", (chunk: string) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    proc.on("error", (err) => {
      output += `\nCould not run ${script}: ${err.message}\n`;
      finish(false);
    });
    proc.on("close", (code, signal) => {
      if (code !== 0) output += signal ? `\n${script} was stopped by ${signal}.\n` : "";
      finish(code === 0);
    });
  });
}

let builder: { proc: ChildProcess; stderr: string } | undefined;

function stopBuilder(): void {
  builder?.proc.kill("SIGTERM");
  builder = undefined;
}

/** Starts the builder if it is not running; it warms its cache straight away. */
function ensureBuilder(): NonNullable<typeof builder> {
  if (!builder) {
    // React's production build renders the same HTML two to three times faster.
    const env = { ...process.env, NODE_ENV: process.env["NODE_ENV"] ?? "production" };
    const proc = fork(path.join(GENERATOR, "dev-builder.ts"), [], { cwd: ROOT, env, execArgv: ["--import", TSX_IMPORT], stdio: ["ignore", "inherit", "pipe", "ipc"] });
    const b = { proc, stderr: "" };
    proc.stderr!.setEncoding("utf8");
    proc.stderr!.on("data", (chunk: string) => {
      b.stderr += chunk;
      process.stderr.write(chunk);
    });
    proc.on("exit", () => {
      if (builder === b) builder = undefined;
    });
    builder = b;
  }
  return builder;
}

/**
 * A build by the long-running builder: the whole site, or ({ quick }) the page of one saved
 * file on its own (pipeline/index.ts pagesFrom), which answers quick: false when the save needs the whole build.
 */
function runBuilder(request: "build" | { quick: string } = "build"): Promise<RunResult> {
  const started = performance.now();
  const b = ensureBuilder();
  return new Promise((resolve) => {
    const done = (r: Omit<RunResult, "ms">) => {
      b.proc.off("message", onMessage);
      b.proc.off("exit", onExit);
      resolve({ ...r, ms: Math.round(performance.now() - started) });
    };
    const onMessage = (m: unknown) => {
      if (m === "ready") return;
      const reply = m as Omit<RunResult, "ms">;
      if (reply.output && request === "build") (reply.ok ? process.stdout : process.stderr).write(reply.output);
      done(reply);
    };
    const onExit = () => done({ ok: false, output: b.stderr || "The builder stopped without saying why." });
    b.proc.on("message", onMessage);
    b.proc.on("exit", onExit);
    b.proc.send(request);
  });
}

function errorText(output: string, fallback: string): string {
  const text = output.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "").trim();
  return text || fallback;
}

// ---------------------------------------------------------------- live reload (SSE)

function send(res: http.ServerResponse, event: string, data: string): void {
  res.write(`event: ${event}\n${data.split("\n").map((l) => `data: ${l}\n`).join("")}\n`);
}

function broadcast(event: string, data: string): void {
  for (const res of clients) send(res, event, data);
}

/** Tells a newly connected page where things stand, in case it missed an event. */
function sendState(res: http.ServerResponse): void {
  if (lastError !== undefined) send(res, "error", JSON.stringify(lastError));
  else send(res, "ok", buildId);
}

/** The port the server listens on: PORT, or the one the system chose for PORT=0. */
let listeningPort = port;

function handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  // Drafts, errors naming the project's folders and the reload stream are for this machine's browser only:
  // a page of another site whose name was made to resolve here (DNS rebinding) is refused, as by the Studio.
  if (!hostIsOwn(req.headers.host, listeningPort)) {
    res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end(`The dev server only answers on its own address: http://localhost:${listeningPort}/.\n`);
    return true;
  }
  const pathname = (req.url ?? "/").split(/[?#]/)[0];
  if (pathname !== DEV_EVENTS_PATH) return false;
  if (req.method !== "GET") {
    res.writeHead(405, { Allow: "GET", "Content-Type": "text/plain; charset=utf-8" }).end("The reload stream is only read (GET).\n");
    return true;
  }
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.write("retry: 1000\n\n");
  sendState(res);
  clients.add(res);
  req.on("close", () => clients.delete(res));
  return true;
}

const keepAlive = setInterval(() => {
  for (const res of clients) res.write(": keep-alive\n\n");
}, KEEP_ALIVE_MS);

// ---------------------------------------------------------------- builds

function buildFailed(text: string, what: string, ms: number): void {
  lastError = text;
  broadcast("error", JSON.stringify(text));
  status(`✗ ${what} failed in ${ms} ms. Still serving the last good dist/; open pages show the error.`);
}

/** `afterQuick`: the saved page was rebuilt on its own and reloaded already; pages reload again only if this build wrote more. */
async function build(first = false, afterQuick = false): Promise<void> {
  typesSnapshot = await fs.readFile(TYPES_FILE, "utf8").catch(() => undefined);
  const result = first ? await runScript("build.ts") : await runBuilder();
  if (stopping) return;
  // dist/ (the new build, or the last good one) is what is served again.
  const servedQuick = new Set(quickPages.keys());
  const hadQuick = servedQuick.size > 0;
  quickPages = new Map();
  if (!result.ok) {
    buildFailed(errorText(result.output, "The build failed without printing anything."), "Build", result.ms);
    // The page rebuilt on its own is not served any more: open pages reload into the last good site with the error.
    if (hadQuick) broadcast("reload", (buildId = newBuildId()));
    return;
  }
  lastError = undefined;
  // Files no page shows (the sitemap's dates change with a save) are no reason to reload a page again, nor the pages
  // the one-page rebuild served already (the whole build writes them as they were served: tests/unit/oracle.test.ts).
  if (afterQuick && result.written?.every((f) => UNSHOWN.has(f) || servedQuick.has(f))) {
    status(`✓ Built in ${result.ms} ms; no other page changed.`);
    return;
  }
  buildId = newBuildId();
  broadcast("reload", buildId);
  status(`✓ Built in ${result.ms} ms.${clients.size ? ` Reloading ${clients.size} page${clients.size === 1 ? "" : "s"}.` : ""}`);
}

/** Handles one batch of changed paths (relative to the root, "name/" when unknown). */
async function runBatch(changed: Set<string>): Promise<void> {
  const list = [...changed].sort();
  // gen-types rewrites templates/content-types.ts, which the watcher then reports:
  // nothing to do if it is still what the last build saw.
  if (list.length === 1 && list[0] === TYPES_REL) {
    const now = await fs.readFile(TYPES_FILE, "utf8").catch(() => undefined);
    if (now !== undefined && now === typesSnapshot) return;
  }
  const shown = list.length > 3 ? `${list.slice(0, 3).join(", ")} and ${list.length - 3} more` : list.join(", ");
  status(`Changed: ${shown}. Rebuilding...`);
  // The builder keeps schemas and templates in memory: start a fresh one when they change.
  if (list.some((f) => f.startsWith("schemas/") || f.startsWith("templates/"))) stopBuilder();
  ensureBuilder();
  // One content file saved after a good build: its page first, on its own (pipeline/index.ts pagesFrom),
  // reloaded at once; then the whole build, which updates what else the save touched and reports any issue.
  let quick = false;
  if (list.length === 1 && list[0]!.startsWith("content/") && lastError === undefined) {
    const q = await runBuilder({ quick: list[0]! });
    if (stopping) return;
    if (q.ok && q.quick) {
      quick = true;
      quickPages = new Map(Object.entries(q.pages ?? {}));
      buildId = newBuildId();
      broadcast("reload", buildId);
      status(`✓ ${q.output.trim()}${clients.size ? ` Reloading ${clients.size} page${clients.size === 1 ? "" : "s"}.` : ""}`);
    }
  }
  if (ownTypes && list.some((f) => f.startsWith("schemas/"))) {
    const types = await runScript("gen-types.ts");
    if (stopping) return;
    if (!types.ok) {
      const text = errorText(types.output, "gen-types.ts failed without printing anything.");
      buildFailed(`Regenerating ${TYPES_REL} from schemas/ failed:\n\n${text}`, "Type generation", types.ms);
      return;
    }
  }
  await build(false, quick);
}

/**
 * The paths changed since the last batch began (relative to the root, "name/" when unknown),
 * each with its absolute path and whether it was created within the batch: one created and gone
 * again by the time the batch runs (sed -i's and some editors' temporary file, renamed over the
 * original) changed nothing. Whether it is gone is asked of the disk, not of the order of events.
 */
let pending = new Map<string, { created: boolean; abs: string }>();
let running = false;
let debounce: NodeJS.Timeout | undefined;

async function drain(): Promise<void> {
  if (running) return; // the loop below picks up what arrives meanwhile
  running = true;
  try {
    while (pending.size && !stopping) {
      const taken = pending;
      pending = new Map();
      const batch = new Set([...taken].filter(([, p]) => !(p.created && !existsSync(p.abs))).map(([key]) => key));
      if (!batch.size) continue;
      const startedAt = Date.now();
      await runBatch(batch);
      await recheck(taken, startedAt);
    }
  } catch (err) {
    console.error(err);
  } finally {
    running = false;
  }
}

/**
 * A safety net under the watcher: the folders of a batch's files are looked at again once its
 * build is done, and a file written there since the build began whose event never came (a folder
 * replaced by git while a build ran) goes into the next batch.
 */
async function recheck(taken: Map<string, { abs: string }>, since: number): Promise<void> {
  const folders = new Set([...taken.values()].map((p) => path.dirname(p.abs)));
  for (const folder of folders) {
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const abs = path.join(folder, name);
      const stat = await fs.stat(abs).catch(() => undefined);
      if (stat?.isFile() && stat.mtimeMs >= since - 1) onChange("change", abs);
    }
  }
}

type WatchEvent = string;

function onChange(event: WatchEvent, file: string): void {
  if (stopping) return;
  const found = WATCHED.map(([name, dir]) => [name, path.relative(dir, file)] as const).find(([, r]) => !r.startsWith("..") && !path.isAbsolute(r));
  if (!found) return;
  const [name, relPath] = found;
  if (relPath && isEditorTempFile(relPath)) return;
  const key = relPath ? `${name}/${relPath.split(path.sep).join("/")}` : `${name}/`;
  pending.set(key, { created: pending.get(key)?.created ?? (event === "add" || event === "addDir"), abs: file });
  clearTimeout(debounce);
  debounce = setTimeout(() => void drain(), DEBOUNCE_MS);
}

// ---------------------------------------------------------------- shutdown

async function stop(): Promise<void> {
  if (stopping) process.exit(1); // a second Ctrl+C: do not wait
  stopping = true;
  clearTimeout(debounce);
  clearInterval(keepAlive);
  void watcher?.close();
  child?.kill("SIGTERM");
  stopBuilder();
  for (const res of clients) res.end();
  clients.clear();
  if (server) {
    const s = server;
    await new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  }
  console.log("\nStopped the dev server.");
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

// ---------------------------------------------------------------- start

function portInUse(err: unknown): never {
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Port ${port} is in use. Stop the other server or run with another port, e.g. PORT=${port + 1} npm run dev.`);
    process.exit(1);
  }
  throw err;
}

// Find out that the port is taken before spending a build on it.
await new Promise<void>((resolve, reject) => {
  const probe = net.createServer();
  probe.once("error", reject);
  probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
}).catch(portInUse);

// chokidar watches each folder and arms itself again on what replaces a file or a folder: saves by
// rename (vim, JetBrains' safe write, sed -i), delete-and-create, git checkout, a folder swapped whole.
// Node's recursive fs.watch follows inodes on Linux and went deaf to a file once it was replaced.
watcher = watch(
  WATCHED.map(([, dir]) => dir),
  { ignoreInitial: true, ignored: (file) => path.basename(file) === "node_modules" || path.basename(file) === ".git" },
);
watcher.on("all", (event, file) => onChange(event, file));
watcher.on("error", (err) => console.error(`Watching content/, schemas/ and templates/ failed: ${(err as Error).message}. Restart npm run dev to see later changes.`));
// Every folder is watched before the first build reads it, so a save at any moment after is seen: one made
// while the first build runs waits for it (running), and one made once the server answers rebuilds.
await new Promise<void>((resolve) => watcher!.once("ready", () => resolve()));

status("Building...");
running = true;
await build(true);
ensureBuilder();
if (stopping) await new Promise(() => {}); // stop() exits

const receiver = await siteReceiver(paths).catch((err: Error) => {
  console.error(`${err.message} Leads are not received until it is fixed and npm run dev restarted.`);
  return undefined;
});
server = await startServer({
  dist: paths.dist,
  port,
  handle: (req, res) => handle(req, res) || (receiver?.handle(req, res) ?? false),
  // Pages get the headers of dist/_headers, CSP included; the dev client is allowed by its hash.
  transformHtml: (html, headers) => injectDevClient(html, lastError, buildId, paths.root, headers),
  // A page the one-page rebuild just made, until the whole build is in dist/.
  htmlInstead: (file) => quickPages.get(file),
}).catch(portInUse);
listeningPort = (server.address() as net.AddressInfo).port;

if (lastError !== undefined) {
  const hasSite = await fs.stat(path.join(paths.dist, "index.html")).then(
    () => true,
    () => false,
  );
  if (!hasSite) console.log("There is no earlier good build in dist/ to serve until the content is fixed.");
}
console.log(`Serving dist/ on http://localhost:${port}, watching content/, schemas/ and templates/  (Ctrl+C to stop)`);
// What was saved while the first build ran.
running = false;
if (pending.size) void drain();
