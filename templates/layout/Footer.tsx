/** The site footer: link groups, social links and the copyright line, all from content/site.json. */
import { useRender } from "../context.ts";
import { Icon } from "../ui/Icon.tsx";
import { NEW_TAB } from "../ui/links.ts";
import { Logo } from "./Logo.tsx";
import { NavLinkItem } from "./NavLinkItem.tsx";

export function Footer() {
  const { site } = useRender();
  const { footer } = site;
  return (
    <footer className="bg-ink-950 text-ink-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:px-8 xl:grid-cols-[14rem_1fr] xl:gap-12">
        <div className="space-y-4">
          <Logo brand={site.brand} className="text-white" />
          <p className="max-w-xs text-sm leading-6">{footer.tagline}</p>
          <ul className="flex gap-3" aria-label={site.labels.socialNav}>
            {footer.social.map((s) => (
              <li key={s.href}>
                <a href={s.href} aria-label={s.label} className="grid size-10 place-items-center rounded-full bg-white/5 text-ink-200 hover:bg-white/10 hover:text-white" {...NEW_TAB}>
                  <Icon name={s.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={site.labels.footerNav} className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3 lg:grid-cols-6">
          {footer.groups.map((g) => (
            <div key={g.title}>
              <h2 className="text-sm font-semibold text-white">{g.title}</h2>
              <ul className="mt-4 space-y-3 text-sm">
                {g.links.map((l) => (
                  <li key={l.title}>
                    <NavLinkItem link={l} labels={site.labels} className="hover:text-white" />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">{footer.copyright}</p>
      </div>
    </footer>
  );
}
