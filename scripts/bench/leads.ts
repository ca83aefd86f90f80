/**
 * Bench section 9: the project's local form receiver (the site module's `receiver`,
 * scripts/lib/leads.ts, with the site's rules and no rate limit) under load: 2,000
 * submissions posted at concurrency 50 to a fresh file, three rounds. Each is made of
 * the first example of every field of the receiver's schema. It reports the time,
 * submissions per second, the latency of one post and the lines written, and counts
 * the well-formed ones (every 201 must be exactly one; the receiver tests hold that too).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { siteReceiver } from "../lib/leads.ts";
import { startServer } from "../lib/server.ts";
import { loadSiteModule } from "../lib/site-module.ts";
import { paths } from "./shared.ts";

export const LEADS_TOTAL = 2000;
export const LEADS_CONCURRENCY = 50;
const ROUNDS = 3;

export interface LeadsRound {
  ms: number;
  perSecond: number;
  latencyMs: { median: number; p95: number; max: number };
  created: number;
  lines: number;
  wellFormed: number;
}

const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function round(body: string): Promise<LeadsRound> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-leads-"));
  const file = path.join(dir, "leads.jsonl");
  const receiver = (await siteReceiver(paths, { LEADS_FILE: file, LEADS_RATE_PER_MINUTE: "0" }))!;
  const server = await startServer({ dist: dir, port: 0, handle: receiver.handle });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${receiver.path}`;
  const latencies: number[] = [];
  let created = 0;
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: LEADS_CONCURRENCY }, async () => {
        while (next < LEADS_TOTAL) {
          next++;
          const t = performance.now();
          const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body });
          await res.arrayBuffer();
          latencies.push(performance.now() - t);
          if (res.status === 201) created++;
        }
      }),
    );
    const ms = performance.now() - started;
    const lines = readFileSync(file, "utf8").split("\n").filter((l) => l !== "");
    const wellFormed = lines.filter((l) => {
      try {
        const v = JSON.parse(l) as unknown;
        return typeof v === "object" && v !== null && !Array.isArray(v);
      } catch {
        return false;
      }
    }).length;
    latencies.sort((a, b) => a - b);
    return { ms: Math.round(ms), perSecond: Math.round((LEADS_TOTAL / ms) * 1000), latencyMs: { median: Math.round(pick(latencies, 0.5)), p95: Math.round(pick(latencies, 0.95)), max: Math.round(latencies.at(-1)!) }, created, lines: lines.length, wellFormed };
  } finally {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function leadsBench(): Promise<{ total: number; concurrency: number; rounds: LeadsRound[] } | { skipped: string }> {
  const declared = (await loadSiteModule(paths.templates)).receiver;
  if (!declared) return { skipped: "the site module declares no receiver" };
  const schema = JSON.parse(readFileSync(path.join(paths.schemas, declared.schema), "utf8")) as { properties?: Record<string, { examples?: unknown[] }> };
  // One valid submission: the first example of every field.
  const body = JSON.stringify(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, p]) => [k, p.examples?.[0]])));
  const rounds: LeadsRound[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(body));
  return { total: LEADS_TOTAL, concurrency: LEADS_CONCURRENCY, rounds };
}
