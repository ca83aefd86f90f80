/**
 * Section "hero": the page's opening block and its only h1, over a background image.
 * With two images or more the background is the HeroSlideshow island: the same
 * first image (eager, high priority), the others lazy and stacked under it, plus
 * the slideshow's controls at the bottom of the hero. The hero does not clip its
 * content, so that a menu opened from one of its buttons can reach below it.
 */
import heroSchema from "../../schemas/sections/hero.schema.json" with { type: "json" };
import type { HeroSection } from "../content-types.ts";
import HeroSlideshow, { type HeroSlideshowProps } from "../islands/HeroSlideshow.tsx";
import { Actions } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { Figures } from "../ui/Figures.tsx";
import { Island } from "json-site/api";
import { Inline } from "../ui/Markdown.tsx";
import { Photo, SLOT } from "../ui/Photo.tsx";

/** The schema's defaults for the slideshow's settings, applied where content leaves them out. */
const DEFAULT_INTERVAL = heroSchema.properties.intervalMs.default;
const DEFAULT_LABELS = Object.fromEntries(
  Object.entries(heroSchema.properties.labels.properties).map(([k, v]) => [k, v.default]),
) as HeroSlideshowProps["labels"];

export function Hero({ section }: { section: HeroSection }) {
  const image = section.images[0]!;
  const slideshow = section.images.length > 1;
  return (
    <section className="relative isolate z-10 bg-ink-950 text-white">
      {slideshow ? null : (
        <Photo image={image} sizes={SLOT.fullBleed} priority className="absolute inset-0 -z-20 size-full object-cover" />
      )}
      {/* The scrim: on phones the text spans the whole width, so the art sits under a uniform dark layer; from sm up it fades towards the art's side. */}
      <div className="absolute inset-0 -z-10 bg-ink-950/90 sm:bg-transparent sm:bg-linear-to-r sm:from-ink-950/95 sm:via-ink-950/75 sm:to-ink-950/30" />
      <div className={cx("mx-auto max-w-7xl px-4 pt-32 sm:px-6 sm:pt-40 lg:px-8 lg:pt-48", slideshow ? "pb-24 sm:pb-32 lg:pb-36" : "pb-16 sm:pb-24 lg:pb-32")}>
        <div className="max-w-3xl">
          {section.eyebrow ? (
            <p className="inline-flex items-center rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-accent-300">{section.eyebrow}</p>
          ) : null}
          <h1 className="mt-5 text-4xl leading-[1.08] font-bold tracking-tight text-balance sm:text-6xl">{section.heading}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-ink-200 sm:text-xl">
            <Inline md={section.text} />
          </p>
          <Actions actions={section.actions} surface="dark" className="mt-9 flex flex-col gap-3 min-[480px]:flex-row min-[480px]:flex-wrap" />
        </div>
        {section.highlights?.length ? (
          <Figures items={section.highlights} size="lg" dark className={cx("mt-14 grid max-w-4xl gap-x-6 gap-y-8 border-t border-white/15 pt-8 sm:grid-cols-4", section.highlights.length === 3 ? "grid-cols-3 gap-x-4" : "grid-cols-2")} />
        ) : null}
      </div>
      {slideshow ? (
        <Island
          name="HeroSlideshow"
          component={HeroSlideshow}
          props={{
            images: section.images,
            intervalMs: section.intervalMs ?? DEFAULT_INTERVAL,
            labels: { ...DEFAULT_LABELS, ...section.labels },
          }}
        />
      ) : null}
    </section>
  );
}
