/**
 * The rules of a lead beyond its six answers, as pure functions: the honeypot, the
 * least fill time and consent (scripts/runtime/forms.ts), attribution
 * (scripts/runtime/attribution.ts), the tab's draft (scripts/runtime/form-draft.ts and
 * templates/islands/assessment/draft.ts), the lead:submitted announcement, the
 * providers' Content-Types and the build's warnings about them (templates/site-checks.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkContext, leadContext, recordVisit, STORAGE_KEY, touchOf, TOUCH_DAYS } from "../../scripts/runtime/attribution.ts";
import { sessionDraft } from "../../scripts/runtime/form-draft.ts";
import { checkConsent, consentRecord, HONEYPOT_FIELD, isTrapped, readSubmission, tooFast } from "../../scripts/runtime/forms.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import type { Site } from "../../templates/content-types.ts";
import { announceLead, LEAD_EVENT } from "../../templates/islands/assessment/announce.ts";
import { acceptDraft, hasAnswers } from "../../templates/islands/assessment/draft.ts";
import { deriveRules } from "../../templates/islands/assessment/rules.ts";
import { contentTypeFor, leadRequest } from "../../templates/islands/assessment/webhook.ts";
import { providerOf, siteChecks } from "../../templates/site-checks.ts";

const site = JSON.parse(readFileSync(path.join(ROOT, "content/site.json"), "utf8")) as Site;
const rules = deriveRules(JSON.parse(readFileSync(path.join(ROOT, "schemas/lead.schema.json"), "utf8")) as Record<string, unknown>);

/** A Storage in memory; `broken` makes every call throw, as a browser with storage turned off does. */
function memoryStorage(broken = false): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const guard = () => {
    if (broken) throw new DOMException("The operation is insecure.", "SecurityError");
  };
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => (guard(), data.clear()),
    getItem: (k: string) => (guard(), data.get(k) ?? null),
    key: (i: number) => [...data.keys()][i] ?? null,
    removeItem: (k: string) => (guard(), void data.delete(k)),
    setItem: (k: string, v: string) => (guard(), void data.set(k, String(v))),
  };
}

const lead = { name: "Jane Smith", location: "Calgary, AB", companyName: "Maple Property Group", numberOfProperties: "10-25", propertyTypes: ["Residential"], email: "jane@company.com" };

describe("the honeypot and the least fill time", () => {
  it("a honeypot with anything but white space in it is a robot", () => {
    expect(isTrapped(undefined)).toBe(false);
    expect(isTrapped("")).toBe(false);
    expect(isTrapped("  \n")).toBe(false);
    expect(isTrapped("https://spam.example")).toBe(true);
    expect(isTrapped(0)).toBe(true);
    expect(HONEYPOT_FIELD).toBe("website");
  });

  it("too fast only when the rule is on and the start is known", () => {
    expect(tooFast(1_000, 1_500, 0)).toBe(false);
    expect(tooFast(1_000, 3_999, 3)).toBe(true);
    expect(tooFast(1_000, 4_000, 3)).toBe(false);
    expect(tooFast(undefined, 1_500, 3)).toBe(false);
    expect(tooFast(Number.NaN, 1_500, 3)).toBe(false);
  });
});

describe("consent", () => {
  it("is the words and an ISO time, and its shape is checked", () => {
    const c = consentRecord("I agree.", new Date("2026-11-25T09:30:00.000Z"));
    expect(c).toEqual({ text: "I agree.", at: "2026-11-25T09:30:00.000Z" });
    expect(checkConsent(c)).toBeUndefined();
    expect(checkConsent(true)).toMatch(/object/);
    expect(checkConsent({ text: "", at: c.at })).toMatch(/text/);
    expect(checkConsent({ text: "I agree.", at: "yesterday" })).toMatch(/at must be a time/);
    expect(checkConsent({ text: "I agree.", at: "2026-13-45T99:00:00.000Z" })).toMatch(/at must be a time/);
    expect(checkConsent({ ...c, ip: "1.2.3.4" })).toMatch(/"ip"/);
  });
});

