/** The hero slideshow's behaviour (markup: HeroSlideshow.tsx): the current image is opaque, the others hidden from assistive technology. */
import { bindAutoplay } from "./carousel/bind.ts";
import { HERO_OPACITY } from "./carousel/look.ts";

export default function enhanceHeroSlideshow(host: HTMLElement): void {
  const stack = host.querySelector<HTMLElement>("[data-interval]")!;
  const images = [...stack.querySelectorAll("img")];
  const controls = host.querySelector<HTMLElement>('[role="group"]')!;
  bindAutoplay({
    area: controls,
    controls,
    count: images.length,
    interval: Number(stack.dataset["interval"]),
    tone: "dark",
    paint: ({ index }) =>
      images.forEach((img, i) => {
        const current = i === index;
        img.toggleAttribute("data-current", current);
        current ? img.removeAttribute("aria-hidden") : img.setAttribute("aria-hidden", "true");
        // Only the opacity changes: the photo's own classes (placeholder, focal point) stay.
        img.classList.toggle(HERO_OPACITY.current, current);
        img.classList.toggle(HERO_OPACITY.other, !current);
      }),
  });
}
