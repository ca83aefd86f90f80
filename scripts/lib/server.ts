/**
 * The static server of `npm start` and `npm run dev`: dist/ through serve-handler, the
 * handler inside `serve`, configured as the static hosts behave:
 *
 * - /x and /x/ both serve x/index.html (no redirect); files are served as they are;
 *   anything else gets 404.html with status 404;
 * - the headers are dist/_headers' rules (as on Netlify and Cloudflare Pages, written by
 *   pipeline/stages/headers/headers.ts), given to serve-handler as its `headers` configuration
 *   (serve-config.ts); a response no rule gives a Cache-Control gets "no-cache", and
 *   only a 200 may be cached for long; the _headers files themselves are not served;
 * - ETag, If-None-Match (304) and Range (206) come from serve-handler;
 * - text (HTML, CSS, JavaScript, SVG, JSON) is sent compressed, gzip or Brotli as the
 *   browser accepts, by the `compression` middleware, as every static host sends it: a
 *   page of 180 KB arrives as 30 KB (what Lighthouse measures through this server, too).
 *   A Range request is answered uncompressed, byte for byte of the file.
 *
 * Around it, only what it cannot do: the `handle` hook (the lead receiver, the dev
 * server's events), the dev client put into pages (`transformHtml`), and robustness:
 *
 * - each file is opened once and both its size and its bytes come from that open file,
 *   so a build replacing dist/ meanwhile gives the old file or the new one, whole;
 * - the site's folder is found per request (lib/swap.ts: dist/, or the folder a swap
 *   under way names) and a request that met a missing file while dist/ was replaced
 *   starts again, so a swap never answers 404 or 500 for a file in both versions;
 * - a malformed request target gets 400; a read error ends that one response; slow
 *   clients are cut off (headers within 5 s, the whole request within 10 s).
 *
 * Bound to 127.0.0.1.
 */
import { constants, createReadStream, promises as fs, type Stats } from "node:fs";
import http from "node:http";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import compression from "compression";
import handler from "serve-handler";
import { parseHeadersFile } from "./headers-file.ts";
import { serveHeaders, type ServeHeaderRule } from "./serve-config.ts";
import { servingFolder } from "./swap.ts";

import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "./timeouts.ts";
export { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS };

