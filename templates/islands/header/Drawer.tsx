/**
 * The side drawer on small screens: the same navigation (a menu's links under its
 * title), the login links and the demo button. Static markup: SiteHeader.browser.ts
 * makes it a modal dialog (focus stays inside; Escape, the close button [data-close]
 * and the backdrop close it). Before that, CSS shows it while focus is in it.
 */
import type { NavLink } from "../../content-types.ts";
import { Logo } from "../../layout/Logo.tsx";
import { NavLinkItem, type LinkLabels } from "../../layout/NavLinkItem.tsx";
import type { SiteHeaderProps } from "../SiteHeader.tsx";
import { ActionView } from "../../ui/ActionView.tsx";
import { groupLinks } from "./Menu.tsx";

export const DRAWER_ID = "site-drawer";


const ITEM = "block rounded-lg px-3 py-2.5 text-base hover:bg-ink-50";

function Group({ title, links, labels }: { title: string; links: NavLink[]; labels: LinkLabels }) {
  return (
    <li className="pt-5">
      <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-600 uppercase">{title}</h2>
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
          <ul>
            {p.nav.map((entry) =>
              entry.links ? (
                <Group key={entry.title} title={entry.title} links={entry.links} labels={p.labels} />
              ) : (
                <li key={entry.title} className="pt-3">
                  <NavLinkItem link={{ title: entry.title, href: entry.href! }} labels={p.labels} className={ITEM} titleClassName="font-semibold text-ink-900" />
                </li>
              ),
            )}
            <Group title={p.loginLabel} links={p.login} labels={p.labels} />
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
