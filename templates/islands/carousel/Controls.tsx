/**
 * The controls shared by the hero slideshow and the carousel section: the
 * pause/play button, the dots, previous/next buttons and the progress bar.
 * Two tones: "dark" (white controls over a dark background) and "light".
 */
import type { RefObject } from "react";
import { useEffect, useRef } from "../../runtime.ts";
import { cx } from "../../ui/cx.ts";
import type { Autoplay } from "./autoplay.ts";
import { fillLabel } from "./slides.ts";

export type Tone = "dark" | "light";

const ROUND: Record<Tone, string> = {
  dark: "border-white/25 bg-white/10 text-white hover:border-white/50 hover:bg-white/20",
  light: "border-ink-200 bg-white text-ink-800 shadow-sm hover:border-ink-300 hover:bg-ink-50",
};

function roundButton(tone: Tone, size = "size-10"): string {
  return cx("grid shrink-0 place-items-center rounded-full border transition-colors", size, ROUND[tone]);
}

function Glyph({ d, filled }: { d: string; filled?: boolean }) {
  return filled ? (
    <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  ) : (
    <svg className="icon-stroke size-5" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

const PAUSE = "M7 4.5h3.5v15H7zM13.5 4.5H17v15h-3.5z";
const PLAY = "M7.5 4.8v14.4a.8.8 0 0 0 1.2.7l11.3-7.2a.8.8 0 0 0 0-1.4L8.7 4.1a.8.8 0 0 0-1.2.7z";
const LEFT = "M15 18l-6-6 6-6";
const RIGHT = "M9 18l6-6-6-6";

/** The rotation control: its name says what pressing it does. */
export function PlayPause({ playing, ctl, tone, labels, size }: { playing: boolean; ctl: Autoplay; tone: Tone; labels: { pause: string; play: string }; size?: string }) {
  return (
    <button
      type="button"
      className={roundButton(tone, size)}
      aria-label={playing ? labels.pause : labels.play}
      data-rotation={playing ? "playing" : "paused"}
      onClick={() => (playing ? ctl.pause() : ctl.play())}
    >
      <Glyph d={playing ? PAUSE : PLAY} filled />
    </button>
  );
}

export function PrevNext({ ctl, tone, labels }: { ctl: Autoplay; tone: Tone; labels: { previous: string; next: string } }) {
  return (
    <div className="flex gap-2">
      <button type="button" className={roundButton(tone)} aria-label={labels.previous} onClick={() => ctl.prev()}>
        <Glyph d={LEFT} />
      </button>
      <button type="button" className={roundButton(tone)} aria-label={labels.next} onClick={() => ctl.next()}>
        <Glyph d={RIGHT} />
      </button>
    </div>
  );
}

/** One button per slide; the current one is marked and does nothing. */
export function Dots({ count, index, ctl, tone, label }: { count: number; index: number; ctl: Autoplay; tone: Tone; label: string }) {
  const dots = [];
  for (let i = 0; i < count; i++) {
    const current = i === index;
    dots.push(
      <button
        key={i}
        type="button"
        className="group grid size-6 place-items-center rounded-full"
        aria-label={fillLabel(label, i, count)}
        aria-current={current ? "true" : undefined}
        aria-disabled={current ? "true" : undefined}
        onClick={() => current || ctl.goTo(i)}
      >
        <span
          className={cx(
            "block size-2 rounded-full transition duration-300 motion-reduce:transition-none",
            current
              ? cx("scale-125", tone === "dark" ? "bg-white" : "bg-brand-600")
              : tone === "dark"
                ? "bg-white/40 group-hover:bg-white/75"
                : "bg-ink-300 group-hover:bg-ink-500",
          )}
        />
      </button>,
    );
  }
  return <div className="flex items-center">{dots}</div>;
}

/**
 * How much of the current interval has passed. The fill starts empty (scale-x-0, as
 * on the server); a requestAnimationFrame loop sets its `scale` from the controller
 * while it runs and the bar is in view, once when it stops. No inline style in the
 * markup, so the first render equals the server's HTML.
 */
export function Progress({ ctl, running, index, className, fill }: { ctl: Autoplay; running: boolean; index: number; className: string; fill: string }) {
  const bar = useRef<HTMLSpanElement>(null);
  useProgress(bar, ctl, running, index);
  return (
    <span className={cx("block overflow-hidden", className)} aria-hidden="true">
      <span ref={bar} data-progress="" className={cx("block h-full origin-left scale-x-0 rounded-[inherit]", fill)} />
    </span>
  );
}

export function useProgress(bar: RefObject<HTMLElement | null>, ctl: Autoplay, running: boolean, index: number): void {
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    let frame = 0;
    let shown = true;
    const draw = () => {
      el.style.scale = `${ctl.progress().toFixed(4)} 1`;
      frame = running && shown ? requestAnimationFrame(draw) : 0;
    };
    // No frames spent on a bar scrolled out of view.
    const io = new IntersectionObserver(([entry]) => {
      shown = entry!.isIntersecting;
      if (shown && !frame) draw();
    });
    io.observe(el);
    draw();
    return () => {
      cancelAnimationFrame(frame);
      io.disconnect();
    };
  }, [running, index]);
}