describe("readSubmission: what the receiver splits a body into", () => {
  it("a filled honeypot is a trap; an empty one is dropped", () => {
    expect(readSubmission({ ...lead, website: "x" })).toEqual({ kind: "trap" });
    expect(readSubmission({ ...lead, website: "" })).toEqual({ kind: "form", answers: lead, problems: [] });
    // With the honeypot off, the field is just one the form does not have (the schema refuses it).
    expect(readSubmission({ ...lead, website: "x" }, { honeypot: false })).toMatchObject({ kind: "form", answers: { website: "x" } });
  });

  it("trims text answers and takes context and consent apart, shape-checked", () => {
    const context = leadContext(undefined, "https://bos.example/solutions?utm_source=x", new Date("2026-11-25T09:00:00.000Z"));
    const consent = consentRecord("I agree.", new Date("2026-11-25T09:30:00.000Z"));
    const read = readSubmission({ ...lead, name: "  Jane Smith ", context, consent });
    expect(read).toEqual({ kind: "form", answers: lead, context, consent, problems: [] });
    expect(readSubmission({ ...lead, context: { page: "/" }, consent: "yes" })).toMatchObject({
      problems: [
        { field: "context", message: expect.stringMatching(/firstTouch/) },
        { field: "consent", message: expect.stringMatching(/object/) },
      ],
    });
  });

  it("consent is required when the site's checkbox is on, with the site's message", () => {
    expect(readSubmission(lead, { consentRequired: true, consentMessage: "Tick the box." })).toMatchObject({ problems: [{ field: "consent", message: "Tick the box." }] });
    expect(readSubmission(lead, { consentRequired: false })).toMatchObject({ problems: [] });
  });
});

describe("attribution", () => {
  const t0 = new Date("2026-11-01T10:00:00.000Z");
  const later = (days: number) => new Date(t0.getTime() + days * 86_400_000);

  it("a touch: the campaign, another site's origin and path (no query), the landing page", () => {
    const { touch, fresh } = touchOf("https://bos.example/?utm_source=x&utm_medium=email&utm_campaign=launch&gclid=1#top", "https://news.example.org/post?id=7", t0);
    expect(touch).toEqual({ utm_source: "x", utm_medium: "email", utm_campaign: "launch", referrer: "https://news.example.org/post", landingPage: "/?utm_source=x&utm_medium=email&utm_campaign=launch&gclid=1", at: t0.toISOString() });
    expect(fresh).toBe(true);
    // The site's own pages are no referrer, and a plain page view is no new touch.
    expect(touchOf("https://bos.example/pricing", "https://bos.example/", t0)).toEqual({ touch: { referrer: "", landingPage: "/pricing", at: t0.toISOString() }, fresh: false });
  });

  it("keeps the first touch, replaces the last on each new one, and ignores moving between pages", () => {
    const storage = memoryStorage();
    recordVisit(storage, "https://bos.example/?utm_source=x", "", t0);
    recordVisit(storage, "https://bos.example/solutions", "https://bos.example/", later(1));
    let context = leadContext(storage, "https://bos.example/solutions/owners", later(1));
    expect(context.firstTouch).toMatchObject({ utm_source: "x", landingPage: "/?utm_source=x" });
    expect(context.lastTouch).toEqual(context.firstTouch);
    expect(context.page).toBe("/solutions/owners");

    recordVisit(storage, "https://bos.example/pricing?utm_source=y&utm_campaign=autumn", "https://www.linkedin.com/feed/", later(5));
    context = leadContext(storage, "https://bos.example/pricing", later(5));
    expect(context.firstTouch.utm_source).toBe("x");
    expect(context.lastTouch).toEqual({ utm_source: "y", utm_campaign: "autumn", referrer: "https://www.linkedin.com/feed/", landingPage: "/pricing?utm_source=y&utm_campaign=autumn", at: later(5).toISOString() });
    expect(checkContext(context)).toBeUndefined();
  });

  it(`starts again after ${TOUCH_DAYS} days, and after a broken entry`, () => {
    const storage = memoryStorage();
    recordVisit(storage, "https://bos.example/?utm_source=x", "", t0);
    recordVisit(storage, "https://bos.example/", "", later(TOUCH_DAYS + 1));
    expect(leadContext(storage, "https://bos.example/").firstTouch.utm_source).toBeUndefined();
    storage.setItem(STORAGE_KEY, "{not json");
    recordVisit(storage, "https://bos.example/?utm_source=z", "", t0);
    expect(leadContext(storage, "https://bos.example/").firstTouch.utm_source).toBe("z");
  });

  it("with storage turned off, nothing breaks and the lead's own page is the touch", () => {
    const storage = memoryStorage(true);
    expect(() => recordVisit(storage, "https://bos.example/?utm_source=x", "", t0)).not.toThrow();
    const context = leadContext(storage, "https://bos.example/?utm_source=x", t0);
    expect(context.firstTouch).toMatchObject({ utm_source: "x", landingPage: "/?utm_source=x" });
  });

  it("the shape check refuses what a browser would never send", () => {
    const good = leadContext(undefined, "https://bos.example/", t0);
    expect(checkContext(good)).toBeUndefined();
    expect(checkContext({ ...good, extra: 1 })).toMatch(/"extra"/);
    expect(checkContext({ ...good, page: "https://elsewhere.example/" })).toMatch(/page/);
    expect(checkContext({ ...good, firstTouch: { ...good.firstTouch, utm_source: 5 } })).toMatch(/utm_source must be text/);
    expect(checkContext({ ...good, lastTouch: { ...good.lastTouch, gclid: "1" } })).toMatch(/"gclid"/);
    expect(checkContext({ ...good, lastTouch: { ...good.lastTouch, utm_term: "x".repeat(501) } })).toMatch(/too long/);
  });
});

