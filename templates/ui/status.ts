/**
 * The colour of a case study's status badge: Available green, Leased blue, Under
 * Review yellow, any other status neutral. Matching ignores case and extra spaces, so
 * "under review" is yellow too.
 */
export type StatusTone = "green" | "blue" | "yellow" | "neutral";

const TONES: Record<string, StatusTone> = { available: "green", leased: "blue", "under review": "yellow" };

export function statusTone(status: string): StatusTone {
  return TONES[status.trim().replace(/\s+/g, " ").toLowerCase()] ?? "neutral";
}

/** Badge classes per tone (text contrast at least 4.5:1 on its background). */
export const STATUS_CLASSES: Record<StatusTone, string> = {
  green: "bg-emerald-100 text-emerald-800",
  blue: "bg-blue-100 text-blue-800",
  yellow: "bg-amber-100 text-amber-800",
  neutral: "bg-ink-100 text-ink-700",
};
