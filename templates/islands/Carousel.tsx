/**
 * The carousel section's behaviour (templates/sections/Carousel.tsx renders the
 * heading around it). WAI-ARIA APG carousel: a region named by the heading with
 * aria-roledescription="carousel"; each item a group with
 * aria-roledescription="slide" named "n of N"; the slides' wrapper is a live
 * region, "off" while rotating and "polite" otherwise; a pause/play button, previous
 * and next buttons, one dot per slide. Rotation (carousel/useAutoplay.ts) pauses while
 * the pointer is over the region or keyboard focus is inside it, never starts by
 * itself with reduced motion, and stops for good with the pause button.
 *
 * Variants:
 * - "cards": a row of cards that scrolls sideways (scroll snapping; it works without
 *   JavaScript). The current card is highlighted and carries the progress bar; the
 *   row scrolls to bring it first. When the visitor scrolls the row so that the
 *   current card is out of view, the first card in view becomes current.
 * - "slides": one slide at a time. All slides share one grid cell (the box is as
 *   tall as the tallest, so nothing moves); the others are invisible and cross-fade.
 *   The current slide, like the current card, carries the progress bar on its
 *   bottom edge.
 *
 * This file is the server markup (the first card or slide current); Carousel.browser.ts
 * runs it in the browser without Preact (carousel/bind.ts; timing: carousel/autoplay.ts).
 */
import { cx } from "../ui/cx.ts";
import { CheckList } from "../ui/Section.tsx";
import { IconSvg, type IconShape } from "../ui/IconSvg.tsx";
import { Dots, PlayPause, PrevNext, Progress } from "./carousel/Controls.tsx";
import { cardClass, slideClass, type Tone } from "./carousel/look.ts";
import { fillLabel } from "./carousel/slides.ts";
import type { Image } from "../content-types.ts";
import { Photo } from "../ui/Photo.tsx";
import { Screen } from "../ui/Screen.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

/** A card's image: 85% of the row on phones, half from sm, a third from lg (cardClass), less the card's padding. */
const CARD_IMAGE = "(min-width: 1280px) 334px, (min-width: 1024px) calc(33vw - 60px), (min-width: 640px) calc(50vw - 64px), calc(85vw - 76px)";
/** A slide's image: the slide's width on phones, then 22rem (md) and 30rem (lg). */
const SLIDE_IMAGE = "(min-width: 1024px) 480px, (min-width: 768px) 352px, calc(100vw - 80px)";

export interface CarouselItem {
  category?: string | undefined;
  title: string;
  description: string;
  /** The icon's drawing (templates/ui/Icon.tsx iconShape), so the island needs no icon set. */
  icon: IconShape;
  /** An illustration (a product screen): in a slide it takes the place of the icon, in a card it follows the text. */
  image?: CarouselImage | undefined;
  /** Up to four short points under the description. */
  points?: string[] | undefined;
}

export type CarouselImage = Image;

export interface CarouselLabels {
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** A slide's name: "{n} of {total}". */
  slide: string;
  /** A dot's name: "Show slide {n}". */
  show: string;
}

export interface CarouselProps {
  /** The id of the heading that names the carousel. */
  labelledBy: string;
  variant: "cards" | "slides";
  tone: "light" | "muted" | "dark";
  intervalMs: number;
  items: CarouselItem[];
  labels: CarouselLabels;
}

export default function Carousel(p: CarouselProps) {
  const count = p.items.length;
  const tone: Tone = p.tone === "dark" ? "dark" : "light";
  const cards = p.variant === "cards";
  const item = (Item: typeof Card, x: CarouselItem, i: number) => <Item key={i} item={x} i={i} p={p} tone={tone} current={i === 0} />;

  return (
    <div role="region" aria-roledescription="carousel" aria-labelledby={p.labelledBy} className="mt-12 sm:mt-14" data-interval={p.intervalMs} data-slide={p.labels.slide} data-tone={tone}>
      <div aria-live={count > 1 ? "off" : "polite"}>
        {cards ? (
          <>
            <p className="sr-only">{`${fillLabel(p.labels.slide, 0, count)}: ${p.items[0]!.title}`}</p>
            <div
              data-track=""
              tabIndex={0}
              className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto scroll-smooth px-4 pt-1 pb-2 [scrollbar-width:none] focus-visible:outline-offset-[-2px] motion-reduce:scroll-auto sm:-mx-6 sm:scroll-px-6 sm:gap-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:px-0 [&::-webkit-scrollbar]:hidden"
            >
              {p.items.map((x, i) => item(Card, x, i))}
            </div>
          </>
        ) : (
          <div className="grid">{p.items.map((x, i) => item(Slide, x, i))}</div>
        )}
      </div>
      <div className="mt-8 flex items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3 sm:gap-4">
          <PlayPause tone={tone} labels={p.labels} />
          <Dots count={count} tone={tone} label={p.labels.show} />
        </div>
        <PrevNext tone={tone} labels={p.labels} />
      </div>
    </div>
  );
}

