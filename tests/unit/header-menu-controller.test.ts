/** The header's menu timing (templates/islands/header/menu-controller.ts), on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOSE_DELAY, menuController, OPEN_DELAY } from "../../templates/islands/header/menu-controller.ts";

let changes: (string | null)[];
const make = () => menuController((open) => changes.push(open));

beforeEach(() => {
  changes = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("menu controller", () => {
  it("uses the spec's delays: 100 ms to open on hover, 300 ms to close", () => {
    expect(OPEN_DELAY).toBe(100);
    expect(CLOSE_DELAY).toBe(300);
  });

  it("opens a hovered menu after 100 ms, not before", () => {
    const c = make();
    c.enter("a");
    vi.advanceTimersByTime(99);
    expect(c.open).toBeNull();
    vi.advanceTimersByTime(1);
    expect(c.open).toBe("a");
    expect(changes).toEqual(["a"]);
  });

  it("does not open when the pointer leaves before the delay", () => {
    const c = make();
    c.enter("a");
    vi.advanceTimersByTime(60);
    c.leave();
    vi.advanceTimersByTime(1000);
    expect(c.open).toBeNull();
    expect(changes).toEqual([]);
  });

  it("closes 300 ms after the pointer leaves, not before", () => {
    const c = make();
    c.show("a");
    c.leave();
    vi.advanceTimersByTime(299);
    expect(c.open).toBe("a");
    vi.advanceTimersByTime(1);
    expect(c.open).toBeNull();
    expect(changes).toEqual(["a", null]);
  });

  it("stays open when the pointer comes back within 300 ms", () => {
    const c = make();
    c.show("a");
    c.leave();
    vi.advanceTimersByTime(299);
    c.enter("a");
    vi.advanceTimersByTime(5000);
    expect(c.open).toBe("a");
    expect(changes).toEqual(["a"]);
  });

  it("moves from one open menu to another after 100 ms, one menu at a time", () => {
    const c = make();
    c.show("a");
    c.leave();
    c.enter("b");
    vi.advanceTimersByTime(99);
    expect(c.open).toBe("a");
    vi.advanceTimersByTime(1);
    expect(c.open).toBe("b");
    expect(changes).toEqual(["a", "b"]);
  });

  it("keeps the open menu when the pointer only passes over another trigger and comes back", () => {
    const c = make();
    c.show("a");
    c.leave();
    c.enter("b");
    vi.advanceTimersByTime(50);
    c.leave();
    c.enter("a");
    vi.advanceTimersByTime(5000);
    expect(c.open).toBe("a");
    expect(changes).toEqual(["a"]);
  });

  it("closes the open menu 300 ms after the pointer crosses another trigger and leaves", () => {
    const c = make();
    c.show("a");
    c.leave();
    c.enter("b");
    vi.advanceTimersByTime(50);
    c.leave();
    vi.advanceTimersByTime(299);
    expect(c.open).toBe("a");
    vi.advanceTimersByTime(1);
    expect(c.open).toBeNull();
  });

  it("toggles on click and opens at once, cancelling a pending hover", () => {
    const c = make();
    c.enter("a");
    c.click("a", true);
    expect(c.open).toBe("a");
    c.click("a", true);
    expect(c.open).toBeNull();
    vi.advanceTimersByTime(5000);
    expect(c.open).toBeNull();
    expect(changes).toEqual(["a", null]);
  });

  it("keeps a menu the hover has just opened when it is clicked, and closes on the next click", () => {
    const c = make();
    c.enter("a");
    vi.advanceTimersByTime(100);
    c.click("a", true);
    expect(c.open).toBe("a");
    c.click("a", true);
    expect(c.open).toBeNull();
  });

  it("closes a hover-opened menu on Enter or Space (a click without a pointer)", () => {
    const c = make();
    c.enter("a");
    vi.advanceTimersByTime(100);
    c.click("a", false);
    expect(c.open).toBeNull();
  });

  it("switches menus on a click on another trigger", () => {
    const c = make();
    c.click("a", false);
    c.click("b", false);
    expect(c.open).toBe("b");
    expect(changes).toEqual(["a", "b"]);
  });

  it("closes at once on close(), cancelling a pending hover", () => {
    const c = make();
    c.show("a");
    c.enter("b");
    c.close();
    vi.advanceTimersByTime(5000);
    expect(c.open).toBeNull();
    expect(changes).toEqual(["a", null]);
  });

  it("reports only changes", () => {
    const c = make();
    c.show("a");
    c.show("a");
    c.close();
    c.close();
    expect(changes).toEqual(["a", null]);
  });
});
