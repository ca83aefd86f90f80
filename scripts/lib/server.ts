/**
 * Serves dist/ the way a static host does: /x and /x/ both serve x/index.html
 * (no redirect), files are served as they are, and anything else gets 404.html
 * with status 404. Hashed assets are cached for a year; HTML is revalidated.
 * Bound to 127.0.0.1. Written here rather than with `serve` so that these rules
 * are exact and the dev server can hook into the same code.
 */
import { createReadStream, promises as fs } from "node:fs";
import http from "node:http";
import path from "node:path";

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
  /** Lets the dev server change HTML on its way out and answer its own routes. */
  transformHtml?: (html: string) => string;
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
      let file = await lookup(dist, urlPath);
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
      const headers: Record<string, string> = {
        "Content-Type": TYPES[ext] ?? "application/octet-stream",
        "Cache-Control": /-[a-z0-9]{8,}\.\w+$/i.test(file) && status === 200 ? "public, max-age=31536000, immutable" : "no-cache",
        "X-Content-Type-Options": "nosniff",
      };
      if (ext === ".html" && options.transformHtml) {
        const html = options.transformHtml(await fs.readFile(file, "utf8"));
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
