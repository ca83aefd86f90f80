/**
 * The WAI-ARIA modal dialog behaviour shared by every dialog and drawer, in plain
 * DOM code (the header's drawer uses it without Preact; useModal.ts wraps it for
 * the Preact dialogs): while open, focus moves inside and Tab cycles within it,
 * Escape closes it, the page behind does not scroll; on release, focus returns to
 * where it came from.
 */

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[hidden]") && el.getClientRects().length > 0);
}

/**
 * Traps focus in `node` until the returned function is called. `returnTo` names
 * where focus goes back to on release (null: nowhere, something else took it on
 * purpose); by default, or when that element has gone hidden, the element that
 * had focus before.
 */
export function trapModal(node: HTMLElement | null, onClose: () => void, returnTo?: () => HTMLElement | null | undefined): () => void {
  const previous = document.activeElement as HTMLElement | null;
  const root = document.documentElement;
  const overflow = root.style.overflow;
  root.style.overflow = "hidden";
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
    const preferred = returnTo?.();
    if (preferred === null) return;
    const target = [preferred, previous].find((t) => t?.isConnected && t.getClientRects().length > 0);
    target?.focus();
  };
}
