/**
 * The hero's rotating background images (templates/sections/Hero.tsx uses it when a
 * hero has two images or more): every image is in the server HTML, stacked in the
 * same box (no layout shift); the first is eager and high priority (it is the first
 * paint), the others lazy and hidden until the script lets them load. The current one is opaque and the others cross-fade
 * (no transition with reduced motion). Controls at the bottom: pause/play, one dot
 * per image and a progress bar; the pointer over them or keyboard focus in them
 * holds the rotation. Server markup only: HeroSlideshow.browser.ts runs it
 * (carousel/bind.ts; timing: carousel/autoplay.ts).
 */
import type { Image } from "../content-types.ts";
import { Photo, SLOT } from "../ui/Photo.tsx";
import { Dots, PlayPause, Progress } from "./carousel/Controls.tsx";
import { heroImageClass } from "./carousel/look.ts";

export interface HeroSlideshowProps {
  images: Image[];
  /** Milliseconds per image. */
  intervalMs: number;
  labels: {
    /** The name of the controls group. */
    slideshow: string;
    pause: string;
    play: string;
    /** A dot's name: {n} is the image's number, {total} the number of images. */
    show: string;
  };
}

export default function HeroSlideshow({ images, intervalMs, labels }: HeroSlideshowProps) {
  return (
    <>
      <div className="absolute inset-0 -z-20" data-interval={intervalMs}>
        {images.map((image, i) => (
          <Photo
            key={image.src.src}
            image={image}
            sizes={SLOT.fullBleed}
            priority={i === 0}
            aria-hidden={i === 0 ? undefined : "true"}
            // Loaded once the script lets it (HeroSlideshow.browser.ts): without it, only the first is ever shown.
            hidden={i > 0}
            data-current={i === 0 ? "" : undefined}
            className={heroImageClass(i === 0)}
          />
        ))}
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 pb-6 sm:pb-8">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div role="group" aria-label={labels.slideshow} className="pointer-events-auto inline-flex items-center gap-3">
            <PlayPause tone="dark" labels={labels} size="size-9" />
            <Dots count={images.length} tone="dark" label={labels.show} />
            <Progress className="h-0.5 w-16 rounded-full bg-white/25 sm:w-28" fill="bg-white" />
          </div>
        </div>
      </div>
    </>
  );
}
