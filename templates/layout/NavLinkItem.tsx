/**
 * One navigation link: external ones open in a new tab and say so to screen readers;
 * a hiring link shows a badge. Used by the footer (server only) and by the header
 * island (server and browser), so it renders the same markup with React and Preact.
 */
import type { ReactNode } from "react";
import type { NavLink } from "../content-types.ts";
import { NEW_TAB } from "../ui/links.ts";

/** The texts a link may need, from content/site.json labels. */
export interface LinkLabels {
  hiring: string;
  newTab: string;
}

export function HiringBadge({ text }: { text: string }) {
  return <span className="ml-2 inline-block rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink-950">{text}</span>;
}

export function NavLinkItem({
  link,
  labels,
  className,
  withDescription = false,
  titleClassName = "font-medium",
  descriptionClassName = "block text-sm font-normal text-ink-500",
  icon,
}: {
  link: NavLink;
  labels: LinkLabels;
  className?: string;
  withDescription?: boolean;
  titleClassName?: string;
  descriptionClassName?: string;
  /** An icon drawn before the text (the wide menu panels pass the link's icon). */
  icon?: ReactNode;
}) {
  const text = (
    <>
      <span className={`nav-title ${titleClassName}`}>{link.title}</span>
      {link.hiring ? <HiringBadge text={labels.hiring} /> : null}
      {link.external ? <span className="sr-only"> {labels.newTab}</span> : null}
      {withDescription && link.description ? <span className={descriptionClassName}>{link.description}</span> : null}
    </>
  );
  return (
    // A hiring link keeps its badge beside its words (in the footer's narrow columns it wrapped under them).
    <a href={link.href} className={link.hiring ? `${className ?? ""} whitespace-nowrap`.trim() : className} {...(link.external ? NEW_TAB : {})}>
      {icon ? (
        <>
          {icon}
          <span className="min-w-0">{text}</span>
        </>
      ) : (
        text
      )}
    </a>
  );
}