export interface ServerOptions {
  dist: string;
  port: number;
  host?: string;
  /**
   * Lets the dev server change HTML on its way out (and the response's headers,
   * e.g. to allow its own inline script in the Content-Security-Policy).
   */
  transformHtml?: (html: string, headers: Record<string, string>) => string;
  /** With transformHtml: the HTML to serve instead of a page's file in the site's folder (by its path there, "about/index.html"). */
  htmlInstead?: (file: string) => string | undefined;
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  /** For tests: shorter limits than HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
}

const code = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;

/** The deployment files next to the site (_headers, _headers.nginx.conf, …) are not pages. */
function isDeployFile(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return /^_headers(\.|$)/.test(rel);
}

/**
 * The `headers` configuration from root/_headers, read and parsed again only when the
 * file changed: one stat per request. (Replaced between the stat and the read, the new
 * text is kept under the old key, and the next request's stat reads it again.)
 */
const configs = new Map<string, { key: string; headers: ServeHeaderRule[] }>();
async function headersConfig(root: string): Promise<ServeHeaderRule[]> {
  const file = path.join(root, "_headers");
  let key: string;
  try {
    const st = await fs.stat(file);
    key = `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch (err) {
    // No _headers in a folder that is still there: a site without one. (A folder gone meanwhile is the caller's to handle.)
    if (code(err) === "ENOENT" && (await fs.stat(root).then(() => true, () => false))) return serveHeaders([]);
    throw err;
  }
  const cached = configs.get(root);
  if (cached?.key === key) return cached.headers;
  const headers = serveHeaders(parseHeadersFile(await fs.readFile(file, "utf8")));
  configs.set(root, { key, headers });
  return headers;
}

/**
 * serve-handler with our file methods. Its published types describe callback-style
 * fs functions; the handler awaits promises (serve-handler/src/index.js getHandlers).
 */
const serve = (req: http.IncomingMessage, res: http.ServerResponse, config: object, methods: object) =>
  handler(req, res, config as Parameters<typeof handler>[2], methods as unknown as Parameters<typeof handler>[3]);

/** Compresses what static hosts compress; a Range request gets the file's own bytes (a range of a compressed body would be another file's range). */
const compress = compression({ filter: (req, res) => !req.headers["range"] && compression.filter(req, res) });

/** Thrown through serve-handler to start a request again on the site's new folder. */
class Restart extends Error {}

function plain(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", ...headers }).end(text);
}

/** The request target as a path and query, or undefined when it is not one (`GET http://[/`). */
function requestTarget(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    if (raw.startsWith("/")) {
      new URL(raw, "http://localhost"); // throws on what cannot be a path
      return raw.startsWith("//") ? undefined : raw;
    }
    const url = new URL(raw); // the absolute form, "GET http://localhost:3000/about"
    return url.protocol === "http:" || url.protocol === "https:" ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}

/** A path that leaves the site's folder ("/%2e%2e/x") or holds a NUL: not found, as on a static host (serve-handler would answer 400 or 500). */
function outsideSite(target: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(target, "http://localhost").pathname);
  } catch {
    return false; // serve-handler answers 400
  }
  return decoded.includes("\0") || path.posix.normalize(decoded).startsWith("/..");
}

interface Opened {
  handle: fs.FileHandle;
  stats: Stats;
  /** Dev: the page's text, changed by transformHtml when its headers are known. */
  html?: string;
}

async function serveStatic(dist: string, options: ServerOptions, req: http.IncomingMessage, res: http.ServerResponse, attempt = 0): Promise<void> {
  // As the request came: a 404 answer rewrites these (notFound), and a restart needs them back.
  const asSent = { url: req.url, ifNoneMatch: req.headers["if-none-match"], range: req.headers["range"] };
  const serving = await servingFolder(dist);
  if (!serving) {
    plain(res, 404, "Not found: there is no built site yet (npm run build).");
    return;
  }
  const root = serving.path;
  const opened = new Map<string, Opened>();
  let sawMissing = false;
  let forced404 = false;
  let transformed: { opened: Opened; body: PassThrough } | undefined;
  const dev = options.transformHtml;

  const open = async (file: string): Promise<Stats> => {
    if (isDeployFile(root, file)) throw Object.assign(new Error(`${file} is not served`), { code: "ENOENT" });
    const seen = opened.get(file);
    if (seen) return seen.stats;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      if (code(err) === "ELOOP") return fs.lstat(file); // a symbolic link: serve-handler refuses it
      if (code(err) === "ENOENT" || code(err) === "ENOTDIR") sawMissing = true;
      throw err;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return stats;
      }
      const entry: Opened = { handle, stats };
      if (dev && file.endsWith(".html")) entry.html = options.htmlInstead?.(path.relative(root, file).split(path.sep).join("/")) ?? (await handle.readFile("utf8"));
      opened.set(file, entry);
      return stats;
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
  };
  const closeAll = () => {
    for (const { handle } of opened.values()) handle.close().catch(() => {});
    opened.clear();
  };

