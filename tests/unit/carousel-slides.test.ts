/** The carousel's index logic (templates/islands/carousel/slides.ts): wrapping modulo the slide count. */
import { describe, expect, it } from "vitest";
import { fillLabel, goTo, next, prev, wrap } from "../../templates/islands/carousel/slides.ts";

describe("slide index", () => {
  it("next walks forward and wraps from the last slide to the first", () => {
    const seen = [0];
    for (let i = 0; i < 6; i++) seen.push(next(seen.at(-1)!, 5));
    expect(seen).toEqual([0, 1, 2, 3, 4, 0, 1]);
  });

  it("prev walks back and wraps from the first slide to the last", () => {
    const seen = [0];
    for (let i = 0; i < 6; i++) seen.push(prev(seen.at(-1)!, 6));
    expect(seen).toEqual([0, 5, 4, 3, 2, 1, 0]);
  });

  it("goTo takes any integer modulo the count, negative ones too", () => {
    expect(goTo(3, 5)).toBe(3);
    expect(goTo(5, 5)).toBe(0);
    expect(goTo(12, 5)).toBe(2);
    expect(goTo(-1, 5)).toBe(4);
    expect(goTo(-11, 5)).toBe(4);
  });

  it("stays at 0 with one slide or none", () => {
    expect(next(0, 1)).toBe(0);
    expect(prev(0, 1)).toBe(0);
    expect(wrap(3, 0)).toBe(0);
    expect(next(0, 0)).toBe(0);
  });

  it("fills slide labels with the 1-based number and the total", () => {
    expect(fillLabel("Show slide {n} of {total}", 1, 6)).toBe("Show slide 2 of 6");
    expect(fillLabel("{n} of {total}", 0, 5)).toBe("1 of 5");
    expect(fillLabel("Folie {n}", 4, 5)).toBe("Folie 5");
  });
});
