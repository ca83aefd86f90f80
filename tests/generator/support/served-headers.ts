/**
 * Test helper: asks a running server (base) for every page of a built dist/ (at /x and
 * /x/), a few generated files and an unknown address, and compares each answer's headers
 * with what the _headers rules give its URL. For the fixture site and the Building OS site alike.
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { ProjectPaths } from "../../../scripts/lib/paths.ts";
import { startServer } from "../../../scripts/lib/server.ts";
import { runPipeline } from "../../../scripts/pipeline/index.ts";
import { headersForPath, parseHeadersFile } from "../../../scripts/lib/headers-file.ts";

export const GENERATED_FILES = ["/robots.txt", "/sitemap.xml", "/site.webmanifest"];

export async function servedHeaders(base: string, dist: string): Promise<{ urls: string[]; mismatches: string[]; compared: number }> {
  const rules = parseHeadersFile(readFileSync(path.join(dist, "_headers"), "utf8"));
  const routes = JSON.parse(readFileSync(path.join(dist, "routes.json"), "utf8")) as Array<{ path: string; status: number }>;
  const urls = routes.filter((r) => r.status === 200).flatMap((r) => (r.path === "/" ? ["/"] : [r.path, `${r.path}/`]));
  const mismatches: string[] = [];
  let compared = 0;
  for (const url of [...urls, ...GENERATED_FILES, "/no-such-page"]) {
    const res = await fetch(base + url, { method: "HEAD" });
    expect(res.status, url).toBe(url === "/no-such-page" ? 404 : 200);
    // A missing page is answered with 404.html, whose headers are those of /404.html.
    for (const [name, value] of headersForPath(rules, url === "/no-such-page" ? "/404.html" : url)) {
      compared++;
      if (res.headers.get(name) !== value) mismatches.push(`${url} ${name}: ${res.headers.get(name)} (expected ${value})`);
    }
    if (res.headers.get("cache-control") === null) mismatches.push(`${url}: no Cache-Control`);
    if (res.headers.get("content-disposition") !== null) mismatches.push(`${url}: a Content-Disposition`);
  }
  return { urls, mismatches, compared };
}

/**
 * A copy of a site built once before the test file's tests and served as npm start
 * serves it, stopped after them: `base` and `dist` are set once beforeAll has run.
 */
export function builtAndServed(project: () => ProjectPaths, timeout: number): { base: string; dist: string } {
  const served = { base: "", dist: "" };
  let server: Server | undefined;
  beforeAll(async () => {
    const p = project();
    served.dist = p.dist;
    expect((await runPipeline(p, { mode: "build" })).ok).toBe(true);
    server = await startServer({ dist: p.dist, port: 0 });
    served.base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }, timeout);
  afterAll(() => server?.close());
  return served;
}

/** Hashed assets are cached for a year; a missing one (a 404) never. */
export async function expectAssetCaching(base: string): Promise<void> {
  const html = await (await fetch(`${base}/`)).text();
  const asset = /\/assets\/[^"']+\.(?:js|woff2|svg)/.exec(html)![0];
  expect((await fetch(base + asset, { method: "HEAD" })).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const missing = await fetch(`${base}/assets/gone-abcdef1234.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("cache-control")).toBe("no-cache");
}
