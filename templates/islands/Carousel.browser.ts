/**
 * The carousel section's behaviour (markup: Carousel.tsx). The rotation, controls
 * and progress bar: carousel/bind.ts. Here: the current card or slide (its look,
 * data-current, the progress bar moving onto it), the live region ("off" while
 * rotating, "polite" otherwise) and, for cards, what a screen reader hears and the
 * sideways scroll:
 *
 * - the row scrolls so that the current card comes first (as far as the row can
 *   scroll; from the second move on, so the server's position is left alone);
 * - when the visitor scrolls the row (swipe, wheel, keys) and the current card
 *   ends up out of view, the first card in view becomes current. A scroll of our
 *   own is left alone until it arrives or the visitor takes over.
 */
import { bindAutoplay, REDUCED_MOTION } from "./carousel/bind.ts";
import { cardClass, slideClass, type Tone } from "./carousel/look.ts";
import { fillLabel } from "./carousel/slides.ts";

/** How long a sideways scroll must be still before the row counts as settled (ms). */
export const SCROLL_SETTLE_MS = 150;

export default function enhanceCarousel(host: HTMLElement): void {
  const root = host.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
  const live = root.querySelector<HTMLElement>("[aria-live]")!;
  const items = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
  const track = root.querySelector<HTMLElement>("[data-track]");
  const spoken = track ? live.querySelector<HTMLElement>(".sr-only") : null;
  const tone = root.dataset["tone"] as Tone;
  const dark = tone === "dark";
  const look = track ? cardClass : slideClass;
  const bar = root.querySelector<HTMLElement>("[data-progress]")!.parentElement!;
  let index = 0;
  /** Where our own scroll is heading, until it gets there. */
  let target: number | null = null;

  const scrollTo = (i: number) => {
    const card = items[i];
    const start = items[0];
    if (!track || !card || !start) return;
    const left = Math.min(card.offsetLeft - start.offsetLeft, track.scrollWidth - track.clientWidth);
    if (Math.abs(track.scrollLeft - left) < 2) return;
    target = left;
    track.scrollTo({ left, behavior: window.matchMedia(REDUCED_MOTION).matches ? "auto" : "smooth" });
  };

  const ctl = bindAutoplay({
    area: root,
    controls: root.lastElementChild as HTMLElement,
    count: items.length,
    interval: Number(root.dataset["interval"]),
    tone,
    paint: (state) => {
      live.setAttribute("aria-live", state.running ? "off" : "polite");
      items.forEach((item, i) => {
        item.toggleAttribute("data-current", i === state.index);
        item.className = look(dark, i === state.index);
      });
      items[state.index]!.append(bar);
      if (spoken) spoken.textContent = `${fillLabel(root.dataset["slide"]!, state.index, items.length)}: ${items[state.index]!.querySelector("h3")!.textContent}`;
      if (state.index !== index) {
        index = state.index;
        scrollTo(index);
      }
    },
  });

  if (!track) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = () => {
    if (target !== null) {
      if (Math.abs(track.scrollLeft - target) >= 2) return;
      target = null;
    }
    const shown = visible(track);
    if (shown.length > 0 && !shown.includes(index)) ctl.goTo(shown[0]!);
  };
  track.addEventListener(
    "scroll",
    () => {
      clearTimeout(timer);
      timer = setTimeout(settled, SCROLL_SETTLE_MS);
    },
    { passive: true },
  );
  for (const type of ["pointerdown", "wheel", "keydown"]) track.addEventListener(type, () => (target = null), { passive: true });
}

/** The indexes of the cards wholly inside the row's visible width. */
function visible(el: HTMLElement): number[] {
  const cards = [...el.children] as HTMLElement[];
  const origin = cards[0]?.offsetLeft ?? 0;
  const from = el.scrollLeft - 2;
  const to = el.scrollLeft + el.clientWidth - 2 * origin + 2;
  const out: number[] = [];
  cards.forEach((c, i) => {
    const x = c.offsetLeft - origin;
    if (x >= from && x + c.offsetWidth <= to) out.push(i);
  });
  return out;
}
