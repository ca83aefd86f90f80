/**
 * The fixed site header, on every page. This file is its markup, rendered on the
 * server; SiteHeader.browser.ts gives it its behaviour in plain DOM code (no Preact:
 * it is the only script on most pages, so it stays a few hundred bytes).
 *
 * - Transparent pages (data-variant="transparent", over a dark hero) show white text
 *   until the page is scrolled more than 20 px; then data-scrolled is set and CSS
 *   (.site-header in styles.css) paints the solid header. The server HTML is the
 *   state at scroll 0, so nothing flashes.
 * - Desktop menus (header/Menu.tsx, parts/menus.ts): hover or click opens, 100 ms
 *   hover-open delay, closing 300 ms after the pointer leaves, on an outside click,
 *   when focus moves away, and on Escape (focus back to the trigger). Timing:
 *   header/menu-controller.ts.
 * - Small screens: the menu button opens a modal drawer (header/Drawer.tsx).
 */
import type { NavEntry, NavLink } from "../content-types.ts";
import { Logo } from "../layout/Logo.tsx";
import type { LinkLabels } from "../layout/NavLinkItem.tsx";
import { ActionView } from "../ui/ActionView.tsx";
import { buttonClass } from "../ui/Button.tsx";
import { Drawer, DRAWER_ID } from "./header/Drawer.tsx";
import { Menu } from "./header/Menu.tsx";

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

const LOGIN = "login";

export default function SiteHeader(p: SiteHeaderProps) {
  const menu = (id: string, title: string, links: NavLink[], style?: "dropdown" | "panel", align?: "right") => (
    <Menu id={id} title={title} links={links} style={style} align={align} labels={p.labels} />
  );

  return (
    <header className="site-header menu-root fixed inset-x-0 top-0 z-40" data-variant={p.variant}>
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
          <ActionView link={{ label: p.demoLabel, href: p.demoHref, opens: "demo", dialogTitle: p.demoTitle, className: buttonClass("default", "sm", "ml-2"), attrs: {} }} />
        </div>
        <div className="header-drawer-root ml-auto lg:hidden">
          <button
            type="button"
            className="-mr-2 grid size-10 place-items-center rounded-md hover:bg-current/10"
            aria-label={p.menuLabel}
            aria-expanded="false"
            aria-controls={DRAWER_ID}
          >
            <svg className="icon-stroke size-6" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Drawer p={p} />
        </div>
      </div>
    </header>
  );
}
