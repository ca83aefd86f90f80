/**
 * The local receiver's lead rules (scripts/lib/leads.ts with scripts/runtime/forms.ts):
 * the site's own messages, the honeypot, consent and context shapes, the per-address
 * limit, the rules following content/site.json, and 2,000 leads at concurrency 50.
 * (HTTP, origin checks and whole-line writes: leads.test.ts.)
 */
import { copyGenerated } from "../../scripts/lib/generated.ts";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLeadReceiver, leadsRate, readLeads, siteReceiver } from "../../scripts/lib/leads.ts";
import { projectPaths, ROOT } from "../../scripts/lib/paths.ts";
import { startServer } from "../../scripts/lib/server.ts";
import { consentRecord } from "../../scripts/runtime/forms.ts";
import { leadContext } from "../../scripts/runtime/attribution.ts";

const lead = { name: "Jane Smith", location: "Calgary, AB", companyName: "Maple Property Group", numberOfProperties: "10-25", propertyTypes: ["Residential"], email: "jane@company.com" };
const schema = JSON.parse(readFileSync(path.join(ROOT, "schemas/lead.schema.json"), "utf8")) as object;
const dirs: string[] = [];
const servers: Server[] = [];

afterAll(() => {
  for (const s of servers) s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A scratch project (content/ and schemas/ copied) whose receiver is the one templates/site.ts declares. */
async function siteServer(env: NodeJS.ProcessEnv = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), "bos-receiver-"));
  dirs.push(root);
  cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
  cpSync(path.join(ROOT, "schemas"), path.join(root, "schemas"), { recursive: true });
  copyGenerated(ROOT, root);
  const receiver = (await siteReceiver(projectPaths(root), { LEADS_RATE_PER_MINUTE: "0", ...env }))!;
  const server = await startServer({ dist: root, port: 0, handle: receiver.handle });
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const post = (body: unknown) => fetch(`${base}/api/leads`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  const siteFile = path.join(root, "content/site.json");
  const editSite = (edit: (site: Record<string, any>) => void) => {
    const site = JSON.parse(readFileSync(siteFile, "utf8")) as Record<string, any>;
    edit(site);
    writeFileSync(siteFile, JSON.stringify(site, null, 2));
  };
  return { root, file: receiver.file, post, editSite, siteFile };
}

async function errorsOf(res: Response) {
  expect(res.status).toBe(400);
  return ((await res.json()) as { errors: { field: string; message: string }[] }).errors;
}

describe("the site's receiver answers in the wizard's words", () => {
  it("400 with the specification's message for each field, one per field", async () => {
    const { post, file } = await siteServer();
    const errors = await errorsOf(await post({ name: "J", location: " ", companyName: "", numberOfProperties: "", propertyTypes: [], email: "jane@" }));
    expect(errors).toEqual([
      { field: "name", message: "Name must be at least 2 characters" },
      { field: "location", message: "Location is required" },
      { field: "companyName", message: "Company name is required" },
      { field: "numberOfProperties", message: "Number of properties is required" },
      { field: "propertyTypes", message: "Please select at least one property type" },
      { field: "email", message: "Please enter a valid email address" },
    ]);
    const { email: _e, ...noEmail } = lead;
    expect(await errorsOf(await post(noEmail))).toEqual([{ field: "email", message: "Please enter a valid email address" }]);
    // What the wizard cannot send at all keeps the schema's words.
    expect(await errorsOf(await post({ ...lead, fax: "1" }))).toEqual([{ field: "fax", message: "is not a field of a lead" }]);
    expect(await errorsOf(await post({ ...lead, name: "x".repeat(201) }))).toEqual([{ field: "name", message: "must NOT have more than 200 characters" }]);
    expect((await readLeads(file)).leads).toEqual([]);
  });

  it("follows content/site.json as it changes (npm run dev), and keeps its last rules when the file breaks", async () => {
    const { post, editSite, siteFile } = await siteServer();
    editSite((s) => (s["dialogs"].assessment.steps.name.error = "Please tell us your name"));
    expect(await errorsOf(await post({ ...lead, name: "J" }))).toEqual([{ field: "name", message: "Please tell us your name" }]);
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    writeFileSync(siteFile, "{ broken");
    expect(await errorsOf(await post({ ...lead, name: "J" }))).toEqual([{ field: "name", message: "Please tell us your name" }]);
    expect(spy.mock.calls.join("\n")).toMatch(/site\.ts: receiver\.rules failed on site\.json .*keeps its last rules/);
    spy.mockRestore();
  });
});

