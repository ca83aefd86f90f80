/**
 * Where and how the wizard sends a lead (content: site.leads).
 *
 * - chooseWebhook: the test address on the hosts listed in testHosts (the preview
 *   host, localhost), the live one everywhere else.
 * - leadRequest: a POST whose body is the JSON of exactly the lead's fields. The
 *   Content-Type is application/json, or text/plain for webhooks that refuse the
 *   browser's CORS preflight (the body is the same JSON either way).
 * - sendLead: fetch with a deadline (timeoutMs, through an AbortController). Only
 *   whether the answer is OK (2xx) counts; the body is never read.
 */
import type { Site } from "../../content-types.ts";

export type LeadSettings = Site["leads"];

export function chooseWebhook(hostname: string, leads: LeadSettings): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return leads.testHosts.some((h) => h.toLowerCase() === host) ? leads.test : leads.live;
}

export interface LeadRequest {
  method: "POST";
  headers: { "Content-Type": string };
  body: string;
  credentials: "omit";
}

export function leadRequest(lead: Record<string, string | string[]>, leads: Pick<LeadSettings, "contentType">): LeadRequest {
  return {
    method: "POST",
    headers: { "Content-Type": leads.contentType === "text/plain" ? "text/plain" : "application/json" },
    body: JSON.stringify(lead),
    credentials: "omit",
  };
}

export type SendResult = { ok: true; status: number } | { ok: false; reason: string; error?: unknown };

type Fetch = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;

export async function sendLead(
  url: string,
  lead: Record<string, string | string[]>,
  leads: Pick<LeadSettings, "contentType" | "timeoutMs">,
  fetchImpl: Fetch = (u, init) => fetch(u, init),
): Promise<SendResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, leads.timeoutMs);
  try {
    const response = await fetchImpl(url, { ...leadRequest(lead, leads), signal: controller.signal });
    return response.ok ? { ok: true, status: response.status } : { ok: false, reason: `the webhook answered HTTP ${response.status}` };
  } catch (error) {
    return timedOut
      ? { ok: false, reason: `no answer from the webhook within ${leads.timeoutMs} ms`, error }
      : { ok: false, reason: "the request failed (network error or blocked by CORS)", error };
  } finally {
    clearTimeout(timer);
  }
}
