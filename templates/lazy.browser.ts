/**
 * Loaded on pages with dialogs (a few hundred bytes). Dialog buttons are plain links
 * with data-open="<kind>": before this script runs they lead to their fallback (the
 * calendar, an e-mail). After, a click loads the dialog's island on first use and
 * opens it. The module is fetched only when someone asks for the dialog.
 */
import { requestOpen } from "./open-requests.ts";

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const trigger = (event.target as Element | null)?.closest?.<HTMLElement>("[data-open]");
  const kind = trigger?.dataset["open"];
  if (!trigger || !kind) return;
  const host = document.querySelector<HTMLElement>(`bos-island[data-trigger="${CSS.escape(kind)}"]`);
  const src = host?.dataset["src"];
  if (!src) return; // no such dialog on this page: the link does its job
  event.preventDefault();
  requestOpen({ kind, title: trigger.dataset["dialogTitle"], trigger });
  import(src).catch((error: unknown) => {
    console.error(`Could not load the ${kind} dialog`, error);
    if (trigger instanceof HTMLAnchorElement) window.location.assign(trigger.href);
  });
});
