/**
 * The Studio's server (scripts/studio/server.ts) on a copy of the fixture site, over
 * HTTP as the app and an attacker would call it: writes need the per-run token, the
 * Studio's own Host and Origin; saves keep the file's bytes but for the edit, refuse a
 * file with errors and a file changed on disk since; the preview renders drafts by the
 * site's templates with its markers, which a build never has.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { startStudio, type Studio } from "../../scripts/studio/server.ts";
import { DRAFT_REPLY_TYPE, draftReply, type SaveReply, type StudioFile, type StudioSite } from "../../scripts/studio/protocol.ts";
import { fixturesRemovedAfterAll, type FixtureProject } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
let site: FixtureProject;
let studio: Studio;
const HOME = "content/pages/index.json";

beforeAll(async () => {
  site = project();
  studio = await startStudio({ paths: site, port: 0, app: { js: "", css: "" } });
}, 60_000);
afterAll(() => studio?.close());

const url = (p: string) => `${studio.url}${p}`;
const own = () => ({ "x-studio-token": studio.token, origin: studio.url, "content-type": "application/json" });
const post = (p: string, body: unknown, headers: Record<string, string> = own()) => fetch(url(p), { method: "POST", headers, body: JSON.stringify(body) });
const disk = (file: string) => readFileSync(path.join(site.root, file), "utf8");
const open = async (file: string) => (await (await fetch(url(`/api/file?path=${encodeURIComponent(file)}`))).json()) as StudioFile;

describe("the Studio's server", () => {
  it("lists the site's pages with their addresses, its records and its images", async () => {
    const listed = (await (await fetch(url("/api/site"))).json()) as StudioSite;
    expect(listed.files.find((f) => f.path === HOME)).toMatchObject({ kind: "page", address: "/", label: "Kites for windy days" });
    expect(listed.addresses).toContain("/about/team");
    expect(listed.records["kites"]?.map((r) => r.id)).toEqual(expect.arrayContaining(["delta", "box"]));
    expect(listed.assets.map((a) => a.name)).toContain("assets/mark.svg");
    // A collection names the pages that show its records (the preview goes there when it is opened); the settings, which every page shows, none.
    expect(listed.files.find((f) => f.path === "content/collections/kites.json")?.shownOn).toContain("/");
    expect(listed.files.find((f) => f.kind === "site")?.shownOn).toBeUndefined();
  });

  it("refuses writes without the token, from another origin, or to another host, and writes nothing", async () => {
    const before = disk(HOME);
    const file = await open(HOME);
    const body = { path: HOME, data: { ...(file.data as object), title: "Hijacked title here" }, version: file.version };
    const attempts = [
      post("/api/save", body, { origin: studio.url, "content-type": "application/json" }),
      post("/api/save", body, { ...own(), "x-studio-token": "guessed" }),
      post("/api/save", body, { ...own(), origin: "http://evil.example" }),
      post("/api/save", body, { "x-studio-token": studio.token, origin: "http://evil.example", "content-type": "text/plain" }),
      post("/api/save", body, { ...own(), "sec-fetch-site": "cross-site" }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
    // A DNS-rebinding page: its requests name its own host.
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve) => {
      const req = request(url("/api/site"), { headers: { host: "evil.example" } }, (res) => resolve(res.statusCode ?? 0));
      req.end();
    });
    expect(status).toBe(403);
    expect(disk(HOME)).toBe(before);
  });

  it("answers a client's mistakes with 4xx and a sentence, never a crash or a reset", async () => {
    const sentence = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      const { message } = (await res.json()) as { message: string };
      expect(message).toMatch(/^\S.{10,}\.$/);
      return message;
    };
    for (const body of [null, [], 3, "text"]) await sentence(await post("/api/save", body), 400);
    await sentence(await fetch(url("/api/save"), { method: "POST", headers: own(), body: "{not json" }), 400);
    expect(await sentence(await post("/api/pages/delete", { path: "content/collections/kites.json" }), 422)).toContain("is not a page");
    await sentence(await fetch(url("/files/assets/%E0%A4%A.svg")), 400);
    // 9 MB: more than a save takes. The answer comes whole, with the limit in words.
    expect(await sentence(await fetch(url("/api/save"), { method: "POST", headers: own(), body: "x".repeat(9 * 1024 * 1024) }), 413)).toContain("at most 8 MB");
  });

  it("cuts a client that does not finish sending its request, as npm start's server does", async () => {
    const net = await import("node:net");
    const { port } = new URL(studio.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /api/site HTTP/1.1\r\nHost: localhost\r\n");
    // The headers never end: the server closes the connection (after HEADERS_TIMEOUT_MS), rather than holding it.
    await new Promise((resolve) => socket.once("close", resolve));
    expect(socket.destroyed).toBe(true);
  });

  it("keeps requests inside content/", async () => {
    for (const p of ["../package.json", "content/../schemas/page.schema.json", "/etc/passwd", "content/pages/../../templates/site.ts"]) {
      const res = await fetch(url(`/api/file?path=${encodeURIComponent(p)}`));
      expect(res.status, p).toBe(403);
    }
  });

  it("saves an edit as that one line, and refuses a file changed on disk since it was opened", async () => {
    const before = disk(HOME);
    const file = await open(HOME);
    const data = structuredClone(file.data) as { sections: { heading: string }[] };
    data.sections[0]!.heading = "Kites for every wind";
    const res = await post("/api/save", { path: HOME, data, version: file.version });
    expect(res.status).toBe(200);
    const after = disk(HOME);
    const changed = after.split("\n").filter((line, i) => line !== before.split("\n")[i]);
    expect(changed).toEqual(['      "heading": "Kites for every wind",']);
    // The same version again: the file changed since (this save), so it is a conflict, and nothing is written.
    data.sections[0]!.heading = "Kites for stormy days";
    const again = await post("/api/save", { path: HOME, data, version: file.version });
    expect(again.status).toBe(409);
    const reply = (await again.json()) as SaveReply;
    expect(reply.ok === false && reply.reason === "conflict" && reply.disk.text).toBe(after);
    expect(disk(HOME)).toBe(after);
  });

  it("keeps both edits when two editors save different fields of one file at the same moment", async () => {
    const file = await open(HOME);
    type Home = { title: string; sections: { heading: string; text?: string }[] };
    const a = structuredClone(file.data) as Home;
    const b = structuredClone(file.data) as Home;
    a.sections[0]!.heading = "Kites for gusty days";
    b.sections[1]!.heading = "Now on the shelf";
    // Both from the same version, sent together: one is saved first, the other merges with it.
    const replies = await Promise.all([a, b].map(async (data) => (await post("/api/save", { path: HOME, data, version: file.version, base: file.data })).json() as Promise<SaveReply>));
    expect(replies.map((r) => r.ok)).toEqual([true, true]);
    const saved = JSON.parse(disk(HOME)) as Home;
    expect([saved.sections[0]!.heading, saved.sections[1]!.heading]).toEqual(["Kites for gusty days", "Now on the shelf"]);
    // The second says whose change it kept.
    expect(replies.flatMap((r) => (r.ok ? (r.fromTheirs ?? []) : []))).toHaveLength(1);
  });

  it("asks when both changed the same field, with both versions, and writes nothing", async () => {
    const file = await open(HOME);
    type Home = { sections: { heading: string }[] };
    const first = structuredClone(file.data) as Home;
    first.sections[0]!.heading = "Kites for calm days";
    expect((await post("/api/save", { path: HOME, data: first, version: file.version, base: file.data })).status).toBe(200);
    const written = disk(HOME);
    const second = structuredClone(file.data) as Home;
    second.sections[0]!.heading = "Kites for no wind at all";
    const res = await post("/api/save", { path: HOME, data: second, version: file.version, base: file.data });
    expect(res.status).toBe(409);
    const reply = (await res.json()) as SaveReply;
    expect(reply.ok === false && reply.reason === "conflict" && reply.conflicts).toEqual([{ pointer: "/sections/0/heading", mine: "Kites for no wind at all", theirs: "Kites for calm days" }]);
    expect(disk(HOME)).toBe(written);
  });

  it("merges with a change written to disk while the save was being checked (a pull), never over it", async () => {
    const file = await open(HOME);
    type Home = { description: string; sections: { heading: string }[] };
    const mine = structuredClone(file.data) as Home;
    mine.sections[1]!.heading = "Fresh on the shelf";
    const pulled = disk(HOME).replace(/"description": "[^"]*"/, '"description": "Hand-made kites for beaches and hills, as pulled while a save was being checked by the Studio."');
    // The save reads the file, then checks the whole site (slow) before writing: the pull lands in between.
    const check = studio.builder.check.bind(studio.builder);
    let pulledOnce = false;
    studio.builder.check = async (drafts) => {
      const result = await check(drafts);
      if (!pulledOnce) ((pulledOnce = true), writeFileSync(path.join(site.root, HOME), pulled));
      return result;
    };
    try {
      const res = await post("/api/save", { path: HOME, data: mine, version: file.version, base: file.data });
      expect(res.status).toBe(200);
    } finally {
      studio.builder.check = check;
    }
    const saved = JSON.parse(disk(HOME)) as Home;
    expect(saved.description).toContain("as pulled while a save was being checked");
    expect(saved.sections[1]!.heading).toBe("Fresh on the shelf");
  });

  it("refuses a save that would break another page, naming it, and writes nothing", async () => {
    const KITES = "content/collections/kites.json";
    const before = disk(KITES);
    const file = await open(KITES);
    const data = structuredClone(file.data) as { items: { id: string }[] };
    data.items = data.items.filter((k) => k.id !== "delta");
    const res = await post("/api/save", { path: KITES, data, version: file.version, base: file.data });
    expect(res.status).toBe(422);
    const reply = (await res.json()) as SaveReply;
    expect(reply.ok === false && reply.reason).toBe("breaks");
    const issues = reply.ok === false && reply.reason === "breaks" ? reply.issues : [];
    expect(issues.map((i) => i.file)).toEqual([HOME]);
    expect(issues[0]!.message).toContain("delta");
    expect(disk(KITES)).toBe(before);
  });

  it("refuses to save a file with errors, with the build's message, and leaves it as it was", async () => {
    const before = disk(HOME);
    const file = await open(HOME);
    const data = structuredClone(file.data) as { description: string };
    data.description = "Too short.";
    const res = await post("/api/save", { path: HOME, data, version: file.version });
    expect(res.status).toBe(422);
    const reply = (await res.json()) as SaveReply;
    expect(reply.ok === false && reply.reason === "invalid" && reply.issues.map((i) => i.pointer)).toContain("/description");
    expect(disk(HOME)).toBe(before);
  });

  it("previews a draft by the site's templates, with markers only there", async () => {
    const file = await open(HOME);
    const data = structuredClone(file.data) as { sections: { heading: string }[] };
    data.sections[0]!.heading = "A draft heading";
    const res = await post("/api/draft", { drafts: { [HOME]: data }, address: "/" });
    expect(res.headers.get("content-type")).toBe(DRAFT_REPLY_TYPE);
    const { reply, html: given } = draftReply(await res.arrayBuffer());
    expect(reply.issues.filter((i) => i.severity === "error")).toEqual([]);
    const html = await (await fetch(`${studio.previewUrl}${reply.preview}`)).text();
    expect(html).toContain("A draft heading");
    // The page's bytes after the reply are the page the preview serves, byte for byte.
    expect(Buffer.from(given).toString("utf8")).toBe(html);
    expect(html).toContain('<studio-section data-section="0">');
    expect(html).toContain("studio-shown");
    // Nothing on disk changed, and a build has no marker.
    expect(disk(HOME)).not.toContain("A draft heading");
    const built = await runPipeline(site, { mode: "build", write: false });
    expect(built.ok).toBe(true);
    for (const [name, out] of built.files) if (typeof out === "string") expect(out, name).not.toMatch(/studio-section|data-studio/);
  });

  it("reports a draft's problems with the build's codes and pointers", async () => {
    const file = await open(HOME);
    const data = structuredClone(file.data) as { sections: { kites?: string[] }[] };
    data.sections[1]!.kites = ["delta", "no-such-kite"];
    const { reply, html } = draftReply(await (await post("/api/draft", { drafts: { [HOME]: data }, address: "/" })).arrayBuffer());
    expect(html.byteLength).toBe(0);
    expect(reply.issues).toContainEqual(expect.objectContaining({ code: "missing-record", file: HOME, pointer: "/sections/1/kites/1", severity: "error" }));
    expect(reply.preview).toBeUndefined();
  });
});
