/**
 * The toast notices' rules (spec §9): at most 3 visible, 4000 ms by default,
 * 356 px wide with a 14 px gap, dismissed by a swipe past 20 px.
 */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
export const SWIPE_THRESHOLD_PX = 20;

export interface Toast {
  id: number;
  text: string;
  /** How long it stays (ms), not counting time the pointer or focus rests on it. */
  duration: number;
}

/** Adds a toast (newest last) and drops the oldest beyond the limit. */
export function pushToast(list: Toast[], toast: Toast, limit = TOAST_LIMIT): { list: Toast[]; dropped: Toast[] } {
  const all = [...list, toast];
  const cut = Math.max(0, all.length - limit);
  return { list: all.slice(cut), dropped: all.slice(0, cut) };
}

/** A drag dismisses when it goes past the threshold sideways (either way) or down. */
export function isSwipeDismiss(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): boolean {
  return Math.abs(dx) > threshold || dy > threshold;
}
