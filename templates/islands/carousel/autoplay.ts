/**
 * Automatic rotation of a carousel or slideshow (pure: no DOM). Timers are the
 * global setTimeout/clearTimeout; the time source is performance.now (both faked by
 * Vitest and by Playwright's clock). The WAI-ARIA APG carousel rules:
 *
 * - It rotates every `interval` ms while it is *playing* and nothing *holds* it.
 * - Holds are temporary: the pointer over the carousel ("hover"), keyboard focus
 *   inside it ("focus"). When the last hold is released it carries on where it
 *   was: the time already spent on the slide counts (the progress bar resumes).
 * - pause() is the visitor's stop button: it stays stopped until play(). Nothing
 *   else starts it again. play() is an explicit request, so it also drops the holds
 *   (the pointer is on the play button when it is clicked).
 * - Moving to a slide (next, prev, goTo: buttons, dots) restarts the interval.
 *
 * Time is counted from the moment the controller is created (the island's first
 * render), but no timer runs until connect() (the mount effect), so the first
 * render makes no timer and the server never does.
 */
import { goTo, next, prev } from "./slides.ts";

export type Hold = "hover" | "focus";

export interface AutoplayState {
  /** The current slide. */
  index: number;
  /** The visitor's setting: false once pause() is used (or motion is reduced), until play(). */
  playing: boolean;
  /** Actually rotating now: playing, not held, more than one slide. */
  running: boolean;
}

export interface AutoplayOptions {
  count: number;
  /** Milliseconds per slide. */
  interval: number;
  /** Called after every change of state. */
  onChange?: (state: AutoplayState) => void;
  /** The clock (ms); performance.now by default. */
  now?: () => number;
}

export interface Autoplay {
  readonly state: AutoplayState;
  /** The time spent on the current slide, in ms (frozen while not running). */
  elapsed(): number;
  /** elapsed() / interval, between 0 and 1: what the progress bar shows. */
  progress(): number;
  /** Starts the timers (in the browser, after mounting). */
  connect(): void;
  /** Stops the timers (unmounting); connect() again carries on. */
  disconnect(): void;
  next(): void;
  prev(): void;
  goTo(index: number): void;
  hold(reason: Hold): void;
  release(reason: Hold): void;
  pause(): void;
  play(): void;
}

export function createAutoplay({ count, interval, onChange, now = () => performance.now() }: AutoplayOptions): Autoplay {
  let index = 0;
  let playing = true;
  const holds = new Set<Hold>();
  /** Time on the current slide before `since`. */
  let spent = 0;
  /** When the current running stretch began; null while not running. */
  let since: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let connected = false;

  const running = () => playing && holds.size === 0 && count > 1;
  const elapsed = () => spent + (since === null ? 0 : now() - since);
  const state = (): AutoplayState => ({ index, playing, running: running() });

  const arm = () => {
    clearTimeout(timer);
    timer = undefined;
    if (connected && since !== null) timer = setTimeout(tick, Math.max(0, interval - elapsed()));
  };
  /** Starts or freezes the clock of the current slide to match running(). */
  const sync = () => {
    if (running() && since === null) since = now();
    else if (!running() && since !== null) {
      spent += now() - since;
      since = null;
    }
    arm();
    onChange?.(state());
  };
  /** Moves to a slide with a fresh interval. */
  const move = (to: number) => {
    index = to;
    spent = 0;
    since = running() ? now() : null;
    arm();
    onChange?.(state());
  };
  function tick() {
    move(next(index, count));
  }

  if (running()) since = now();

  return {
    get state() {
      return state();
    },
    elapsed,
    progress: () => Math.min(1, Math.max(0, elapsed() / interval)),
    connect() {
      connected = true;
      arm();
    },
    disconnect() {
      connected = false;
      arm();
    },
    next: () => move(next(index, count)),
    prev: () => move(prev(index, count)),
    goTo: (i) => move(goTo(i, count)),
    hold(reason) {
      if (holds.has(reason)) return;
      holds.add(reason);
      sync();
    },
    release(reason) {
      if (!holds.delete(reason)) return;
      sync();
    },
    pause() {
      playing = false;
      sync();
    },
    play() {
      playing = true;
      holds.clear();
      sync();
    },
  };
}
