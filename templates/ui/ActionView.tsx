/**
 * How a content button is drawn, shared by the server templates and the islands
 * (no hooks, no render context: it works under React on the server and Preact in
 * the browser).
 *
 * - A button that opens a dialog is a real <button aria-haspopup="dialog">: a
 *   screen reader announces "button", and Enter and Space both open it. Its
 *   fallback (the calendar, an e-mail) is in data-href, which the dialog loader
 *   follows when the dialog cannot load, and in a twin <a> that only browsers
 *   without script show (the .nojs-only rule in styles.css).
 * - A button that leads to an address but must be a button (login's "Forgot your
 *   password", spec §5) is the same pair, with the island's click handler.
 * - Any other button is a link, with target/rel and a "new tab" note for other sites.
 */
import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export interface ActionLink {
  label: string;
  href: string;
  className: string;
  /** The dialog the button opens ("demo", "assessment"), if it opens one. */
  opens?: string | undefined;
  /** The demo dialog's title for this button. */
  dialogTitle?: string | undefined;
  /** target / rel for links to other sites. */
  attrs: Record<string, string>;
  /** Read out after the label for links that open a new tab. */
  newTab?: string | undefined;
}

export function ActionView({
  link,
  className,
  onClick,
  children,
}: {
  link: ActionLink;
  className?: string | undefined;
  /** Makes a button of a control the spec calls a button though it leads to an address (an island's handler). */
  onClick?: (() => void) | undefined;
  children?: ReactNode;
}) {
  const cls = cx(link.className, className);
  const note = link.newTab ? <span className="sr-only"> {link.newTab}</span> : null;
  if (link.opens || onClick) {
    return (
      <>
        <button
          type="button"
          className={cx(cls, "js-only")}
          aria-haspopup={link.opens ? "dialog" : undefined}
          data-open={link.opens}
          data-dialog-title={link.dialogTitle}
          data-href={link.href}
          onClick={link.opens ? undefined : onClick}
        >
          {link.label}
          {children}
        </button>
        <a href={link.href} className={cx(cls, "nojs-only")}>
          {link.label}
          {children}
        </a>
      </>
    );
  }
  return (
    <a href={link.href} className={cls} {...link.attrs}>
      {link.label}
      {children}
      {note}
    </a>
  );
}