describe("the wizard's draft in the tab", () => {
  const accept = acceptDraft(rules);
  const answers = { ...lead, propertyTypes: ["Residential"] };

  it("is kept and read back; storage that fails keeps nothing and throws nothing", () => {
    const storage = memoryStorage();
    const draft = sessionDraft("k", accept, () => storage);
    const value = { v: 1 as const, step: 3, answers, startedAt: 5, failed: false };
    draft.save(value);
    expect(draft.load()).toEqual({ ...value, consentAt: undefined, trapped: false });
    draft.clear();
    expect(draft.load()).toBeUndefined();
    const broken = sessionDraft("k", accept, () => memoryStorage(true));
    expect(() => broken.save(value)).not.toThrow();
    expect(broken.load()).toBeUndefined();
    expect(() => broken.clear()).not.toThrow();
  });

  it("a draft that does not fit today's rules is ignored, never half restored", () => {
    expect(accept({ v: 1, step: 7, answers, startedAt: 1, failed: false })).toBeUndefined();
    expect(accept({ v: 2, step: 1, answers, startedAt: 1, failed: false })).toBeUndefined();
    expect(accept({ v: 1, step: 1, answers: { ...answers, email: 5 }, startedAt: 1, failed: false })).toBeUndefined();
    expect(accept({ v: 1, step: 1, answers: { ...answers, propertyTypes: ["Industrial", "Commercial"] }, startedAt: 1, failed: true })?.answers["propertyTypes"]).toEqual(["Commercial"]);
  });

  it("offers back only answers with something in them", () => {
    expect(hasAnswers({ name: "  ", propertyTypes: [] })).toBe(false);
    expect(hasAnswers({ name: "J", propertyTypes: [] })).toBe(true);
    expect(hasAnswers({ name: "", propertyTypes: ["Commercial"] })).toBe(true);
  });
});

describe("telling the page a lead was sent", () => {
  function fakeWindow() {
    const events: CustomEvent[] = [];
    const document = new EventTarget();
    document.addEventListener(LEAD_EVENT, (e) => events.push(e as CustomEvent));
    return { win: { document } as unknown as Window & { dataLayer?: unknown[] }, events };
  }

  it("always fires lead:submitted with no answer in it; dataLayer only when asked", () => {
    const { win, events } = fakeWindow();
    announceLead("assessment", false, win);
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ form: "assessment" });
    expect(events[0]!.bubbles).toBe(true);
    expect(win.dataLayer).toBeUndefined();
    announceLead("assessment", true, win);
    expect(win.dataLayer).toEqual([{ event: "generate_lead" }]);
    announceLead("assessment", true, win);
    expect(win.dataLayer).toHaveLength(2);
  });
});

