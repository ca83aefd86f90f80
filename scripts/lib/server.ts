/**
 * Serves dist/ the way a static host does: /x and /x/ both serve x/index.html
 * (no redirect), files are served as they are, and anything else gets 404.html
 * with status 404. Response headers come from dist/_headers, as on Netlify and
 * Cloudflare Pages (the build writes it: scripts/pipeline/headers.ts), so pages run
 * under the real Content-Security-Policy and caching; a response no rule gives a
 * Cache-Control gets "no-cache", and only a 200 may be cached for long. The
 * _headers files themselves are not served. Bound to 127.0.0.1. Written here rather
 * than with `serve` so that these rules are exact and the dev server can hook into
 * the same code.
 */
import { createReadStream, promises as fs } from "node:fs";
import http from "node:http";
import path from "node:path";
import { headersForPath, parseHeadersFile, type HeaderRule } from "./headers-file.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

export interface ServerOptions {
  dist: string;
  port: number;
  host?: string;
  /**
   * Lets the dev server change HTML on its way out (and the response's headers,
   * e.g. to allow its own inline script in the Content-Security-Policy).
   */
  transformHtml?: (html: string, headers: Record<string, string>) => string;
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file that answers a URL path, or undefined for a 404. */
export async function lookup(dist: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const target = path.join(dist, path.normalize(decoded));
  if (target !== dist && !target.startsWith(dist + path.sep)) return undefined;
  if (!decoded.endsWith("/") && (await isFile(target))) return target;
  const index = path.join(target, "index.html");
  if (await isFile(index)) return index;
  return undefined;
}

/** The rules of dist/_headers, or none when the build wrote none. */
async function readRules(dist: string): Promise<HeaderRule[]> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dist, "_headers"), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  return parseHeadersFile(text);
}

/** The deployment files next to the site (_headers, _headers.nginx.conf, …) are not pages. */
function isDeployFile(urlPath: string): boolean {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // lookup() answers 404 for it anyway
  }
  return /^\/_headers(\.|$)/.test(path.posix.normalize(decoded));
}

export function startServer(options: ServerOptions): Promise<http.Server> {
  const dist = path.resolve(options.dist);
  const server = http.createServer(async (req, res) => {
    try {
      if (options.handle?.(req, res)) return;
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { Allow: "GET, HEAD" }).end();
        return;
      }
      const urlPath = new URL(req.url ?? "/", "http://localhost").pathname;
      let file = isDeployFile(urlPath) ? undefined : await lookup(dist, urlPath);
      let status = 200;
      if (!file) {
        status = 404;
        file = path.join(dist, "404.html");
        if (!(await isFile(file))) {
          res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
          return;
        }
      }
      const ext = path.extname(file);
      const headers: Record<string, string> = { "Content-Type": TYPES[ext] ?? "application/octet-stream" };
      // Read on every request: the dev server rebuilds dist/ under a running server.
      for (const [name, value] of headersForPath(await readRules(dist), urlPath)) headers[name] = value;
      const cache = Object.keys(headers).find((n) => n.toLowerCase() === "cache-control");
      if (!cache) headers["Cache-Control"] = "no-cache";
      else if (status !== 200) headers[cache] = "no-cache";
      if (ext === ".html" && options.transformHtml) {
        const html = options.transformHtml(await fs.readFile(file, "utf8"), headers);
        res.writeHead(status, headers).end(req.method === "HEAD" ? undefined : html);
        return;
      }
      headers["Content-Length"] = String((await fs.stat(file)).size);
      res.writeHead(status, headers);
      if (req.method === "HEAD") res.end();
      else createReadStream(file).pipe(res);
    } catch (err) {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(String(err));
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => resolve(server));
  });
}
