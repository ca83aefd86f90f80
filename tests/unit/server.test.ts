import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib/server.ts";

let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), "bos-serve-"));
  mkdirSync(path.join(dist, "pricing"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "home");
  writeFileSync(path.join(dist, "pricing/index.html"), "pricing");
  writeFileSync(path.join(dist, "404.html"), "missing");
  writeFileSync(path.join(dist, "assets/site-abcdef1234.css"), "body{}");
  server = await startServer({ dist, port: 0 });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("static server", () => {
  it.each([
    ["/", 200, "home"],
    ["/pricing", 200, "pricing"],
    ["/pricing/", 200, "pricing"],
    ["/pricing/index.html", 200, "pricing"],
    ["/nope", 404, "missing"],
    ["/assets/", 404, "missing"],
    ["/../package.json", 404, "missing"],
    ["/%2e%2e/%2e%2e/etc/passwd", 404, "missing"],
  ])("%s -> %i", async (url, status, body) => {
    const res = await fetch(base + url, { redirect: "manual" });
    expect(res.status).toBe(status);
    expect(await res.text()).toBe(body);
  });

  it("caches hashed assets for a year and revalidates HTML", async () => {
    const css = await fetch(`${base}/assets/site-abcdef1234.css`);
    expect(css.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect((await fetch(`${base}/`)).headers.get("cache-control")).toBe("no-cache");
  });
});
