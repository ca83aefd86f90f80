/**
 * Which slide is current (pure: no DOM, no timers). Indexes wrap modulo the slide
 * count in both directions: next from the last is the first, previous from the
 * first is the last, and goTo accepts any integer.
 */

/** index modulo count, always in 0..count-1 (0 when there are no slides). */
export function wrap(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

export const next = (index: number, count: number): number => wrap(index + 1, count);
export const prev = (index: number, count: number): number => wrap(index - 1, count);
export const goTo = (target: number, count: number): number => wrap(target, count);

/** "Show slide {n} of {total}" -> "Show slide 2 of 6", for slide index 1 of 6. */
export function fillLabel(template: string, index: number, count: number): string {
  return template.replace(/\{n\}/g, String(index + 1)).replace(/\{total\}/g, String(count));
}