describe("webhook providers", () => {
  it("pick the Content-Type: Zapier text/plain, Make and n8n JSON, generic as contentType says", () => {
    expect(contentTypeFor({ provider: "zapier" })).toBe("text/plain");
    expect(contentTypeFor({ provider: "make", contentType: "text/plain" })).toBe("application/json");
    expect(contentTypeFor({ provider: "n8n" })).toBe("application/json");
    expect(contentTypeFor({ provider: "generic", contentType: "text/plain" })).toBe("text/plain");
    expect(contentTypeFor({})).toBe("application/json");
    expect(leadRequest(lead, { provider: "zapier" }).headers["Content-Type"]).toBe("text/plain");
  });

  it("recognise the services' addresses", () => {
    expect(providerOf("https://hooks.zapier.com/hooks/catch/123/abc/")).toBe("zapier");
    expect(providerOf("https://hook.eu1.make.com/abc123")).toBe("make");
    expect(providerOf("https://hook.integromat.com/abc123")).toBe("make");
    expect(providerOf("https://acme.app.n8n.cloud/webhook/lead")).toBe("n8n");
    expect(providerOf("https://n8n.acme.example/webhook-test/lead")).toBe("n8n");
    expect(providerOf("https://hooks.example.com/building-os/assessment")).toBeUndefined();
    expect(providerOf("not an address")).toBeUndefined();
  });

  const check = (leads: Partial<Site["leads"]>) => siteChecks({ ...site, leads: { ...site.leads, contentType: undefined, ...leads } as Site["leads"] });

  it("the site's own settings raise no warning", () => {
    expect(siteChecks(site)).toEqual([]);
  });

  it("warn when the address and the provider disagree, and at the field to change", () => {
    expect(check({ provider: "generic", contentType: "application/json", live: "https://hooks.zapier.com/hooks/catch/1/a/" })).toMatchObject([{ pointer: "/leads/contentType", message: expect.stringMatching(/CORS preflight/) }]);
    expect(check({ provider: "make", live: "https://hooks.zapier.com/hooks/catch/1/a/" })).toMatchObject([{ pointer: "/leads/provider", message: expect.stringMatching(/Zapier catch hook.*provider make/) }]);
    expect(check({ provider: "zapier", live: "https://hooks.zapier.com/hooks/catch/1/a/" })).toEqual([]);
    expect(check({ provider: "zapier", live: "https://hook.eu1.make.com/abc" })).toMatchObject([{ pointer: "/leads/provider", message: "The live webhook looks like Make's, but \"provider\" is zapier." }]);
    expect(check({ provider: "make", live: "https://hooks.example.com/x" })).toMatchObject([{ pointer: "/leads/live", message: expect.stringMatching(/does not look like a Make address/) }]);
    expect(check({ provider: "make", live: "https://hook.us2.make.com/abc" })).toEqual([]);
  });

  it("warn about n8n's test address in live, and about a contentType a provider ignores", () => {
    expect(check({ provider: "n8n", live: "https://n8n.acme.example/webhook-test/lead" })).toMatchObject([{ pointer: "/leads/live", message: expect.stringMatching(/test address/) }]);
    expect(check({ provider: "n8n", live: "https://n8n.acme.example/hooks/lead" })).toMatchObject([{ pointer: "/leads/live", message: expect.stringMatching(/no \/webhook\//) }]);
    expect(check({ provider: "n8n", live: "https://n8n.acme.example/webhook/lead" })).toEqual([]);
    expect(check({ provider: "zapier", contentType: "application/json", live: "https://hooks.zapier.com/hooks/catch/1/a/" })).toMatchObject([{ pointer: "/leads/contentType", message: expect.stringMatching(/only read for generic/) }]);
  });
});
