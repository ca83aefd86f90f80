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
  writeFileSync(
    path.join(dist, "_headers"),
    [
      "# served by the rules below",
      "/*",
      "  Content-Security-Policy: default-src 'self'",
      "  X-Content-Type-Options: nosniff",
      "/assets/*",
      "  Cache-Control: public, max-age=31536000, immutable",
      "/pricing/*",
      "  X-Pricing: yes",
      "",
    ].join("\n"),
  );
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

  it("answers with the headers dist/_headers gives the path, and no-cache where it gives none", async () => {
    const css = await fetch(`${base}/assets/site-abcdef1234.css`);
    expect(css.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("content-security-policy")).toBe("default-src 'self'");
    const home = await fetch(`${base}/`);
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(home.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("x-pricing")).toBeNull();
    expect((await fetch(`${base}/pricing/`)).headers.get("x-pricing")).toBe("yes");
  });

  it("never lets a 404 be cached for a year, and still sends the security headers with it", async () => {
    const res = await fetch(`${base}/assets/gone-abcdef1234.css`);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
  });

  it.each(["/_headers", "/%5Fheaders", "/%2e/_headers", "/assets/%2e%2e/_headers", "/_headers.nginx.conf"])("does not serve the deployment file %s", async (url) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("missing");
  });
});
