/**
 * How a building type looks chosen and not chosen, as class lists. The server markup
 * (PricingTable.tsx) and the browser module (PricingTable.browser.ts) both take them
 * from here, so a choice drawn by the script looks exactly as the server draws it.
 */
import { cx } from "../../ui/cx.ts";

export function typeOptionClass(chosen: boolean): string {
  return cx(
    "grid cursor-pointer place-items-center rounded-md px-3 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
    chosen ? "bg-white text-ink-900 shadow-sm" : "text-ink-600 hover:text-ink-900",
  );
}
