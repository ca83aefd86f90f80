/**
 * The carousel section's behaviour (templates/sections/Carousel.tsx renders the
 * heading around it). WAI-ARIA APG carousel: a region named by the heading with
 * aria-roledescription="carousel"; each item a group with
 * aria-roledescription="slide" named "n of N"; the slides' container is a live
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
 * The first render uses nothing but the props, so it equals the server's HTML.
 */
import { useEffect, useRef } from "../runtime.ts";
import { cx } from "../ui/cx.ts";
import type { Autoplay } from "./carousel/autoplay.ts";
import { Dots, PlayPause, PrevNext, Progress, type Tone } from "./carousel/Controls.tsx";
import { fillLabel } from "./carousel/slides.ts";
import { REDUCED_MOTION, useAutoplay } from "./carousel/useAutoplay.ts";

/**
 * An icon as path data (the section template takes it from templates/ui/Icon.tsx),
 * so the island does not carry the whole icon set.
 */
export interface IconShape {
  d: string[];
  filled?: boolean;
}

export interface CarouselItem {
  category?: string | undefined;
  title: string;
  description: string;
  icon: IconShape;
}

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

/** How long a sideways scroll must be still before the row counts as settled (ms). */
export const SCROLL_SETTLE_MS = 150;

export default function Carousel(p: CarouselProps) {
  const root = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const count = p.items.length;
  const [{ index, playing, running }, ctl] = useAutoplay(root, count, p.intervalMs);
  const tone: Tone = p.tone === "dark" ? "dark" : "light";
  const cards = p.variant === "cards";
  useCardScroll(cards ? track : null, index, ctl);

  return (
    <div ref={root} role="region" aria-roledescription="carousel" aria-labelledby={p.labelledBy} className="mt-12 sm:mt-14">
      <div aria-live={running ? "off" : "polite"}>
        {cards ? (
          <>
            <p className="sr-only">{`${fillLabel(p.labels.slide, index, count)}: ${p.items[index]!.title}`}</p>
            <div
              ref={track}
              tabIndex={0}
              className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto scroll-smooth px-4 pt-1 pb-2 [scrollbar-width:none] focus-visible:outline-offset-[-2px] motion-reduce:scroll-auto sm:-mx-6 sm:scroll-px-6 sm:gap-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:px-0 [&::-webkit-scrollbar]:hidden"
            >
              {p.items.map((item, i) => (
                <Card key={i} item={item} i={i} p={p} tone={tone} current={i === index} ctl={ctl} running={running} />
              ))}
            </div>
          </>
        ) : (
          <div className="grid">
            {p.items.map((item, i) => (
              <Slide key={i} item={item} i={i} p={p} tone={tone} current={i === index} ctl={ctl} running={running} />
            ))}
          </div>
        )}
      </div>
      <div className="mt-8 flex items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3 sm:gap-4">
          <PlayPause playing={playing} ctl={ctl} tone={tone} labels={p.labels} />
          <Dots count={count} index={index} ctl={ctl} tone={tone} label={p.labels.show} />
        </div>
        <PrevNext ctl={ctl} tone={tone} labels={p.labels} />
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

function Card({ item, i, p, tone, current, ctl, running }: ItemProps & { ctl: Autoplay; running: boolean }) {
  const dark = tone === "dark";
  return (
    <div
      {...slideAttributes(p, i, current)}
      className={cx(
        "relative flex shrink-0 basis-[85%] snap-start flex-col overflow-hidden rounded-card border p-6 transition-[background-color,border-color,box-shadow] duration-500 motion-reduce:transition-none sm:basis-[calc((100%_-_1.5rem)/2)] lg:basis-[calc((100%_-_3rem)/3)] lg:p-7",
        dark
          ? current
            ? "border-accent-400/50 bg-white/[0.09]"
            : "border-white/10 bg-white/[0.04]"
          : current
            ? "border-brand-300 bg-white shadow-card"
            : "border-ink-200 bg-white",
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <span className={cx("grid size-12 place-items-center rounded-xl", dark ? "bg-accent-400/15 text-accent-300" : "bg-brand-50 text-brand-600")}>
          <ItemIcon icon={item.icon} className="size-6" />
        </span>
        <span aria-hidden="true" className={cx("text-sm font-semibold tabular-nums", dark ? "text-white/55" : "text-ink-500")}>
          {String(i + 1).padStart(2, "0")}
        </span>
      </div>
      {item.category ? (
        <p className={cx("mt-6 text-xs font-semibold tracking-wider uppercase", dark ? "text-accent-300" : "text-brand-600")}>{item.category}</p>
      ) : null}
      <h3 className={cx("text-xl font-semibold", item.category ? "mt-2" : "mt-6", dark ? "text-white" : "text-ink-900")}>{item.title}</h3>
      <p className={cx("mt-3 leading-7", dark ? "text-ink-300" : "text-ink-600")}>{item.description}</p>
      {current ? <ItemProgress ctl={ctl} running={running} i={i} dark={dark} /> : null}
    </div>
  );
}

function Slide({ item, i, p, tone, current, ctl, running }: ItemProps & { ctl: Autoplay; running: boolean }) {
  const dark = tone === "dark";
  return (
    <div
      {...slideAttributes(p, i, current)}
      className={cx(
        "relative col-start-1 row-start-1 grid items-center gap-8 overflow-hidden rounded-3xl border p-8 transition-[opacity,visibility] duration-700 motion-reduce:transition-none sm:p-12 md:grid-cols-[1fr_auto] lg:gap-16 lg:p-16",
        dark ? "border-white/10 bg-linear-to-br from-brand-900/60 to-ink-900" : "border-ink-200 bg-linear-to-br from-brand-50 to-white",
        current ? "visible opacity-100" : "invisible opacity-0",
      )}
    >
      <div className="max-w-2xl">
        {item.category ? (
          <p className={cx("text-sm font-semibold tracking-wider uppercase", dark ? "text-accent-300" : "text-brand-600")}>{item.category}</p>
        ) : null}
        <h3 className={cx("mt-3 text-2xl font-bold tracking-tight text-balance sm:text-3xl", dark ? "text-white" : "text-ink-900")}>{item.title}</h3>
        <p className={cx("mt-4 text-lg leading-8", dark ? "text-ink-300" : "text-ink-600")}>{item.description}</p>
      </div>
      <span
        aria-hidden="true"
        className={cx(
          "hidden size-40 place-items-center rounded-[2rem] md:grid lg:size-48",
          dark ? "bg-accent-400/10 text-accent-300 ring-1 ring-accent-300/20" : "bg-white text-brand-600 shadow-card ring-1 ring-brand-100",
        )}
      >
        <ItemIcon icon={item.icon} className="size-20 lg:size-24" />
      </span>
      {current ? <ItemProgress ctl={ctl} running={running} i={i} dark={dark} /> : null}
    </div>
  );
}

/** The progress bar along the bottom edge of the current card or slide. */
function ItemProgress({ ctl, running, i, dark }: { ctl: Autoplay; running: boolean; i: number; dark: boolean }) {
  return (
    <Progress
      ctl={ctl}
      running={running}
      index={i}
      className={cx("absolute inset-x-0 bottom-0 h-1", dark ? "bg-white/10" : "bg-brand-100/70")}
      fill={dark ? "bg-accent-400" : "bg-brand-600"}
    />
  );
}

/** The same SVG as templates/ui/Icon.tsx renders. */
function ItemIcon({ icon, className }: { icon: IconShape; className: string }) {
  return icon.filled ? (
    <svg className={className} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={icon.d[0]} />
    </svg>
  ) : (
    <svg className={`icon-stroke ${className}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {icon.d.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * Cards variant: scrolls the row so that the current card comes first (as far as
 * the row can scroll; from the second index on, so the server's position is left
 * alone). When the visitor scrolls the row (swipe, wheel, keys) and the current card
 * ends up out of view, the first card in view becomes current. A scroll of our own
 * is left alone until it arrives or the visitor takes over.
 */
function useCardScroll(track: { current: HTMLDivElement | null } | null, index: number, ctl: Autoplay): void {
  const first = useRef(true);
  const current = useRef(index);
  current.current = index;
  /** Where our own scroll is heading, until it gets there. */
  const target = useRef<number | null>(null);

  useEffect(() => {
    const el = track?.current;
    if (!el) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const card = el.children[index] as HTMLElement | undefined;
    const start = el.children[0] as HTMLElement | undefined;
    if (!card || !start) return;
    const left = Math.min(card.offsetLeft - start.offsetLeft, el.scrollWidth - el.clientWidth);
    if (Math.abs(el.scrollLeft - left) < 2) return;
    target.current = left;
    el.scrollTo({ left, behavior: window.matchMedia(REDUCED_MOTION).matches ? "auto" : "smooth" });
  }, [index]);

  useEffect(() => {
    const el = track?.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      if (target.current !== null) {
        if (Math.abs(el.scrollLeft - target.current) >= 2) return;
        target.current = null;
      }
      const shown = visible(el);
      if (shown.length > 0 && !shown.includes(current.current)) ctl.goTo(shown[0]!);
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settled, SCROLL_SETTLE_MS);
    };
    const takeOver = () => (target.current = null);
    const input = ["pointerdown", "wheel", "keydown"] as const;
    el.addEventListener("scroll", onScroll, { passive: true });
    for (const type of input) el.addEventListener(type, takeOver, { passive: true });
    return () => {
      clearTimeout(timer);
      el.removeEventListener("scroll", onScroll);
      for (const type of input) el.removeEventListener(type, takeOver);
    };
  }, []);
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