  const methods = {
    lstat: open,
    realpath: (file: string) => fs.realpath(file),
    readdir: (dir: string) => fs.readdir(dir),
    createReadStream: (file: string, opts: { start?: number; end?: number } = {}): Readable => {
      const entry = opened.get(file);
      if (entry?.html !== undefined) {
        const body = new PassThrough();
        transformed = { opened: entry, body };
        return body;
      }
      const stream = entry
        ? createReadStream("", { fd: entry.handle, start: opts.start ?? 0, end: opts.end, autoClose: false })
        : createReadStream(file, opts);
      // A disk error mid-way ends this response, never the process.
      stream.on("error", () => res.destroy());
      return stream;
    },
    sendError: async (_absolutePath: string, _response: http.ServerResponse, _acceptsJSON: boolean, current: string, _handlers: unknown, config: object, spec: { statusCode: number }) => {
      // A file (or 404.html itself) missing because dist/ was replaced meanwhile: start again on the new folder.
      if (spec.statusCode === 404 && sawMissing && attempt < 3) {
        const now = await servingFolder(dist);
        if (now?.path !== root || now.ino !== serving.ino) throw new Restart();
      }
      if (spec.statusCode !== 404 || forced404) {
        plain(res, spec.statusCode, spec.statusCode === 404 ? "Not found" : "Error");
        return;
      }
      await notFound({ ...config, public: current });
    },
  };
  /** The site's 404.html, through serve-handler again (its headers, its length), with status 404. */
  const notFound = async (config: object) => {
    forced404 = true;
    req.url = "/404.html";
    delete req.headers["if-none-match"];
    delete req.headers["range"];
    await serve(req, res, config, methods);
  };

  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    const headers = (rest.find((r) => r && typeof r === "object") ?? {}) as Record<string, string | number>;
    if (forced404) {
      status = 404;
      delete headers["ETag"];
      delete headers["Accept-Ranges"];
    }
    if (status !== 200 && status !== 206) {
      for (const name of Object.keys(headers)) if (name.toLowerCase() === "cache-control") delete headers[name];
      headers["Cache-Control"] = "no-cache";
    }
    if (transformed && dev) {
      const text: Record<string, string> = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]));
      const html = Buffer.from(dev(transformed.opened.html!, text));
      for (const k of Object.keys(headers)) delete headers[k];
      Object.assign(headers, text, { "Content-Length": String(html.length) });
      transformed.body.end(html);
    }
    return writeHead.call(this, status, headers as http.OutgoingHttpHeaders);
  } as typeof res.writeHead;

  let headers: ServeHeaderRule[];
  try {
    headers = await headersConfig(root);
  } catch (err) {
    // The site's folder (or its _headers) vanished since it was looked up: dist/ was replaced meanwhile.
    res.writeHead = writeHead;
    if ((code(err) === "ENOENT" || code(err) === "ENOTDIR") && attempt < 3) return serveStatic(dist, options, req, res, attempt + 1);
    throw err;
  }
  const config = {
    public: root,
    cleanUrls: ["!/**/*.html"], // /x finds x/index.html; /x.html is served as it is, without a redirect
    trailingSlash: undefined,
    directoryListing: false,
    symlinks: false,
    etag: !dev,
    headers,
  };
  if (dev) delete req.headers["range"];
  res.on("close", closeAll);
  try {
    if (outsideSite(req.url ?? "/")) await notFound(config);
    else await serve(req, res, config, methods);
  } catch (err) {
    closeAll();
    res.writeHead = writeHead;
    if (err instanceof Restart) {
      req.url = asSent.url;
      if (asSent.ifNoneMatch !== undefined) req.headers["if-none-match"] = asSent.ifNoneMatch;
      if (asSent.range !== undefined && !dev) req.headers["range"] = asSent.range;
      return serveStatic(dist, options, req, res, attempt + 1);
    }
    throw err;
  }
}

export function startServer(options: ServerOptions): Promise<http.Server> {
  const dist = path.resolve(options.dist);
  const server = http.createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      // How often those limits are checked (Node's default is every 30 s).
      connectionsCheckingInterval: Math.min(1000, options.headersTimeoutMs ?? 1000),
    },
    async (req, res) => {
      req.socket.setTimeout(0); // it has sent its request (see "connection" below)
      try {
        const target = requestTarget(req.url);
        if (target === undefined) {
          plain(res, 400, "Bad request: the request target is not a path.", { Connection: "close" });
          return;
        }
        req.url = target;
        if (options.handle?.(req, res)) return;
        if (req.method !== "GET" && req.method !== "HEAD") {
          plain(res, 405, "Method not allowed: this server only serves files (GET, HEAD).", { Allow: "GET, HEAD" });
          return;
        }
        compress(req, res, () => {});
        await serveStatic(dist, options, req, res);
      } catch (err) {
        console.error(`Could not answer ${req.method} ${req.url}: ${(err as Error).message}`);
        plain(res, 500, "Internal error: the file could not be read.");
      }
    },
  );
  // Node's headers timeout counts from a request's first byte: a connection that never
  // sends one would stay open for ever. It gets the same time to send its request.
  const idleLimit = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  server.on("connection", (socket) => socket.setTimeout(idleLimit));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      // After listening, an error (such as too many open files on accept) is reported, not fatal.
      server.on("error", (err) => console.error(`The server at port ${options.port}: ${err.message}`));
      resolve(server);
    });
  });
}
