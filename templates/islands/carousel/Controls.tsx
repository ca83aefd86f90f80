/**
 * The controls shared by the hero slideshow and the carousel section, as server
 * markup: the pause/play button, the dots, previous/next buttons and the progress
 * bar. Two tones: "dark" (white controls over a dark background) and "light".
 * carousel/bind.ts gives them their behaviour in the browser; the data-*
 * attributes are what it looks for.
 */
import { cx } from "../../ui/cx.ts";
import { dotClass, PAUSE, roundButton, type Tone } from "./look.ts";
import { fillLabel } from "./slides.ts";

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

const LEFT = "M15 18l-6-6 6-6";
const RIGHT = "M9 18l6-6-6-6";

/**
 * The rotation control: its name says what pressing it does. It starts as "pause"
 * (rotation on); data-play holds the name it takes once paused.
 */
export function PlayPause({ tone, labels, size }: { tone: Tone; labels: { pause: string; play: string }; size?: string }) {
  return (
    <button type="button" className={roundButton(tone, size)} aria-label={labels.pause} data-rotation="playing" data-pause={labels.pause} data-play={labels.play}>
      <Glyph d={PAUSE} filled />
    </button>
  );
}

export function PrevNext({ tone, labels }: { tone: Tone; labels: { previous: string; next: string } }) {
  return (
    <div className="flex gap-2">
      <button type="button" className={roundButton(tone)} aria-label={labels.previous} data-step="-1">
        <Glyph d={LEFT} />
      </button>
      <button type="button" className={roundButton(tone)} aria-label={labels.next} data-step="1">
        <Glyph d={RIGHT} />
      </button>
    </div>
  );
}

/** One button per slide; the current one (the first, on the server) is marked and does nothing. */
export function Dots({ count, tone, label }: { count: number; tone: Tone; label: string }) {
  const dots = [];
  for (let i = 0; i < count; i++) {
    const current = i === 0;
    dots.push(
      <button
        key={i}
        type="button"
        className="group grid size-6 place-items-center rounded-full"
        aria-label={fillLabel(label, i, count)}
        aria-current={current ? "true" : undefined}
        aria-disabled={current ? "true" : undefined}
        data-dot={i}
      >
        <span className={dotClass(tone, current)} />
      </button>,
    );
  }
  return <div className="flex items-center">{dots}</div>;
}

/**
 * How much of the current interval has passed. The fill starts empty (scale-x-0);
 * the script sets its `scale` on animation frames while the rotation runs.
 */
export function Progress({ className, fill }: { className: string; fill: string }) {
  return (
    <span className={cx("block overflow-hidden", className)} aria-hidden="true">
      <span data-progress="" className={cx("block h-full origin-left scale-x-0 rounded-[inherit]", fill)} />
    </span>
  );
}