interface ItemProps {
  item: CarouselItem;
  i: number;
  p: CarouselProps;
  tone: Tone;
  current: boolean;
}

/** The WAI-ARIA attributes every slide carries, whichever way it is drawn. */
function slideAttributes(p: CarouselProps, i: number, current: boolean) {
  return {
    role: "group",
    "aria-roledescription": "slide",
    "aria-label": fillLabel(p.labels.slide, i, p.items.length),
    "data-current": current ? "" : undefined,
  } as const;
}

function Card({ item, i, p, tone, current }: ItemProps) {
  const dark = tone === "dark";
  return (
    <div {...slideAttributes(p, i, current)} className={cardClass(dark, current)}>
      <div className="flex items-start justify-between gap-4">
        <span className={cx("grid size-12 place-items-center rounded-xl", dark ? "bg-accent-400/15 text-accent-300" : "bg-brand-50 text-brand-600")}>
          <IconSvg shape={item.icon} className="size-6" />
        </span>
        <span aria-hidden="true" className={cx("text-sm font-semibold tabular-nums", dark ? "text-white/55" : "text-ink-500")}>
          {String(i + 1).padStart(2, "0")}
        </span>
      </div>
      {item.category ? (
        <p className={cx("mt-6 text-xs font-semibold tracking-wider uppercase", dark ? "text-accent-300" : "text-brand-600")}>{item.category}</p>
      ) : null}
      <h3 className={cx("text-xl font-semibold", item.category ? "mt-2" : "mt-6", dark ? "text-white" : "text-ink-900")}>{keepCompounds(item.title)}</h3>
      <p className={cx("mt-3 leading-7", dark ? "text-ink-300" : "text-ink-600")}>{keepCompounds(item.description)}</p>
      <CheckList points={item.points} tone={tone} className="mt-4" />
      {item.image ? <ItemImage image={item.image} sizes={CARD_IMAGE} className="mt-6 w-full" /> : null}
      {current ? <ItemProgress dark={dark} /> : null}
    </div>
  );
}

function Slide({ item, i, p, tone, current }: ItemProps) {
  const dark = tone === "dark";
  return (
    <div {...slideAttributes(p, i, current)} className={slideClass(dark, current)}>
      <div className="max-w-2xl">
        {item.category ? (
          <p className={cx("text-sm font-semibold tracking-wider uppercase", dark ? "text-accent-300" : "text-brand-600")}>{item.category}</p>
        ) : null}
        <h3 className={cx("mt-3 text-2xl font-bold tracking-tight text-balance sm:text-3xl", dark ? "text-white" : "text-ink-900")}>{keepCompounds(item.title)}</h3>
        <p className={cx("mt-4 text-lg leading-8", dark ? "text-ink-300" : "text-ink-600")}>{keepCompounds(item.description)}</p>
        <CheckList points={item.points} tone={tone} className="mt-5 text-base" />
      </div>
      {item.image ? (
        // The picture takes the icon's place: above the text on phones, beside it from md up. A drawing of the
        // product is a Screen: on phones cropped to its focus at a size its words can be read.
        <Screen image={item.image} sizes={SLIDE_IMAGE} dark={dark} className="-order-1 w-full md:order-none md:w-[22rem] lg:w-[30rem]" />
      ) : (
        <span
          aria-hidden="true"
          className={cx(
            "-order-1 grid size-20 place-items-center rounded-3xl md:order-none md:size-40 md:rounded-[2rem] lg:size-48",
            dark ? "bg-accent-400/10 text-accent-300 ring-1 ring-accent-300/20" : "bg-white text-brand-600 shadow-card ring-1 ring-brand-100",
          )}
        >
          <IconSvg shape={item.icon} className="size-10 md:size-20 lg:size-24" />
        </span>
      )}
      {current ? <ItemProgress dark={dark} /> : null}
    </div>
  );
}

/** A slide's or card's illustration (a lazy <img> of a file in content/assets). */
function ItemImage({ image, className, sizes }: { image: CarouselImage; className: string; sizes: string }) {
  return <Photo image={image} sizes={sizes} className={cx("h-auto rounded-2xl shadow-card ring-1 ring-ink-900/5", className)} />;
}

/** The progress bar along the bottom edge of the current card or slide (the script moves it along). */
function ItemProgress({ dark }: { dark: boolean }) {
  return (
    <Progress
      className={cx("absolute inset-x-0 bottom-0 h-1", dark ? "bg-white/10" : "bg-brand-100/70")}
      fill={dark ? "bg-accent-400" : "bg-brand-600"}
    />
  );
}

