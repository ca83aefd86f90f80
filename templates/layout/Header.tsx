/**
 * The fixed site header. Menus with several links are native <details> disclosures,
 * which work without JavaScript; on small screens the MobileMenu island opens a drawer.
 */
import type { NavLink } from "../content-types.ts";
import { useRender } from "../context.ts";
import MobileMenu from "../islands/MobileMenu.tsx";
import { ButtonLink } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";
import { Island } from "../ui/Island.tsx";
import { Logo } from "./Logo.tsx";
import { NavLinkItem } from "./NavLinkItem.tsx";

function Dropdown({ title, links, align = "left" }: { title: string; links: NavLink[]; align?: "left" | "right" }) {
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-current/10 [&::-webkit-details-marker]:hidden">
        {title}
        <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className={`absolute top-full mt-2 w-72 rounded-xl border border-ink-200 bg-white p-2 text-ink-900 shadow-card ${align === "right" ? "right-0" : "left-0"}`}>
        {links.map((l) => (
          <li key={l.title}>
            <NavLinkItem link={l} withDescription className="block rounded-lg px-3 py-2 hover:bg-ink-50" />
          </li>
        ))}
      </ul>
    </details>
  );
}

export function Header() {
  const { site, page } = useRender();
  const { header } = site;
  const demoTitle = page.demoTitle ?? "Schedule a Demo";
  return (
    <header className="site-header fixed inset-x-0 top-0 z-40" data-variant={page.header ?? "solid"}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo brand={site.brand} />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {header.nav.map((entry) => (
              <li key={entry.title}>
                {entry.links ? (
                  <Dropdown title={entry.title} links={entry.links} />
                ) : (
                  <NavLinkItem link={{ title: entry.title, href: entry.href! }} className="block rounded-md px-3 py-2 text-sm hover:bg-current/10" />
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <Dropdown title={header.loginLabel ?? "Login"} links={header.login} align="right" />
          <ButtonLink href={site.links.calendar} data-open="demo" data-dialog-title={demoTitle} size="sm">
            {header.demoLabel}
          </ButtonLink>
        </div>
        <div className="lg:hidden">
          <Island
            name="MobileMenu"
            component={MobileMenu}
            props={{
              brand: site.brand,
              nav: header.nav,
              login: header.login,
              loginLabel: header.loginLabel ?? "Login",
              menuLabel: header.menuLabel,
              demoLabel: header.demoLabel,
              demoHref: site.links.calendar,
              demoTitle,
            }}
          />
        </div>
      </div>
    </header>
  );
}
