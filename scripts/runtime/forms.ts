/**
 * The rules of a form submission that hold in the browser and in the local receiver
 * alike, in one place (browser-safe: islands bundle it; scripts/lib/leads.ts runs it):
 *
 * - trimText / trimAnswers: white space around an answer does not count, is not sent
 *   and is not stored; the schema's minLength, maxLength and pattern apply to what is left.
 * - The honeypot (HONEYPOT_FIELD): a field people never see or reach. Something that
 *   fills it in is a robot; it is shown the normal success and nothing is sent or kept.
 * - tooFast: the opt-in least time between opening a form and sending it.
 * - Consent: what the visitor agreed to, in the site's words, and when.
 * - readSubmission: a received body split into its answers, its attribution context
 *   (./attribution.ts) and its consent, each shape checked, for the receiver.
 */
import { checkContext, type LeadContext } from "./attribution.ts";

export function trimText(text: string): string {
  return text.trim();
}

/** A submission as received: its text answers (string values) trimmed by trimText, anything else as it is. */
export function trimAnswers(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? trimText(v) : v]));
}

/**
 * The honeypot's name: one that form-filling robots take for a real field. Browsers
 * have no autofill for it (unlike "url" or "company"), so a person's browser never fills it.
 */
export const HONEYPOT_FIELD = "website";

/** Whether a honeypot's value shows a robot: anything but nothing (or white space). */
export function isTrapped(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value === "string" ? trimText(value) !== "" : true;
}

/**
 * Whether a form was sent faster than a person could (minFillSeconds after it was
 * opened, both in ms since the epoch). 0 or less turns the rule off; an unknown start
 * never counts as too fast.
 */
export function tooFast(startedAt: number | undefined, sentAt: number, minFillSeconds: number): boolean {
  if (!(minFillSeconds > 0) || startedAt === undefined || !Number.isFinite(startedAt)) return false;
  return sentAt - startedAt < minFillSeconds * 1000;
}

/** What a visitor agreed to: the words next to the box they ticked, and when (ISO 8601, UTC). */
export interface Consent {
  text: string;
  at: string;
}

export function consentRecord(text: string, at: Date): Consent {
  return { text, at: at.toISOString() };
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/;

/** Whether a string is a time as toISOString() writes it (and a real one). */
export function isIsoTime(value: unknown): value is string {
  return typeof value === "string" && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** The consent's shape, in words, or undefined when it is right. */
export function checkConsent(value: unknown): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "must be an object with text and at";
  const extra = Object.keys(value).filter((k) => k !== "text" && k !== "at");
  if (extra.length) return `has no field ${extra.map((k) => JSON.stringify(k)).join(", ")} (only text and at)`;
  const { text, at } = value as Record<string, unknown>;
  if (typeof text !== "string" || trimText(text) === "" || text.length > 2000) return "text must be the words agreed to (1 to 2000 characters)";
  if (!isIsoTime(at)) return "at must be a time like 2026-11-25T09:30:00.000Z";
  return undefined;
}

/** A field's problem, in words; field "" is the submission as a whole. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** What the receiver accepts beyond the form's own fields. */
export interface SubmissionRules {
  /** A filled honeypot marks a robot (default true). Off, the field is just not one of the form's. */
  honeypot?: boolean;
  /** A submission without consent is refused (the site turned its checkbox on). */
  consentRequired?: boolean;
  /** The message when consent is missing (the site's words for its checkbox). */
  consentMessage?: string;
}

export type Submission =
  /** A robot (the honeypot is filled in): answer as if all went well, keep nothing. */
  | { kind: "trap" }
  | {
      kind: "form";
      /** The form's own fields, trimmed, for the form's schema to check. */
      answers: unknown;
      context?: LeadContext;
      consent?: Consent;
      /** Problems with the context or the consent (the answers are the schema's to check). */
      problems: FieldProblem[];
    };

/**
 * A received body, split: the honeypot (a robot when filled; dropped when empty), the
 * attribution context and the consent (each shape-checked), and the rest, trimmed,
 * which is the form's own answers.
 */
export function readSubmission(value: unknown, rules: SubmissionRules = {}): Submission {
  if (!value || typeof value !== "object" || Array.isArray(value)) return { kind: "form", answers: value, problems: [] };
  const { context, consent, ...rest } = value as Record<string, unknown>;
  const answers: Record<string, unknown> = rest;
  if (rules.honeypot !== false && HONEYPOT_FIELD in answers) {
    if (isTrapped(answers[HONEYPOT_FIELD])) return { kind: "trap" };
    delete answers[HONEYPOT_FIELD];
  }
  const out: Submission = { kind: "form", answers: trimAnswers(answers), problems: [] };
  if (context !== undefined) {
    const problem = checkContext(context);
    if (problem) out.problems.push({ field: "context", message: problem });
    else out.context = context as LeadContext;
  }
  if (consent !== undefined) {
    const problem = checkConsent(consent);
    if (problem) out.problems.push({ field: "consent", message: problem });
    else out.consent = consent as Consent;
  } else if (rules.consentRequired) {
    out.problems.push({ field: "consent", message: rules.consentMessage ?? "is required" });
  }
  return out;
}
