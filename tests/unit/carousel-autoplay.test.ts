/**
 * The rotation timing (templates/islands/carousel/autoplay.ts) on fake timers:
 * intervals, temporary holds (hover, focus), the visitor's pause, navigation that
 * restarts the interval, and the elapsed/progress bookkeeping behind the progress bar.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAutoplay, type AutoplayState } from "../../templates/islands/carousel/autoplay.ts";

let changes: AutoplayState[];

function make(count = 5, interval = 4000, connect = true) {
  const ctl = createAutoplay({ count, interval, onChange: (s) => changes.push(s), now: () => Date.now() });
  if (connect) ctl.connect();
  return ctl;
}
const step = (ms: number) => vi.advanceTimersByTime(ms);

beforeEach(() => {
  changes = [];
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("autoplay", () => {
  it("advances once per interval, not before, and wraps from the last slide to the first", () => {
    const c = make(3, 5000);
    expect(c.state).toEqual({ index: 0, playing: true, running: true });
    step(4999);
    expect(c.state.index).toBe(0);
    step(1);
    expect(c.state.index).toBe(1);
    step(5000);
    expect(c.state.index).toBe(2);
    step(4999);
    expect(c.state.index).toBe(2);
    step(1);
    expect(c.state.index).toBe(0);
    expect(changes.map((s) => s.index)).toEqual([1, 2, 0]);
  });

  it("counts time from its creation but starts no timer before connect()", () => {
    const c = make(5, 4000, false);
    step(10_000);
    expect(c.state.index).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    c.connect(); // already late: it moves at once, then every interval
    step(0);
    expect(c.state.index).toBe(1);
    step(3999);
    expect(c.state.index).toBe(1);
    step(1);
    expect(c.state.index).toBe(2);
  });

  it("disconnect() stops the timers; connect() carries on", () => {
    const c = make();
    step(1000);
    c.disconnect();
    expect(vi.getTimerCount()).toBe(0);
    c.connect();
    step(2999);
    expect(c.state.index).toBe(0);
    step(1);
    expect(c.state.index).toBe(1);
  });

  it("reports elapsed time and progress for the progress bar, from 0 to 1, reset on every new slide", () => {
    const c = make(5, 4000);
    expect(c.progress()).toBe(0);
    step(1000);
    expect(c.elapsed()).toBe(1000);
    expect(c.progress()).toBe(0.25);
    step(2000);
    expect(c.progress()).toBe(0.75);
    step(1000);
    expect(c.state.index).toBe(1);
    expect(c.progress()).toBe(0);
  });

  it("holds while the pointer is over it and carries on where it was when it leaves", () => {
    const c = make(5, 4000);
    step(3000);
    c.hold("hover");
    expect(c.state).toEqual({ index: 0, playing: true, running: false });
    step(60_000);
    expect(c.state.index).toBe(0);
    expect(c.progress()).toBe(0.75); // frozen
    c.release("hover");
    expect(c.state.running).toBe(true);
    step(999);
    expect(c.state.index).toBe(0);
    step(1);
    expect(c.state.index).toBe(1);
  });

  it("needs every hold released: pointer and keyboard focus are counted apart", () => {
    const c = make(5, 4000);
    c.hold("hover");
    c.hold("focus");
    c.hold("focus"); // twice is still one hold
    c.release("hover");
    step(10_000);
    expect(c.state.index).toBe(0);
    expect(c.state.running).toBe(false);
    c.release("focus");
    step(4000);
    expect(c.state.index).toBe(1);
  });

  it("stops for good when the visitor pauses: releasing holds does not start it, play does", () => {
    const c = make(5, 4000);
    step(1000);
    c.hold("hover");
    c.pause();
    c.release("hover");
    expect(c.state).toEqual({ index: 0, playing: false, running: false });
    step(60_000);
    expect(c.state.index).toBe(0);
    c.hold("focus");
    c.play(); // an explicit request: it also drops the holds (the pointer is on the button)
    expect(c.state).toEqual({ index: 0, playing: true, running: true });
    step(2999);
    expect(c.state.index).toBe(0);
    step(1);
    expect(c.state.index).toBe(1);
  });

  it("next, prev and goTo move at once and restart the interval", () => {
    const c = make(5, 4000);
    step(3000);
    c.next();
    expect(c.state.index).toBe(1);
    expect(c.progress()).toBe(0);
    step(3999);
    expect(c.state.index).toBe(1);
    step(1);
    expect(c.state.index).toBe(2);
    step(2500);
    c.goTo(4);
    expect(c.state.index).toBe(4);
    step(3999);
    expect(c.state.index).toBe(4);
    step(1);
    expect(c.state.index).toBe(0); // wrapped
  });

  it("prev from the first slide wraps to the last, next from the last to the first", () => {
    const c = make(6, 4000);
    c.prev();
    expect(c.state.index).toBe(5);
    c.next();
    expect(c.state.index).toBe(0);
    c.goTo(-2);
    expect(c.state.index).toBe(4);
  });

  it("navigation while paused or held moves without starting the rotation", () => {
    const c = make(5, 4000);
    c.pause();
    c.next();
    c.goTo(3);
    expect(c.state).toEqual({ index: 3, playing: false, running: false });
    expect(c.progress()).toBe(0);
    step(20_000);
    expect(c.state.index).toBe(3);

    const d = make(5, 4000);
    d.hold("hover");
    step(1000);
    d.goTo(2); // a dot clicked with the pointer on it
    step(20_000);
    expect(d.state.index).toBe(2);
    d.release("hover");
    step(3999); // a whole fresh interval after leaving
    expect(d.state.index).toBe(2);
    step(1);
    expect(d.state.index).toBe(3);
  });

  it("never rotates with a single slide", () => {
    const c = make(1, 4000);
    expect(c.state.running).toBe(false);
    step(60_000);
    expect(c.state.index).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps exact intervals over many turns (no drift)", () => {
    const c = make(4, 5000);
    step(5000 * 41);
    expect(c.state.index).toBe(41 % 4);
    expect(changes).toHaveLength(41);
  });
});
