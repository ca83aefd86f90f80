/** Where and how the wizard sends a lead (templates/islands/assessment/webhook.ts), and the toast rules. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { chooseWebhook, leadRequest, sendLead, type LeadSettings } from "../../templates/islands/assessment/webhook.ts";
import { isSwipeDismiss, pushToast, SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_LIMIT, TOAST_WIDTH_PX } from "../../templates/islands/assessment/toasts.ts";

const leads: LeadSettings = {
  live: "https://hooks.example.com/live",
  test: "/api/leads",
  testHosts: ["preview.example.com", "localhost", "127.0.0.1"],
  contentType: "application/json",
  timeoutMs: 15000,
};
const lead = {
  name: "Jane",
  location: "Calgary",
  companyName: "Maple",
  numberOfProperties: "10-25",
  propertyTypes: ["Residential", "Commercial"],
  email: "jane@company.com",
};

afterEach(() => {
  vi.useRealTimers();
});

describe("chooseWebhook", () => {
  it.each([
    ["localhost", "/api/leads"],
    ["127.0.0.1", "/api/leads"],
    ["preview.example.com", "/api/leads"],
    ["PREVIEW.Example.com", "/api/leads"],
    ["preview.example.com.", "/api/leads"],
    ["www.building-os.com", "https://hooks.example.com/live"],
    ["example.com", "https://hooks.example.com/live"],
    ["localhost.attacker.net", "https://hooks.example.com/live"],
    ["", "https://hooks.example.com/live"],
  ])("%j -> %s", (host, url) => {
    expect(chooseWebhook(host, leads)).toBe(url);
  });
});

describe("leadRequest", () => {
  it("POSTs the JSON of exactly the lead's fields as application/json, without credentials", () => {
    const r = leadRequest(lead, leads);
    expect(r.method).toBe("POST");
    expect(r.headers).toEqual({ "Content-Type": "application/json" });
    expect(r.credentials).toBe("omit");
    const body = JSON.parse(r.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["name", "location", "companyName", "numberOfProperties", "propertyTypes", "email"]);
    expect(body["propertyTypes"]).toEqual(["Residential", "Commercial"]);
  });

  it("sends the same JSON body as text/plain when the settings say so", () => {
    const json = leadRequest(lead, leads);
    const text = leadRequest(lead, { contentType: "text/plain" });
    expect(text.headers["Content-Type"]).toBe("text/plain");
    expect(text.body).toBe(json.body);
  });
});

describe("sendLead", () => {
  it("counts a 2xx answer as sent, without reading the body, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => ({ ok: true, status: 201, json: () => Promise.reject(new Error("must not read")) }));
    const result = await sendLead("/api/leads", lead, leads, fetchImpl);
    expect(result).toEqual({ ok: true, status: 201 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/leads");
    expect(init.method).toBe("POST");
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(init.body as string)).toEqual(lead);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reports a non-OK answer as a failure naming the status", async () => {
    const result = await sendLead("/api/leads", lead, leads, async () => ({ ok: false, status: 500 }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/500/);
  });

  it("reports a network failure", async () => {
    const error = new TypeError("Failed to fetch");
    const result = await sendLead("/api/leads", lead, leads, async () => Promise.reject(error));
    expect(result).toMatchObject({ ok: false, error });
    expect(!result.ok && result.reason).toMatch(/network/);
  });

  it("gives up after timeoutMs by aborting the request", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchImpl = (_url: string, init: RequestInit) =>
      new Promise<{ ok: boolean; status: number }>((_resolve, reject) => {
        signal = init.signal!;
        signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    const pending = sendLead("https://hooks.example.com/live", lead, { ...leads, timeoutMs: 15000 }, fetchImpl);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(signal?.aborted).toBe(true);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/within 15000 ms/);
  });
});

describe("toasts", () => {
  it("use the spec's numbers", () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_WIDTH_PX, TOAST_GAP_PX, SWIPE_THRESHOLD_PX]).toEqual([3, 4000, 356, 14, 20]);
  });

  it("keep at most 3, dropping the oldest", () => {
    let list: { id: number; text: string; duration: number }[] = [];
    const dropped: number[] = [];
    for (let id = 1; id <= 5; id++) {
      const r = pushToast(list, { id, text: `t${id}`, duration: 4000 });
      list = r.list;
      dropped.push(...r.dropped.map((t) => t.id));
    }
    expect(list.map((t) => t.id)).toEqual([3, 4, 5]);
    expect(dropped).toEqual([1, 2]);
  });

  it.each([
    [20, 0, false],
    [21, 0, true],
    [-21, 0, true],
    [0, 21, true],
    [0, 20, false],
    [10, 10, false],
  ])("a swipe of (%i, %i) px dismisses: %s", (dx, dy, expected) => {
    expect(isSwipeDismiss(dx, dy)).toBe(expected);
  });
});
