/**
 * How the carousel parts look in each state, as class lists. The server markup
 * (Carousel.tsx, HeroSlideshow.tsx, Controls.tsx) and the browser modules
 * (carousel/bind.ts and the islands' .browser.ts files) both take them from here,
 * so a state drawn by the script looks exactly like the same state drawn by the server.
 */
import { cx } from "../../ui/cx.ts";

export type Tone = "dark" | "light";

export const PAUSE = "M7 4.5h3.5v15H7zM13.5 4.5H17v15h-3.5z";
export const PLAY = "M7.5 4.8v14.4a.8.8 0 0 0 1.2.7l11.3-7.2a.8.8 0 0 0 0-1.4L8.7 4.1a.8.8 0 0 0-1.2.7z";

const ROUND: Record<Tone, string> = {
  dark: "border-white/25 bg-white/10 text-white hover:border-white/50 hover:bg-white/20",
  light: "border-ink-200 bg-white text-ink-800 shadow-sm hover:border-ink-300 hover:bg-ink-50",
};

export function roundButton(tone: Tone, size = "size-10"): string {
  return cx("grid shrink-0 place-items-center rounded-full border transition-colors", size, ROUND[tone]);
}

/** The mark inside a dot button. */
export function dotClass(tone: Tone, current: boolean): string {
  return cx(
    "block size-2 rounded-full transition duration-300 motion-reduce:transition-none",
    current
      ? cx("scale-125", tone === "dark" ? "bg-white" : "bg-brand-600")
      : tone === "dark"
        ? "bg-white/40 group-hover:bg-white/75"
        : "bg-ink-300 group-hover:bg-ink-500",
  );
}

/** A card of the "cards" variant. */
export function cardClass(dark: boolean, current: boolean): string {
  return cx(
    "relative flex shrink-0 basis-[85%] snap-start flex-col overflow-hidden rounded-card border p-6 transition-[background-color,border-color,box-shadow] duration-500 motion-reduce:transition-none sm:basis-[calc((100%_-_1.5rem)/2)] lg:basis-[calc((100%_-_3rem)/3)] lg:p-7",
    dark
      ? current
        ? "border-accent-400/50 bg-white/[0.09]"
        : "border-white/10 bg-white/[0.04]"
      : current
        ? "border-brand-300 bg-white shadow-card"
        : "border-ink-200 bg-white",
  );
}

/** A slide of the "slides" variant. */
export function slideClass(dark: boolean, current: boolean): string {
  return cx(
    "relative col-start-1 row-start-1 grid items-center gap-8 overflow-hidden rounded-3xl border p-8 transition-[opacity,visibility] duration-700 motion-reduce:transition-none sm:p-12 md:grid-cols-[1fr_auto] lg:gap-16 lg:p-16",
    dark ? "border-white/10 bg-linear-to-br from-brand-900/60 to-ink-900" : "border-ink-200 bg-linear-to-br from-brand-50 to-white",
    current ? "visible opacity-100" : "invisible opacity-0",
  );
}

/**
 * A hero image's look, current or not: the only classes the slideshow's script changes (the photo's own stay).
 * The others are invisible as well as transparent, so that the browser does not paint them: a drawing (SVG) is
 * laid out and painted on the main thread, and five hidden ones cost the home page's start-up that much again.
 * Visibility flips at the start of a fade in and at the end of a fade out, so the cross-fade is unchanged.
 */
export const HERO_SHOWN = { current: ["visible", "opacity-100"], other: ["invisible", "opacity-0"] } as const;

/** Where a hero's background art sits: the top 22rem on phones (the text below it), the whole hero from sm up. */
export const HERO_ART = "absolute inset-0 h-88 w-full object-cover max-sm:bottom-auto sm:h-full";

export function heroImageClass(current: boolean): string {
  return cx(
    HERO_ART,
    "transition-[opacity,visibility] duration-1000 ease-in-out motion-reduce:transition-none",
    ...(current ? HERO_SHOWN.current : HERO_SHOWN.other),
  );
}
