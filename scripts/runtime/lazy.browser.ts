/**
 * Loaded on pages with dialogs (a few hundred bytes). Dialog buttons are
 * <button data-open="<kind>" data-href="<fallback>"> (templates/ui/ActionView.tsx).
 * A click (or Enter / Space, which a button turns into a click) loads the dialog's
 * island on first use and opens it. When the page has no such dialog, or it cannot
 * be loaded, the button leads to its fallback instead: the calendar, an e-mail.
 */
import { requestOpen } from "./open-requests.ts";

function fallback(trigger: HTMLElement): void {
  const href = trigger instanceof HTMLAnchorElement ? trigger.href : trigger.dataset["href"];
  if (href) window.location.assign(href);
}

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const trigger = (event.target as Element | null)?.closest?.<HTMLElement>("[data-open]");
  const kind = trigger?.dataset["open"];
  if (!trigger || !kind) return;
  const host = document.querySelector<HTMLElement>(`ssg-island[data-trigger="${CSS.escape(kind)}"]`);
  const src = host?.dataset["src"];
  if (!src) {
    // No such dialog on this page: a link does its job, a button follows its fallback.
    if (!(trigger instanceof HTMLAnchorElement)) fallback(trigger);
    return;
  }
  event.preventDefault();
  requestOpen({ kind, title: trigger.dataset["dialogTitle"], trigger });
  import(src).catch((error: unknown) => {
    console.error(`Could not load the ${kind} dialog`, error);
    fallback(trigger);
  });
});
