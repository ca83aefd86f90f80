/**
 * The Download App menu: a button that opens the list of the resident app's
 * store pages (content/site.json appStores), each opening in a new tab. It is the
 * header's disclosure menu (header/Menu.tsx) with a button's look: hover or click
 * opens it, ArrowDown/ArrowUp move through the links, Escape, an outside click or
 * focus moving away close it (AppMenu.browser.ts, no Preact). Until that script
 * runs the list shows on hover and focus through CSS (.menu-root), so the links
 * work without JavaScript.
 */
import type { NavLink } from "../content-types.ts";
import type { LinkLabels } from "../layout/NavLinkItem.tsx";
import { Menu } from "./header/Menu.tsx";

export interface AppMenuProps {
  /** Unique on the page: names the list for aria-controls. */
  id: string;
  label: string;
  links: NavLink[];
  labels: LinkLabels;
  /** The trigger's classes (buttonClass of the content's variant and size). */
  triggerClass: string;
}

export default function AppMenu({ id, label, links, labels, triggerClass }: AppMenuProps) {
  return (
    <div className="menu-root">
      <Menu id={id} title={label} links={links} style="dropdown" labels={labels} buttonClassName={triggerClass} />
    </div>
  );
}
