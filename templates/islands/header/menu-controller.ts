/**
 * Which header menu is open, and the hover timing around it (pure: no DOM).
 * One menu at most is open. Hovering a trigger opens its menu after OPEN_DELAY
 * (also when moving from one open menu to another); leaving trigger and menu
 * together closes it after CLOSE_DELAY unless the pointer comes back first.
 * A click toggles, except that clicking a menu the hover has just opened keeps it
 * open (the visitor meant to open it). Timers are the global setTimeout/clearTimeout.
 */

/** The spec's submenu open delay (ms). */
export const OPEN_DELAY = 100;
/** The spec's dropdown close delay (ms). */
export const CLOSE_DELAY = 300;

export interface MenuController {
  /** The open menu's id, or null. */
  readonly open: string | null;
  /** The pointer entered a menu's trigger or list. */
  enter(id: string): void;
  /** The pointer left a menu's trigger and list. */
  leave(): void;
  /** A click on a trigger; pointer is false for Enter and Space. */
  click(id: string, pointer: boolean): void;
  /** Opens a menu at once (keyboard). */
  show(id: string): void;
  /** Closes at once (Escape, outside click, focus moving away). */
  close(): void;
}

export function menuController(onChange: (open: string | null) => void): MenuController {
  let open: string | null = null;
  let byHover = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const set = (next: string | null, hover = false) => {
    stop();
    byHover = hover;
    if (next === open) return;
    open = next;
    onChange(next);
  };
  const later = (ms: number, next: string | null) => {
    stop();
    timer = setTimeout(() => set(next, next !== null), ms);
  };

  return {
    get open() {
      return open;
    },
    enter(id) {
      if (open === id) stop();
      else later(OPEN_DELAY, id);
    },
    leave() {
      if (open === null) stop();
      else later(CLOSE_DELAY, null);
    },
    click(id, pointer) {
      set(open === id && !(pointer && byHover) ? null : id);
    },
    show: (id) => set(id),
    close: () => set(null),
  };
}
