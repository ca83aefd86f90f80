/**
 * The Building OS site's dist/_headers, served by serve-handler (scripts/lib/serve-config.ts):
 * every page, asset and the 404 page are served with exactly the headers the _headers
 * rules give their URL. (The pattern translation, and the same on the fixture site:
 * tests/generator/serve-config.test.ts.)
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedHeaders } from "../generator/support/served-headers.ts";
import { startServer } from "../../scripts/lib/server.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { projectsRemovedAfterAll } from "./project.ts";

describe("the real site's _headers, served by serve-handler", () => {
  const project = projectsRemovedAfterAll(afterAll);
  let server: Server;
  let base: string;
  let dist: string;
  beforeAll(async () => {
    const p = project();
    dist = p.dist;
    expect((await runPipeline(p, { mode: "build" })).ok).toBe(true);
    server = await startServer({ dist, port: 0 });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }, 120_000);
  afterAll(() => server?.close());

  it("gives every page (at /x and /x/), asset and the 404 page the headers of its URL's rules", async () => {
    const { urls, mismatches, compared } = await servedHeaders(base, dist);
    expect(mismatches).toEqual([]);
    expect(urls.length).toBeGreaterThan(30);
    expect(compared).toBeGreaterThan(urls.length * 5);
  });

  it("caches hashed assets for a year and never a 404", async () => {
    const html = await (await fetch(`${base}/`)).text();
    const asset = /\/assets\/[^"']+\.(?:js|woff2|svg)/.exec(html)![0];
    expect((await fetch(base + asset, { method: "HEAD" })).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await fetch(`${base}/assets/gone-abcdef1234.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-cache");
  });
});
