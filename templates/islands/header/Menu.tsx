/**
 * One desktop menu of the header (and the Download App menu, AppMenu.tsx), the
 * WAI-ARIA disclosure navigation pattern: a <button aria-controls> and, under it, a
 * list of links, either a compact dropdown or a wide panel whose items show their
 * description. Static markup: parts/menus.ts gives it its behaviour in the browser.
 *
 * Until that script has run (data-ready on the .menu-root around it) the list has
 * no hidden attribute and CSS shows it while the menu is hovered or has focus, so
 * the links are usable before and without JavaScript.
 */
import type { NavLink } from "../../content-types.ts";
import { NavLinkItem, type LinkLabels } from "../../layout/NavLinkItem.tsx";
import { Icon } from "../../ui/Icon.tsx";

export interface MenuProps {
  id: string;
  title: string;
  links: NavLink[];
  style?: "dropdown" | "panel" | undefined;
  align?: "left" | "right";
  labels: LinkLabels;
  /** The trigger's classes, when it should not look like a header menu entry. */
  buttonClassName?: string | undefined;
}

const PANEL_GRID = ["", "w-80 grid-cols-1", "w-[38rem] grid-cols-2", "w-[52rem] grid-cols-3"];
const GROUPED_GRID = ["", "w-80 grid-cols-1", "w-[40rem] grid-cols-2", "w-[56rem] grid-cols-3"];

/** Consecutive links that name the same group (a link without one starts an unlabelled group). */
export function groupLinks(links: NavLink[]): { title?: string | undefined; links: NavLink[] }[] {
  const groups: { title?: string | undefined; links: NavLink[] }[] = [];
  for (const link of links) {
    const last = groups.at(-1);
    if (last && link.group !== undefined && last.title === link.group) last.links.push(link);
    else groups.push({ title: link.group, links: [link] });
  }
  return groups;
}

/** A link's icon in its tile, a size smaller in a compact dropdown (drawn on the server only: the header has no hydrated JavaScript). */
function LinkIcon({ link, small = false }: { link: NavLink; small?: boolean }) {
  if (!link.icon) return null;
  return (
    <span
      className={`grid shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600 group-hover/item:bg-brand-600 group-hover/item:text-white ${small ? "mt-0.5 size-8" : "size-9"}`}
    >
      <Icon name={link.icon} className={small ? "size-4" : "size-[18px]"} />
    </span>
  );
}

/** How a link looks in a wide panel and in a compact dropdown. */
const PANEL_ITEM = {
  className: "group/item flex h-full gap-3 rounded-xl p-3 hover:bg-ink-50",
  titleClassName: "font-semibold text-ink-900",
  descriptionClassName: "mt-1 block text-sm leading-6 text-ink-600",
};
const DROPDOWN_ITEM = {
  className: "group/item flex gap-3 rounded-lg px-3 py-2 text-sm hover:bg-ink-50",
  titleClassName: "font-medium text-ink-900",
  descriptionClassName: "block text-xs leading-5 text-ink-600",
};

const HEADER_BUTTON = "flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-current/10 aria-expanded:bg-current/10";

/** A wide panel in labelled columns, one per group: each a heading and its list of links. */
function GroupedPanel({ id, links, labels }: { id: string; links: NavLink[]; labels: LinkLabels }) {
  const groups = groupLinks(links);
  return (
    <div className={`grid gap-2 rounded-2xl border border-ink-200 bg-white p-3 text-ink-900 shadow-card ${GROUPED_GRID[Math.min(groups.length, 3)]}`}>
      {groups.map((g, i) => (
        <div key={g.title ?? i} className={i > 0 ? "border-l border-ink-100 pl-2" : undefined}>
          {g.title ? (
            <p id={`site-menu-${id}-g${i}`} className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-600 uppercase">
              {g.title}
            </p>
          ) : null}
          <ul className="grid gap-1" {...(g.title ? { "aria-labelledby": `site-menu-${id}-g${i}` } : {})}>
            {g.links.map((l) => (
              <li key={l.title}>
                <NavLinkItem link={l} labels={labels} withDescription {...PANEL_ITEM} icon={<LinkIcon link={l} />} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function Menu({ id, title, links, style, align = "left", labels, buttonClassName = HEADER_BUTTON }: MenuProps) {
  const panel = style === "panel";
  const n = links.length;
  return (
    <div className="relative" data-menu={id}>
      <button type="button" className={buttonClassName} aria-controls={`site-menu-${id}`}>
        {title}
        <svg className="menu-chevron icon-stroke size-4" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <div
        id={`site-menu-${id}`}
        className={`header-menu absolute top-full z-30 pt-2 ${align === "right" ? "right-0" : panel ? "-left-4" : "left-0"}`}
      >
        {panel && links.some((l) => l.group) ? (
          <GroupedPanel id={id} links={links} labels={labels} />
        ) : (
          <ul className={panel ? `grid gap-1 rounded-2xl border border-ink-200 bg-white p-2 text-ink-900 shadow-card ${PANEL_GRID[n === 1 ? 1 : n % 3 === 0 || n > 4 ? 3 : 2]}` : "w-72 rounded-xl border border-ink-200 bg-white p-1.5 text-left text-ink-900 shadow-card"}>
            {links.map((l) => (
              <li key={l.title}>
                <NavLinkItem link={l} labels={labels} withDescription {...(panel ? PANEL_ITEM : DROPDOWN_ITEM)} icon={<LinkIcon link={l} small={!panel} />} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
