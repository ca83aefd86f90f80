/**
 * The static server (scripts/lib/server.ts) under bad requests and faults: malformed
 * request targets, a file deleted (and dist/ moved away) while it is being sent, slow
 * clients, a thousand idle connections; and what serve-handler brings (ETag, 304, Range).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, startServer } from "../../scripts/lib/server.ts";

let dir: string;
let dist: string;
let server: http.Server;
let port: number;
const BIG = Buffer.alloc(8 * 1024 * 1024, "abcdefghijklmnopqrstuvwxyz0123456789\n");

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "bos-faults-"));
  dist = path.join(dir, "dist");
  mkdirSync(path.join(dist, "pricing"), { recursive: true });
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "home");
  writeFileSync(path.join(dist, "pricing/index.html"), "pricing");
  writeFileSync(path.join(dist, "404.html"), "missing");
  writeFileSync(path.join(dist, "assets/app-abcdef1234.js"), "console.log('app');");
  writeFileSync(path.join(dist, "assets/big-abcdef1234.txt"), BIG);
  writeFileSync(path.join(dist, "_headers"), "/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n");
  server = await startServer({ dist, port: 0, headersTimeoutMs: 500, requestTimeoutMs: 1000 });
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => {
  server.close();
  server.closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes and resolves with everything the server answers until it closes (or `waitMs`). */
function raw(request: string, waitMs = 3000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, waitMs);
    socket.on("data", (d) => (text += d));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

describe("request targets", () => {
  it.each(["http://[/", "http://[::1/x", "*", "ftp://127.0.0.1/", "//evil.example/"])("GET %s -> 400, and the server goes on", async (target) => {
    const { text } = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).not.toMatch(/TypeError|Invalid URL/);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });

  it("serves the absolute form of a target (GET http://host/path)", async () => {
    const { text } = await raw(`GET http://127.0.0.1:${port}/pricing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text.endsWith("pricing")).toBe(true);
  });

  it("answers other methods 405 with Allow", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("what serve-handler brings", () => {
  it("an ETag, and 304 for a matching If-None-Match", async () => {
    const first = await fetch(`http://127.0.0.1:${port}/pricing`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await fetch(`http://127.0.0.1:${port}/pricing`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("Range: 206 with exactly the bytes asked for", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/assets/app-abcdef1234.js`, { headers: { Range: "bytes=0-6" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 0-6/19");
    expect(await res.text()).toBe("console");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });
});

describe("files that disappear", () => {
  it("a file deleted and dist/ moved away while it is sent: the whole old file arrives, the server goes on", async () => {
    const body = await new Promise<Buffer>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}/assets/big-abcdef1234.txt`, (res) => {
        const chunks: Buffer[] = [];
        res.once("data", (first: Buffer) => {
          chunks.push(first);
          res.pause();
          // Mid-response: the file goes, and so does the folder, as in a build's swap.
          rmSync(path.join(dist, "assets/big-abcdef1234.txt"));
          renameSync(dist, `${dist}-moved`);
          setTimeout(() => {
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve(Buffer.concat(chunks)));
            res.on("error", reject);
            res.resume();
          }, 50);
        });
      });
      req.on("error", reject);
    });
    renameSync(`${dist}-moved`, dist);
    expect(body.length).toBe(BIG.length);
    expect(body.equals(BIG)).toBe(true);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("home");
    writeFileSync(path.join(dist, "assets/big-abcdef1234.txt"), BIG);
  });
});

describe("slow clients", () => {
  it("are cut off by default within a few seconds, not Node's 60 s and 300 s", async () => {
    const s = await startServer({ dist, port: 0 });
    try {
      expect(s.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
      expect(s.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
      expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(15_000);
    } finally {
      s.close();
    }
  });

  it("headers that never finish: the connection is closed after the headers timeout", async () => {
    const { text, closed } = await raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n`, 4000);
    expect(closed).toBe(true);
    expect(text).toMatch(/^(HTTP\/1\.1 408 |)/);
  });

  it("a body that never finishes: the request is cut off after the request timeout", async () => {
    const { text, closed } = await raw(`POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":`, 5000);
    expect(closed).toBe(true);
    expect(text).toMatch(/^(HTTP\/1\.1 408 |)/);
  });
});

describe("a thousand idle connections", () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill());

  it("do not keep pages or leads from being answered, and are closed after the headers timeout", async () => {
    const leads = path.join(dir, "leads.jsonl");
    child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/generator/support/serve-child.ts"), dist], {
      cwd: ROOT,
      env: { ...process.env, LEADS_FILE: leads, HEADERS_TIMEOUT_MS: "1500", REQUEST_TIMEOUT_MS: "3000" },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const childPort = await new Promise<number>((resolve) => child!.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim()))));
    /** The server's own count: connections it has accepted, and those still open. */
    const serverCount = () =>
      new Promise<{ accepted: number; open: number }>((resolve) => {
        child!.stdout!.once("data", (d: Buffer) => {
          const [accepted, open] = String(d).trim().split(" ").map(Number);
          resolve({ accepted: accepted!, open: open! });
        });
        child!.stdin!.write("\n");
      });
    // Opened a hundred at a time: a thousand at once can overflow the queue of connections waiting to be accepted
    // (Node's default backlog, 511), and a connection dropped there may look open to its client without ever reaching
    // the server (CI once counted 999 of 1000 closed after 240 s).
    const idle: net.Socket[] = [];
    for (let batch = 0; batch < 10; batch++)
      idle.push(
        ...(await Promise.all(
          Array.from(
            { length: 100 },
            () =>
              new Promise<net.Socket>((resolve, reject) => {
                const s = net.connect(childPort, "127.0.0.1", () => resolve(s));
                s.on("error", reject);
              }),
          ),
        )),
      );
    const page = await fetch(`http://127.0.0.1:${childPort}/pricing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe("pricing");
    const lead = { name: "Jane Smith", location: "Calgary, AB", companyName: "Maple Property Group", numberOfProperties: "10-25", propertyTypes: ["Residential"], email: "jane@company.com" };
    const res = await fetch(`http://127.0.0.1:${childPort}/api/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(lead) });
    expect(res.status).toBe(201);
    expect(JSON.parse(readFileSync(leads, "utf8").trim())).toMatchObject(lead);
    // Nothing was ever sent on them: the server closes them once the headers timeout has passed
    // (Node checks every few seconds: waited for, however busy the machine, not timed; the limit only ends a hang).
    // Counted by the server itself: on a machine busy with two other suites, CI once saw 997 of the 1000 clients
    // closed after 240 s, the other 3 never having reached the server (still queued in the kernel, they look open
    // to their client). What the server accepted, it must close, the page's and the lead's connections too.
    await vi.waitFor(async () => expect((await serverCount()).open).toBe(0), { timeout: 240_000, interval: 500 });
    const { accepted } = await serverCount();
    expect(accepted, "connections the server accepted").toBeGreaterThan(900);
    // Not counted on the clients' side as well: CI once saw 11 of them still waiting for their 'close' a minute after
    // the server had closed every connection it accepted (a busy machine; what a client sees adds nothing here).
    idle.forEach((s) => s.destroy());
    expect(child.exitCode).toBeNull();
  }, 300_000);
});
