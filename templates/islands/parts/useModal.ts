/**
 * The WAI-ARIA modal dialog behaviour shared by every dialog and drawer:
 * while open, focus moves inside and Tab cycles within it, Escape closes it, the
 * page behind does not scroll; on close, focus returns to where it came from.
 */
import type { RefObject } from "react";
import { useLayoutEffect } from "../../runtime.ts";

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[hidden]") && el.getClientRects().length > 0);
}

export function useModal(
  open: boolean,
  panel: RefObject<HTMLElement | null>,
  onClose: () => void,
  /** Where focus goes back to on close (null: nowhere); by default the element focused before opening. */
  returnTo?: () => HTMLElement | null | undefined,
): void {
  // A layout effect: focus moves in and Escape is heard before the open dialog is
  // first painted, so a dialog that can be seen always answers the keyboard.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>("[data-autofocus]") ?? (node ? focusableIn(node)[0] : undefined);
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== "Tab" || !node) return;
      const items = focusableIn(node);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !node.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !node.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      root.style.overflow = overflow;
      // returnTo() === null: leave focus alone (something else took it on purpose).
      // A preferred target that has gone hidden meanwhile (a drawer's link) falls
      // back to where focus was before the dialog opened.
      const preferred = returnTo?.();
      if (preferred === null) return;
      const target = [preferred, previous].find((t) => t?.isConnected && t.getClientRects().length > 0);
      target?.focus();
    };
  }, [open]);
}
