/**
 * The one rule for text answers of a form whose JSON Schema the generator checks (the
 * local lead receiver, scripts/lib/leads.ts) and whose island checks it in the browser
 * (templates/islands/assessment/rules.ts): white space around an answer does not
 * count, is not sent and is not stored; the schema's minLength, maxLength and pattern
 * apply to what is left. Browser-safe: islands bundle it.
 */
export function trimText(text: string): string {
  return text.trim();
}

/** A submission as received: its text answers (string values) trimmed by trimText, anything else as it is. */
export function trimAnswers(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? trimText(v) : v]));
}
