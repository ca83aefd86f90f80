/**
 * The generator's public API for forms (browser-safe, and free of Preact, so a plain
 * DOM island such as one that only notes a visit stays a few hundred bytes): the rules
 * a site's form islands and the local receiver (scripts/lib/leads.ts) share.
 *
 * - Forms (runtime/forms.ts): trimmed text answers, the honeypot, the least fill time, consent.
 * - Attribution (runtime/attribution.ts): campaign and referrer of the visits, kept in the browser.
 * - Drafts (runtime/form-draft.ts): a form's answers kept in the tab across reloads.
 *
 * A module of its own rather than part of islands-api.ts: the island bundler splits
 * code by the files an entry reaches, and every island reaches all of islands-api.ts,
 * so anything exported there would ride along with every island (and Preact with this).
 */
export { consentRecord, HONEYPOT_FIELD, isTrapped, tooFast, trimAnswers, trimText, type Consent } from "./runtime/forms.ts";
export { leadContext, recordVisit, siteStorage, type LeadContext, type Touch } from "./runtime/attribution.ts";
export { sessionDraft, type DraftStore } from "./runtime/form-draft.ts";
