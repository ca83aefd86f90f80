/**
 * The Studio's write guard (server.ts, lib/same-origin.ts): a save from another origin,
 * without the per-run token, or with a Host that is not this machine gets 403 and
 * writes nothing. The same request with the token, from the app's origin, is accepted:
 * so the refusals are the guard's doing.
 */
import http from "node:http";
import { expect, test, type RunningStudio } from "./support/studio.ts";

const FILE = "content/collections/plans.json";

function request(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, setHost: !("Host" in headers) }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function tokenAndVersion(studio: RunningStudio): Promise<{ token: string; version: string; data: { items: { name: string }[] } }> {
  const page = await request(`${studio.url}/`, "GET", {});
  const token = /<meta name="studio-token" content="([^"]+)">/.exec(page.text)?.[1];
  expect(token).toBeTruthy();
  const file = JSON.parse((await request(`${studio.url}/api/file?path=${encodeURIComponent(FILE)}`, "GET", {})).text) as { version: string; data: { items: { name: string }[] } };
  return { token: token!, version: file.version, data: file.data };
}

test("saves from another origin, without the token, or for another Host are refused and write nothing", async ({ sharedStudio: studio }) => {
  const { token, version, data } = await tokenAndVersion(studio);
  const before = studio.bytes(FILE);
  const changed = structuredClone(data);
  changed.items[0]!.name = "Written by evil.example";
  const body = JSON.stringify({ path: FILE, data: changed, version });
  const own = new URL(studio.url);
  const json = { "content-type": "application/json" };
  const refused: [string, Record<string, string>][] = [
    ["another origin, with the token", { ...json, Origin: "http://evil.example", "x-studio-token": token }],
    ["another origin, without the token", { ...json, Origin: "http://evil.example" }],
    ["the app's origin, without the token", { ...json, Origin: own.origin }],
    ["the app's origin, a wrong token", { ...json, Origin: own.origin, "x-studio-token": `${token}x` }],
    ["Host evil.example (DNS rebinding)", { ...json, Host: "evil.example", Origin: "http://evil.example", "x-studio-token": token }],
    ["Host evil.example with the app's port", { ...json, Host: `evil.example:${own.port}`, "x-studio-token": token }],
  ];
  for (const [what, headers] of refused) {
    const res = await request(`${studio.url}/api/save`, "POST", headers, body);
    expect(res.status, what).toBe(403);
    expect(studio.bytes(FILE).equals(before), what).toBe(true);
  }
  // Reading with another Host is refused too (no DNS-rebinding page can read the content).
  expect((await request(`${studio.url}/`, "GET", { Host: "evil.example" })).status).toBe(403);
  expect((await request(`${studio.url}/api/file?path=${encodeURIComponent(FILE)}`, "GET", { Host: `evil.example:${own.port}` })).status).toBe(403);

  // The control: the same request, from the app's origin with its token, is accepted
  // (with the file's own data, so it writes the same bytes).
  const ok = await request(`${studio.url}/api/save`, "POST", { ...json, Origin: own.origin, "x-studio-token": token }, JSON.stringify({ path: FILE, data, version }));
  expect(ok.status, ok.text).toBe(200);
  expect(studio.bytes(FILE).equals(before)).toBe(true);
  expect((await studio.git("status", "--porcelain", "--", "content")).trim()).toBe("");
});
