/**
 * The hero slideshow's behaviour (markup: HeroSlideshow.tsx): the current image is shown, the others invisible
 * and hidden from assistive technology.
 *
 * The server sends every image but the first with the hidden attribute, so that the first paint loads and draws
 * one. An image is let load (its hidden attribute removed) half an interval before its turn, and every image as
 * soon as the pointer or keyboard focus comes to the controls, ahead of a dot that jumps to one.
 */
import { bindAutoplay } from "./carousel/bind.ts";
import { HERO_SHOWN } from "./carousel/look.ts";

export default function enhanceHeroSlideshow(host: HTMLElement): void {
  const stack = host.querySelector<HTMLElement>("[data-interval]")!;
  const images = [...stack.querySelectorAll("img")];
  const controls = host.querySelector<HTMLElement>('[role="group"]')!;
  const interval = Number(stack.dataset["interval"]);
  /** Lets image i load. One let in as it becomes current has its style computed first, so that its fade runs. */
  const letLoad = (i: number) => {
    const img = images[i % images.length]!;
    if (!img.hidden) return;
    img.hidden = false;
    void img.offsetWidth;
  };
  const letAllLoad = () => images.forEach((_, i) => letLoad(i));
  controls.addEventListener("pointerenter", letAllLoad, { once: true });
  controls.addEventListener("focusin", letAllLoad, { once: true });
  let shown = -1;
  let nextTimer = 0;
  bindAutoplay({
    area: controls,
    controls,
    count: images.length,
    interval,
    tone: "dark",
    paint: ({ index }) => {
      // paint also runs when the rotation is held or let go: the next image's timer starts with its slide only.
      if (index !== shown) {
        shown = index;
        letLoad(index);
        clearTimeout(nextTimer);
        nextTimer = window.setTimeout(() => letLoad(index + 1), interval / 2);
      }
      images.forEach((img, i) => {
        const current = i === index;
        img.toggleAttribute("data-current", current);
        current ? img.removeAttribute("aria-hidden") : img.setAttribute("aria-hidden", "true");
        // Only these classes change: the photo's own (placeholder, focal point) stay.
        img.classList.remove(...(current ? HERO_SHOWN.other : HERO_SHOWN.current));
        img.classList.add(...(current ? HERO_SHOWN.current : HERO_SHOWN.other));
      });
    },
  });
}
