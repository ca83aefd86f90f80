/**
 * Where and how the wizard sends a lead (content: site.leads).
 *
 * - chooseWebhook: the test address on the hosts listed in testHosts (the preview
 *   host, localhost), the live one everywhere else.
 * - leadRequest: a POST whose body is the JSON of the lead (exactly its six fields,
 *   plus context and consent when the site turns them on). The Content-Type is the
 *   provider's (contentTypeFor): text/plain for Zapier, whose catch hooks refuse the
 *   browser's CORS preflight, application/json otherwise (the body is the same JSON).
 * - sendLead: fetch with a deadline (timeoutMs, through an AbortController). Only
 *   whether the answer is OK (2xx) counts; the body is never read.
 */
import type { Site } from "../../content-types.ts";

export type LeadSettings = Site["leads"];

export function chooseWebhook(hostname: string, leads: LeadSettings): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return leads.testHosts.some((h) => h.toLowerCase() === host) ? leads.test : leads.live;
}

/** The Content-Type the provider wants: Zapier text/plain, Make and n8n JSON, generic as contentType says. */
export function contentTypeFor(leads: Pick<LeadSettings, "provider" | "contentType">): "application/json" | "text/plain" {
  if (leads.provider === "zapier") return "text/plain";
  if (leads.provider === "make" || leads.provider === "n8n") return "application/json";
  return leads.contentType === "text/plain" ? "text/plain" : "application/json";
}

/** What is sent: the answers, and the context and consent when the site asks for them. */
export type LeadPayload = Record<string, unknown>;

export interface LeadRequest {
  method: "POST";
  headers: { "Content-Type": string };
  body: string;
  credentials: "omit";
}

export function leadRequest(lead: LeadPayload, leads: Pick<LeadSettings, "provider" | "contentType">): LeadRequest {
  return {
    method: "POST",
    headers: { "Content-Type": contentTypeFor(leads) },
    body: JSON.stringify(lead),
    credentials: "omit",
  };
}

export type SendResult = { ok: true; status: number } | { ok: false; reason: string; error?: unknown };

type Fetch = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;

export async function sendLead(
  url: string,
  lead: LeadPayload,
  leads: Pick<LeadSettings, "provider" | "contentType" | "timeoutMs">,
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
