/**
 * The browser side shared by the hero slideshow and the carousel: the autoplay
 * controller (autoplay.ts) wired to the server's markup.
 *
 * - The pointer over `area` holds the rotation, leaving it releases it. Keyboard
 *   focus inside `area` (a focused element that matches :focus-visible) holds it
 *   until focus leaves; a mouse click that focuses a button does not, so rotation
 *   goes on once the pointer has left. Whatever happened before the script ran counts.
 * - With prefers-reduced-motion: reduce, rotation never starts by itself (the
 *   visitor can still press play).
 * - The controls inside `controls` (Controls.tsx: [data-rotation], [data-step],
 *   [data-dot]) act on the controller and are redrawn on every change; `paint`
 *   draws the rest (slides, images, live region).
 * - The progress bar ([data-progress] inside `area`): its `scale` follows the time
 *   spent on the current slide on animation frames, only while rotating and in view.
 */
import { createAutoplay, type Autoplay, type AutoplayState } from "./autoplay.ts";
import { dotClass, PAUSE, PLAY, type Tone } from "./look.ts";

export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

export interface BindOptions {
  area: HTMLElement;
  controls: HTMLElement;
  count: number;
  interval: number;
  tone: Tone;
  paint: (state: AutoplayState) => void;
}

export function bindAutoplay({ area, controls, count, interval, tone, paint }: BindOptions): Autoplay {
  const rotation = controls.querySelector<HTMLButtonElement>("[data-rotation]")!;
  const dots = [...controls.querySelectorAll<HTMLElement>("[data-dot]")];
  let frame = 0;
  let shown = true;
  let running = false;
  const io = new IntersectionObserver(([entry]) => {
    shown = entry!.isIntersecting;
    if (shown && !frame) draw();
  });
  let bar: HTMLElement | null = null;

  function draw() {
    if (bar) bar.style.scale = `${ctl.progress().toFixed(4)} 1`;
    frame = running && shown ? requestAnimationFrame(draw) : 0;
  }

  const render = (state: AutoplayState) => {
    paint(state);
    rotation.setAttribute("aria-label", (state.playing ? rotation.dataset["pause"] : rotation.dataset["play"])!);
    rotation.dataset["rotation"] = state.playing ? "playing" : "paused";
    rotation.querySelector("path")!.setAttribute("d", state.playing ? PAUSE : PLAY);
    dots.forEach((dot, i) => {
      const current = i === state.index;
      for (const name of ["aria-current", "aria-disabled"]) current ? dot.setAttribute(name, "true") : dot.removeAttribute(name);
      dot.firstElementChild!.className = dotClass(tone, current);
    });
    running = state.running;
    const next = area.querySelector<HTMLElement>("[data-progress]");
    if (next !== bar) {
      if (bar) io.unobserve(bar);
      bar = next;
      if (bar) io.observe(bar);
    }
    cancelAnimationFrame(frame);
    draw();
  };

  const ctl = createAutoplay({ count, interval, onChange: render });

  rotation.addEventListener("click", () => (ctl.state.playing ? ctl.pause() : ctl.play()));
  for (const step of controls.querySelectorAll<HTMLElement>("[data-step]")) {
    step.addEventListener("click", () => (step.dataset["step"] === "1" ? ctl.next() : ctl.prev()));
  }
  dots.forEach((dot, i) => dot.addEventListener("click", () => i === ctl.state.index || ctl.goTo(i)));

  if (window.matchMedia(REDUCED_MOTION).matches) ctl.pause();
  area.addEventListener("pointerenter", () => ctl.hold("hover"));
  area.addEventListener("pointerleave", () => ctl.release("hover"));
  area.addEventListener("focusin", (e) => (e.target as Element).matches(":focus-visible") && ctl.hold("focus"));
  area.addEventListener("focusout", (e) => area.contains(e.relatedTarget as Node | null) || ctl.release("focus"));
  if (area.matches(":hover")) ctl.hold("hover");
  if (area.querySelector(":focus-visible")) ctl.hold("focus");
  render(ctl.state);
  ctl.connect();
  return ctl;
}
