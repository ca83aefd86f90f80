/**
 * The header's behaviour (markup: SiteHeader.tsx), in plain DOM code: the solid
 * header after scrolling, the desktop menus (parts/menus.ts) and the modal drawer
 * on small screens (parts/modal.ts), whose groups are disclosures.
 */
import { trapModal } from "./parts/modal.ts";
import { enhanceMenus } from "./parts/menus.ts";

/** The spec's header scroll threshold (px): solid once the page is scrolled further. */
export const SCROLL_THRESHOLD = 20;
/** Where the drawer gives way to the desktop navigation (Tailwind's lg). */
const WIDE = "(min-width: 64rem)";

export default function enhanceHeader(host: HTMLElement): void {
  const header = host.querySelector<HTMLElement>(".site-header")!;
  const onScroll = () => header.toggleAttribute("data-scrolled", window.scrollY > SCROLL_THRESHOLD);
  onScroll();
  window.addEventListener("scroll", onScroll, { passive: true });

  const root = header.querySelector<HTMLElement>(".header-drawer-root")!;
  const button = root.querySelector<HTMLButtonElement>("button")!;
  const drawer = root.querySelector<HTMLElement>(".header-drawer")!;
  const panel = drawer.querySelector<HTMLElement>('[role="dialog"]');
  // Focus in the drawer before the script ran (CSS was showing it): it stays open.
  const openAtStart = root.matches(":focus-within");

  // The drawer's groups: disclosures, closed until opened (the server's markup has them open, for a drawer shown before this ran).
  const disclosures = [...drawer.querySelectorAll<HTMLButtonElement>("button[data-disclosure]")];
  const panelOf = (b: HTMLButtonElement) => document.getElementById(b.getAttribute("aria-controls")!)!;
  const show = (b: HTMLButtonElement, open: boolean) => {
    b.setAttribute("aria-expanded", String(open));
    panelOf(b).hidden = !open;
  };
  /** Every group closed but the one focus is in. */
  const collapse = () => disclosures.forEach((b) => panelOf(b).contains(document.activeElement) || show(b, false));
  disclosures.forEach((b) => b.addEventListener("click", () => show(b, b.getAttribute("aria-expanded") !== "true")));
  collapse();

  let release: (() => void) | undefined;
  /** Set when the drawer closes for the demo dialog, which then owns focus. */
  let keepFocus = false;
  const setOpen = (open: boolean) => {
    if (open === Boolean(release)) return;
    drawer.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) release = trapModal(panel, () => setOpen(false), () => (keepFocus ? null : button));
    else {
      const done = release!;
      release = undefined;
      done();
      collapse();
    }
  };

  drawer.hidden = true;
  enhanceMenus(header); // sets data-ready: from here on, `hidden` decides what shows
  if (openAtStart) setOpen(true);

  button.addEventListener("click", () => {
    keepFocus = false;
    setOpen(true);
  });
  drawer.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest("[data-open]")) {
      // The click goes on to the dialog loader (data-open); the drawer only gets out
      // of the way. The menu button takes focus now, before the dialog opens, so it
      // is what the dialog's focus return finds when it closes.
      keepFocus = true;
      button.focus();
      setOpen(false);
    } else if (target.closest("[data-close], a")) setOpen(false);
  });
  const wide = window.matchMedia(WIDE);
  wide.addEventListener("change", () => wide.matches && setOpen(false));
}
