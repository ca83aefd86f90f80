/**
 * The autoplay controller (autoplay.ts) wired to a carousel's root element:
 *
 * - the pointer over `root` holds the rotation, leaving it releases it;
 * - keyboard focus inside `root` (a focused element that matches :focus-visible)
 *   holds it until focus leaves `root`; a mouse click that focuses a button does
 *   not, so rotation goes on once the pointer has left;
 * - with prefers-reduced-motion: reduce, rotation never starts by itself (the
 *   visitor can still press play).
 *
 * The first render uses no browser state (it equals the server's HTML); the
 * listeners and timers start in the mount effect.
 */
import type { RefObject } from "react";
import { useEffect, useState } from "../../runtime.ts";
import { createAutoplay, type Autoplay, type AutoplayState } from "./autoplay.ts";

export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

export function useAutoplay(root: RefObject<HTMLElement | null>, count: number, interval: number): [AutoplayState, Autoplay] {
  const [state, setState] = useState<AutoplayState>({ index: 0, playing: true, running: count > 1 });
  const [ctl] = useState(() => createAutoplay({ count, interval, onChange: setState }));

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    if (window.matchMedia(REDUCED_MOTION).matches) ctl.pause();
    const enter = () => ctl.hold("hover");
    const leave = () => ctl.release("hover");
    const focusIn = (e: FocusEvent) => {
      if ((e.target as Element).matches(":focus-visible")) ctl.hold("focus");
    };
    const focusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) ctl.release("focus");
    };
    // Whatever happened before the script ran still counts.
    if (el.matches(":hover")) enter();
    if (el.querySelector(":focus-visible")) ctl.hold("focus");
    el.addEventListener("pointerenter", enter);
    el.addEventListener("pointerleave", leave);
    el.addEventListener("focusin", focusIn);
    el.addEventListener("focusout", focusOut);
    ctl.connect();
    return () => {
      ctl.disconnect();
      el.removeEventListener("pointerenter", enter);
      el.removeEventListener("pointerleave", leave);
      el.removeEventListener("focusin", focusIn);
      el.removeEventListener("focusout", focusOut);
    };
  }, []);

  return [state, ctl];
}
