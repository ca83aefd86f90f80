/**
 * Section "hero": the page's opening block and its only h1: over a background image,
 * beside a framed picture of the product's screen (`screen`), or on a plain dark ground.
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
import { Icon } from "../ui/Icon.tsx";
import { Inline } from "../ui/Markdown.tsx";
import { Photo, SLOT } from "../ui/Photo.tsx";
import { Screen } from "../ui/Screen.tsx";
import { HERO_ART } from "../islands/carousel/look.ts";
import { keepCompounds } from "../ui/compounds.tsx";

/** The schema's defaults for the slideshow's settings, applied where content leaves them out. */
const DEFAULT_INTERVAL = heroSchema.properties.intervalMs.default;
const DEFAULT_LABELS = Object.fromEntries(
  Object.entries(heroSchema.properties.labels.properties).map(([k, v]) => [k, v.default]),
) as HeroSlideshowProps["labels"];

/** The ground of a hero without a background image: the dark ink with a soft brand glow and a faint grid, drawn in CSS (no bytes to fetch). */
const PLAIN_GROUND = "hero-ground";

export function Hero({ section }: { section: HeroSection }) {
  const images = section.images ?? [];
  const image = images[0];
  const slideshow = images.length > 1;
  const screen = section.screen;
  const emblem = !image && !screen ? section.icon : undefined;
  return (
    <section className={cx("relative isolate z-10 bg-ink-950 text-white", !image && PLAIN_GROUND)}>
      {image && !slideshow ? (
        <Photo image={image} sizes={SLOT.fullBleed} priority={!screen} className={cx(HERO_ART, "-z-20")} />
      ) : null}
      {image ? (
        /* The scrim (styles.css): on phones the art keeps the top of the hero and the text sits under it; from sm up it fades towards the art's side. */
        <div className="hero-scrim absolute inset-0 -z-10" />
      ) : null}
      <div
        className={cx(
          "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8",
          screen ? "pt-28 pb-16 sm:pt-36 sm:pb-24 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] lg:items-center lg:gap-14 lg:pt-40 lg:pb-28" : image ? "pt-48 sm:pt-40 lg:pt-48" : "pt-32 sm:pt-40 lg:pt-44",
          emblem && "lg:flex lg:items-center lg:justify-between lg:gap-12",
          !screen && (slideshow ? "pb-24 sm:pb-32 lg:pb-36" : image ? "pb-16 sm:pb-24 lg:pb-32" : "pb-16 sm:pb-20 lg:pb-24"),
        )}
      >
        <div className={screen ? "max-w-2xl" : "max-w-3xl"}>
          {section.eyebrow ? (
            <p className="inline-flex items-center rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-accent-300">{section.eyebrow}</p>
          ) : null}
          <h1 className={cx("mt-5 text-4xl leading-[1.08] font-bold tracking-tight text-balance", screen ? "sm:text-5xl xl:text-[3.5rem]" : "sm:text-6xl")}>{keepCompounds(section.heading)}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-ink-200 sm:text-xl">
            <Inline md={section.text} />
          </p>
          <Actions actions={section.actions} surface="dark" className="mt-9 flex flex-col gap-3 min-[480px]:flex-row min-[480px]:flex-wrap" />
          {section.highlights?.length ? (
            <Figures
              items={section.highlights}
              size="lg"
              dark
              inlineOnPhones={section.highlights.length !== 4}
              className={cx(
                "mt-12 grid max-w-4xl gap-x-6 gap-y-5 border-t border-white/15 pt-8",
                /* On phones four figures go two by two; three or fewer each take a row, the label beside the value (three columns wrapped their labels to four lines). */
                section.highlights.length === 4 ? "grid-cols-2 sm:grid-cols-4" : "sm:grid-cols-3",
              )}
            />
          ) : null}
        </div>
        {screen ? <Screen image={screen} sizes={SLOT.heroScreen} priority dark className="mt-12 lg:mt-0" /> : null}
        {emblem ? (
          // The page's emblem in rings (styles.css), from lg up: it fills the ground's empty half without a picture to fetch.
          <span aria-hidden="true" className="hero-emblem">
            <span>
              <Icon name={emblem} className="size-12" />
            </span>
          </span>
        ) : null}
      </div>
      {slideshow ? (
        <Island
          name="HeroSlideshow"
          component={HeroSlideshow}
          props={{
            images,
            intervalMs: section.intervalMs ?? DEFAULT_INTERVAL,
            labels: { ...DEFAULT_LABELS, ...section.labels },
          }}
        />
      ) : null}
    </section>
  );
}