describe("robots, consent and context", () => {
  it("a filled honeypot gets 201 and nothing is kept; an empty one is not stored", async () => {
    const { post, file } = await siteServer();
    const trap = await post({ ...lead, website: "https://spam.example" });
    expect(trap.status).toBe(201);
    expect(await trap.json()).toEqual({ ok: true });
    expect((await readLeads(file)).leads).toEqual([]);
    expect((await post({ ...lead, website: "" })).status).toBe(201);
    const { leads } = await readLeads(file);
    expect(leads).toHaveLength(1);
    expect(leads[0]).not.toHaveProperty("website");
  });

  it("with leads.consent on, refuses a lead without consent in the site's words, and keeps a given one", async () => {
    const { post, file, editSite } = await siteServer();
    editSite((s) => (s["leads"].consent = true));
    expect(await errorsOf(await post(lead))).toEqual([{ field: "consent", message: "Please tick the box to agree before we send your answers." }]);
    expect(await errorsOf(await post({ ...lead, consent: { text: "yes", at: "now" } }))).toEqual([{ field: "consent", message: "at must be a time like 2026-11-25T09:30:00.000Z" }]);
    const consent = consentRecord("I agree that the Building OS team may contact me by e-mail about my assessment.", new Date("2026-11-25T09:30:00.000Z"));
    const context = leadContext(undefined, "https://bos.example/solutions?utm_source=x", new Date("2026-11-25T09:00:00.000Z"));
    expect((await post({ ...lead, context, consent })).status).toBe(201);
    const [saved] = (await readLeads(file)).leads;
    expect(Object.keys(saved!)).toEqual(["receivedAt", ...Object.keys(lead), "context", "consent"]);
    expect(saved).toMatchObject({ ...lead, context, consent });
  });

  it("a context of the wrong shape is refused, with the field named", async () => {
    const { post } = await siteServer();
    expect(await errorsOf(await post({ ...lead, context: { page: "/" } }))).toEqual([{ field: "context", message: "firstTouch must be an object" }]);
  });
});

describe("the per-address limit", () => {
  it("429 with Retry-After past the rate, and nothing kept", async () => {
    const { post, file } = await siteServer({ LEADS_RATE_PER_MINUTE: "3" });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(lead)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const res = await post(lead);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/Too many leads from this address; try again in \d+ s\./);
    expect((await readLeads(file)).leads).toHaveLength(3);
  });

  it("LEADS_RATE_PER_MINUTE: a whole number, 0 for none; 30 a minute by default", () => {
    expect(leadsRate({})).toEqual({ max: 30, windowMs: 60_000 });
    expect(leadsRate({ LEADS_RATE_PER_MINUTE: "0" })).toBe(false);
    expect(leadsRate({ LEADS_RATE_PER_MINUTE: "100" })).toEqual({ max: 100, windowMs: 60_000 });
    expect(() => leadsRate({ LEADS_RATE_PER_MINUTE: "lots" })).toThrow(/LEADS_RATE_PER_MINUTE must be a whole number/);
  });
});

describe("under load", () => {
  it("2,000 posts at concurrency 50: exactly 2,000 well-formed lines, each lead once", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bos-load-"));
    dirs.push(dir);
    const file = path.join(dir, "leads.jsonl");
    const server = await startServer({ dist: dir, port: 0, handle: createLeadReceiver({ path: "/api/leads", file, schema }) });
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/leads`;
    const TOTAL = 2000;
    const statuses: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < TOTAL) {
          const i = next++;
          const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...lead, email: `lead-${i}@company.com` }) });
          statuses.push(res.status);
          await res.arrayBuffer();
        }
      }),
    );
    const ms = performance.now() - started;
    expect(statuses.filter((s) => s === 201)).toHaveLength(TOTAL);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(TOTAL);
    const emails = lines.map((l) => (JSON.parse(l) as { email: string }).email);
    expect(new Set(emails).size).toBe(TOTAL);
    console.log(`2000 leads at concurrency 50: ${Math.round(ms)} ms, ${Math.round((TOTAL / ms) * 1000)} leads/s, ${lines.length} lines`);
  }, 120_000);
});
