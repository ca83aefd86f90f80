/**
 * The local receiver a site module declares (scripts/lib/leads.ts siteReceiver): the
 * fixture site's order form posts to /api/orders, checked against its own
 * schemas/order.schema.json and saved in its data/orders.jsonl. A wrong declaration
 * is one sentence naming templates/site.ts.
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { siteReceiver } from "../../scripts/lib/leads.ts";
import { startServer } from "../../scripts/lib/server.ts";
import { fixturesRemovedAfterAll } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function serve(handle: Parameters<typeof startServer>[0]["handle"], dist: string): Promise<string> {
  const server = await startServer({ dist, port: 0, handle });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe("the site's receiver", () => {
  it("answers at the declared path, by the declared schema, into the declared file in the project", async () => {
    const p = project({ "dist/index.html": "home" });
    const receiver = (await siteReceiver(p, {}))!;
    expect(receiver.path).toBe("/api/orders");
    expect(receiver.file).toBe(path.join(p.root, "data", "orders.jsonl"));
    const base = await serve(receiver.handle, p.dist);
    const post = (body: unknown) => fetch(`${base}/api/orders`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify(body) });

    const ok = await post({ kite: "  delta ", quantity: 2 });
    expect(ok.status).toBe(201);
    const bad = await post({ kite: "delta", quantity: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: [{ field: "quantity", message: "must be >= 1" }] });
    // Not this repository's lead route: only the declared one receives.
    expect((await fetch(`${base}/api/leads`, { method: "POST", body: "{}" })).status).not.toBe(201);

    const saved = readFileSync(receiver.file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(saved).toEqual([expect.objectContaining({ kite: "delta", quantity: 2 })]);
  });

  it("LEADS_FILE moves the file", async () => {
    const p = project();
    const elsewhere = path.join(p.root, "elsewhere.jsonl");
    expect((await siteReceiver(p, { LEADS_FILE: elsewhere }))!.file).toBe(elsewhere);
  });

  it("names templates/site.ts and the schema when the declared schema is not there", async () => {
    const p = project({ "schemas/order.schema.json": null });
    await expect(siteReceiver(p, {})).rejects.toThrow("templates/site.ts: receiver.schema schemas/order.schema.json does not exist.");
  });
});
