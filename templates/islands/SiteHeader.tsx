/**
 * The fixed site header, one island on every page.
 *
 * - Transparent pages (data-variant="transparent", over a dark hero) show white text
 *   until the page is scrolled more than 20 px; a passive scroll listener sets
 *   data-scrolled and CSS (.site-header in styles.css) paints the solid header. The
 *   server HTML is the state at scroll 0, so nothing flashes.
 * - Desktop menus (header/Menu.tsx): hover or click opens, 100 ms hover-open delay,
 *   closing 300 ms after the pointer leaves, on an outside click, when focus moves
 *   away, and on Escape (focus back to the trigger). Timing: header/menu-controller.ts;
 *   closing: parts/useMenus.ts.
 * - Small screens: the menu button opens a modal drawer (header/Drawer.tsx).
 *
 * The first client render equals the server's (no ids, no window access while
 * rendering); the state that only the browser knows arrives in the mount effect.
 */
import type { NavEntry, NavLink } from "../content-types.ts";
import { Logo } from "../layout/Logo.tsx";
import type { LinkLabels } from "../layout/NavLinkItem.tsx";
import { useEffect, useRef, useState } from "../runtime.ts";
import { buttonClass } from "../ui/Button.tsx";
import { Drawer, DRAWER_ID } from "./header/Drawer.tsx";
import { Menu } from "./header/Menu.tsx";
import { useMenus } from "./parts/useMenus.ts";
import { useModal } from "./parts/useModal.ts";

export interface SiteHeaderProps {
  brand: string;
  nav: NavEntry[];
  login: NavLink[];
  loginLabel: string;
  /** The accessible name of the menu button on small screens. */
  menuLabel: string;
  /** Texts from content/site.json labels. */
  labels: LinkLabels & { closeMenu: string; mainNav: string; mobileNav: string };
  demoLabel: string;
  /** The demo button's fallback address (the calendar) before the dialog script runs. */
  demoHref: string;
  demoTitle: string;
  variant: "solid" | "transparent";
}

/** The spec's header scroll threshold (px): solid once the page is scrolled further. */
export const SCROLL_THRESHOLD = 20;
const LOGIN = "login";

export default function SiteHeader(p: SiteHeaderProps) {
  const [scrolled, setScrolled] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** Set when the drawer closes for the demo dialog, which then owns focus. */
  const keepFocus = useRef(false);

  // When the drawer closes, focus goes back to the menu button, except when it
  // closed for the demo dialog, which then owns focus (null: focus stays put).
  useModal(drawer, panel, () => setDrawer(false), () => (keepFocus.current ? null : menuButton.current));

  const { open, ctl, ready } = useMenus(header);
  useEffect(() => {
    if (header.current?.querySelector(".header-drawer-root:focus-within")) setDrawer(true);
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    const wide = window.matchMedia("(min-width: 64rem)");
    const onWide = () => wide.matches && setDrawer(false);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    wide.addEventListener("change", onWide);
    return () => {
      window.removeEventListener("scroll", onScroll);
      wide.removeEventListener("change", onWide);
    };
  }, []);

  const menu = (id: string, title: string, links: NavLink[], style?: "dropdown" | "panel", align?: "right") => (
    <Menu id={id} title={title} links={links} style={style} align={align} open={open === id} ready={ready} ctl={ctl} labels={p.labels} />
  );

  return (
    <header
      ref={header}
      className="site-header menu-root fixed inset-x-0 top-0 z-40"
      data-variant={p.variant}
      data-scrolled={scrolled ? "" : undefined}
      data-ready={ready ? "" : undefined}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-8 px-4 sm:px-6 lg:px-8">
        <Logo brand={p.brand} />
        <nav aria-label={p.labels.mainNav} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {p.nav.map((entry, i) => (
              <li key={entry.title}>
                {entry.links ? (
                  menu(String(i), entry.title, entry.links, entry.style)
                ) : (
                  <a href={entry.href} className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-current/10">
                    {entry.title}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {menu(LOGIN, p.loginLabel, p.login, "dropdown", "right")}
          <a href={p.demoHref} data-open="demo" data-dialog-title={p.demoTitle} className={buttonClass("default", "sm", "ml-2")}>
            {p.demoLabel}
          </a>
        </div>
        <div className="header-drawer-root ml-auto lg:hidden">
          <button
            ref={menuButton}
            type="button"
            className="-mr-2 grid size-10 place-items-center rounded-md hover:bg-current/10"
            aria-label={p.menuLabel}
            aria-expanded={drawer ? "true" : "false"}
            aria-controls={DRAWER_ID}
            onClick={() => {
              keepFocus.current = false;
              setDrawer(true);
            }}
          >
            <svg className="icon-stroke size-6" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Drawer
            p={p}
            open={drawer}
            ready={ready}
            panel={panel}
            onClose={() => setDrawer(false)}
            onDemo={() => {
              // The click goes on to the dialog loader (data-open); the drawer only gets out
              // of the way. The menu button takes focus now, before the dialog opens, so it
              // is what the dialog's focus return finds when it closes.
              keepFocus.current = true;
              menuButton.current?.focus();
              setDrawer(false);
            }}
          />
        </div>
      </div>
    </header>
  );
}
