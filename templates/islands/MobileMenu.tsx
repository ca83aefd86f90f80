/**
 * The menu button and side drawer on small screens. A modal dialog: focus moves
 * into the drawer and stays there, Escape, the close button and the backdrop close
 * it and return focus to the menu button, and the page behind does not scroll.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from "react";
import type { NavEntry, NavLink } from "../content-types.ts";
import { useEffect, useRef, useState } from "../runtime.ts";

export interface MobileMenuProps {
  brand: string;
  nav: NavEntry[];
  login: NavLink[];
  loginLabel: string;
  menuLabel: string;
  demoLabel: string;
  demoHref: string;
  demoTitle: string;
}

const DRAWER_ID = "mobile-menu";
const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

function Item({ link, onNavigate }: { link: NavLink; onNavigate: () => void }) {
  const external = link.external ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return (
    <li>
      <a href={link.href} className="flex items-center rounded-lg px-3 py-2.5 text-base font-medium text-ink-900 hover:bg-ink-50" onClick={onNavigate} {...external}>
        {link.title}
        {link.hiring ? <span className="ml-2 rounded-full bg-accent-500/15 px-2 py-0.5 text-xs font-semibold text-accent-600">We&apos;re Hiring</span> : null}
        {link.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
    </li>
  );
}

function Group({ title, links, onNavigate }: { title: string; links: NavLink[]; onNavigate: () => void }) {
  return (
    <li className="pt-3">
      <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">{title}</p>
      <ul>
        {links.map((l) => (
          <Item key={l.title} link={l} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}

export default function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="grid size-10 place-items-center rounded-md hover:bg-current/10"
        aria-label={props.menuLabel}
        aria-expanded={open ? "true" : "false"}
        aria-controls={DRAWER_ID}
        onClick={() => setOpen(!open)}
      >
        <svg className="icon-stroke size-6" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <div id={DRAWER_ID} className="fixed inset-0 z-50" hidden={!open}>
        <div className="absolute inset-0 bg-ink-950/50" aria-hidden="true" onClick={close} />
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-label={`${props.brand} menu`}
          className="absolute inset-y-0 right-0 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-white p-4 text-ink-900 shadow-2xl"
          onKeyDown={onKeyDown}
        >
          <div className="flex items-center justify-between pb-2">
            <span className="text-lg font-bold">{props.brand}</span>
            <button type="button" className="grid size-10 place-items-center rounded-md hover:bg-ink-100" aria-label="Close menu" onClick={close}>
              <svg className="icon-stroke size-6" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M18 6L6 18M6 6l12 12" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul>
              {props.nav.map((entry) =>
                entry.links ? (
                  <Group key={entry.title} title={entry.title} links={entry.links} onNavigate={() => setOpen(false)} />
                ) : (
                  <Item key={entry.title} link={{ title: entry.title, href: entry.href! }} onNavigate={() => setOpen(false)} />
                ),
              )}
              <Group title={props.loginLabel} links={props.login} onNavigate={() => setOpen(false)} />
            </ul>
          </nav>
          <a
            href={props.demoHref}
            data-open="demo"
            data-dialog-title={props.demoTitle}
            className="mt-auto inline-flex h-12 items-center justify-center rounded-md bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
            onClick={() => setOpen(false)}
          >
            {props.demoLabel}
          </a>
        </div>
      </div>
    </>
  );
}
