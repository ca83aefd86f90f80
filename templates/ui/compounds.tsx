import type { ReactNode } from "react";

/**
 * Words that read as one kept on one line:
 * - a compound with a short part ("e-mail", "in-app", "20-minute", "AI-drafted"): a line that
 *   ends in "e-" and a next one that starts with "mail" reads as a broken word. Compounds whose
 *   parts are both longer than three letters ("district-wide", "high-rise") may still break at
 *   their hyphen;
 * - a name ending in an acronym ("HERO AI", "Building OS", "Urbi HERO AI"): "HERO" at the end
 *   of one line and "AI" alone on the next reads as two things.
 * The text is unchanged (the hyphen stays a hyphen, the space a space); only the wrap is.
 */
const SHORT_COMPOUND = /\b(?:[\p{L}\p{N}]{1,3}-[\p{L}\p{N}]+|[\p{L}\p{N}]+-[\p{L}\p{N}]{1,3}|\p{Lu}[\p{L}\p{N}]*(?: \p{Lu}{2,4})+)\b/gu;
const MAY_HOLD = /-|\p{Lu}{2}/u;

export function keepCompounds(text: string): ReactNode {
  if (!MAY_HOLD.test(text)) return text;
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(SHORT_COMPOUND)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(
      <span key={m.index} className="whitespace-nowrap">
        {m[0]}
      </span>,
    );
    at = m.index + m[0].length;
  }
  if (at === 0) return text;
  if (at < text.length) out.push(text.slice(at));
  return out;
}
