/** One navigation link: external ones open in a new tab and say so to screen readers. */
import type { NavLink } from "../content-types.ts";
import { NEW_TAB } from "../ui/links.ts";

export function HiringBadge() {
  return <span className="ml-2 rounded-full bg-accent-500/15 px-2 py-0.5 text-xs font-semibold text-accent-600">We&apos;re Hiring</span>;
}

export function NavLinkItem({ link, className, withDescription = false }: { link: NavLink; className?: string; withDescription?: boolean }) {
  return (
    <a href={link.href} className={className} {...(link.external ? NEW_TAB : {})}>
      <span className="font-medium">{link.title}</span>
      {link.hiring ? <HiringBadge /> : null}
      {link.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
      {withDescription && link.description ? <span className="block text-sm font-normal text-ink-500">{link.description}</span> : null}
    </a>
  );
}
