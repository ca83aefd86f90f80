/**
 * The generator's public API for islands: what an island's code may import, on the
 * server and in the browser alike (nothing here pulls in React). Server-side template
 * code uses scripts/api.ts.
 *
 * - Hooks: React's on the server; the browser build swaps them for Preact's
 *   (pipeline/support/islands.ts), so React never reaches the browser.
 * - Dialog requests: a button anywhere asks a dialog island, loaded on first use, to open.
 * - Forms (runtime/forms.ts): the rules the local form receiver applies too: trimmed
 *   text, the honeypot, the least fill time, consent.
 * - Attribution (runtime/attribution.ts): campaign and referrer of the visits, kept in the browser.
 * - Drafts (runtime/form-draft.ts): a form's answers kept in the tab across reloads.
 */
export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "./runtime/hooks.ts";
export { onOpenRequest, requestOpen, type OpenRequest } from "./runtime/open-requests.ts";
export { consentRecord, HONEYPOT_FIELD, isTrapped, tooFast, trimAnswers, trimText, type Consent } from "./runtime/forms.ts";
export { leadContext, recordVisit, type LeadContext, type Touch } from "./runtime/attribution.ts";
export { sessionDraft, type DraftStore } from "./runtime/form-draft.ts";
