/**
 * The side drawer on small screens: the top level of the navigation as the desktop shows it
 * (each menu a disclosure button that opens its links in place, a plain entry a link), the
 * login links under a disclosure too, and the demo button, kept in view at the bottom. Static
 * markup, every group open: SiteHeader.browser.ts makes the drawer a modal dialog (focus stays
 * inside; Escape, the close button [data-close] and the backdrop close it) and the groups
 * disclosures, closed until opened. Before that, CSS shows the drawer while focus is in it,
 * with every link there.
 */
import type { NavLink } from "../../content-types.ts";
import { Logo } from "../../layout/Logo.tsx";
import { NavLinkItem, type LinkLabels } from "../../layout/NavLinkItem.tsx";
import type { SiteHeaderProps } from "../SiteHeader.tsx";
import { ActionView } from "../../ui/ActionView.tsx";
import { groupLinks } from "./Menu.tsx";

export const DRAWER_ID = "site-drawer";


const ITEM = "block rounded-lg px-3 py-2.5 text-base hover:bg-ink-50";

function Group({ id, title, links, labels }: { id: string; title: string; links: NavLink[]; labels: LinkLabels }) {
  return (
    <li className="border-b border-ink-100 last:border-b-0">
      <h2>
        <button
          type="button"
          className="group flex w-full items-center justify-between rounded-lg px-3 py-3.5 text-left text-base font-semibold text-ink-900 hover:bg-ink-50"
          aria-expanded="true"
          aria-controls={id}
          data-disclosure=""
        >
          {title}
          <svg className="icon-stroke size-5 shrink-0 text-ink-500 transition-transform group-aria-expanded:rotate-180" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h2>
      <div id={id} className="pb-3">
        {groupLinks(links).map((g, i) => (
          <div key={g.title ?? i}>
            {g.title ? <p className="px-3 pt-2 text-xs font-medium text-ink-500">{g.title}</p> : null}
            <ul>
              {g.links.map((l) => (
                <li key={l.title}>
                  <NavLinkItem link={l} labels={labels} withDescription className={ITEM} titleClassName="font-medium text-ink-900" descriptionClassName="block text-sm text-ink-600" />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </li>
  );
}

export function Drawer({ p }: { p: SiteHeaderProps }) {
  return (
    <div id={DRAWER_ID} className="header-drawer fixed inset-0 z-50">
      <div className="absolute inset-0 bg-ink-950/50" aria-hidden="true" data-close="" />
      <div
        role="dialog"
        aria-modal="true"
        aria-label={`${p.brand} menu`}
        className="absolute inset-y-0 right-0 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-white text-ink-900 shadow-2xl"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink-100 px-4">
          <Logo brand={p.brand} />
          <button type="button" className="-mr-2 grid size-10 place-items-center rounded-md text-ink-600 hover:bg-ink-100 hover:text-ink-900" aria-label={p.labels.closeMenu} data-autofocus="" data-close="">
            <svg className="icon-stroke size-6" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M18 6L6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
        <nav aria-label={p.labels.mobileNav} className="flex-1 px-3 pb-6">
          <ul className="pt-2">
            {p.nav.map((entry, i) =>
              entry.links ? (
                <Group key={entry.title} id={`${DRAWER_ID}-group-${i}`} title={entry.title} links={entry.links} labels={p.labels} />
              ) : (
                <li key={entry.title} className="border-b border-ink-100">
                  <NavLinkItem link={{ title: entry.title, href: entry.href! }} labels={p.labels} className="block rounded-lg px-3 py-3.5 text-base hover:bg-ink-50" titleClassName="font-semibold text-ink-900" />
                </li>
              ),
            )}
            <Group id={`${DRAWER_ID}-group-login`} title={p.loginLabel} links={p.login} labels={p.labels} />
          </ul>
        </nav>
        <div className="sticky bottom-0 border-t border-ink-100 bg-white p-4">
          <ActionView
            link={{
              label: p.demoLabel,
              href: p.demoHref,
              opens: "demo",
              dialogTitle: p.demoTitle,
              className: "flex h-12 w-full items-center justify-center rounded-md bg-brand-600 px-6 font-semibold text-white shadow-sm hover:bg-brand-700",
              attrs: {},
            }}
          />
        </div>
      </div>
    </div>
  );
}
