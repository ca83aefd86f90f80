/**
 * Headline figures, one look site-wide (stats blocks, hero highlights, case study
 * facts): a large bold value in tabular figures over a short muted label. The value
 * comes first in the markup, then a space, then its label, so each reads as one
 * phrase ("40+ hours saved per month") to screen readers, in copied text and to
 * anything that reads the page's text in order.
 *
 * Sizes: "xl" in a stats block, where the figures are the largest type of the
 * section (above its heading's size); "lg" in a hero, under its h1; "md" in a card.
 */
import { cx } from "./cx.ts";

export interface Figure {
  value: string;
  label: string;
}

const VALUE = {
  xl: "text-5xl sm:text-6xl",
  lg: "text-3xl sm:text-4xl",
  md: "text-2xl sm:text-3xl",
} as const;

export function Figures({
  items,
  size,
  dark = false,
  align = "start",
  inlineOnPhones = false,
  className,
}: {
  items: readonly Figure[];
  size: keyof typeof VALUE;
  dark?: boolean;
  align?: "start" | "center";
  /** On phones, the label beside its value rather than under it (a row each, for figures that would wrap in columns). */
  inlineOnPhones?: boolean;
  className?: string | undefined;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.label} className={cx("flex flex-col gap-1.5", inlineOnPhones && "max-sm:flex-row max-sm:items-baseline max-sm:gap-3", align === "center" && "items-center text-center")}>
          <span className={cx(VALUE[size], "figure", dark ? "text-white" : "text-ink-900")}>{item.value}</span>{" "}
          <span className={cx("text-sm leading-6 font-medium sm:text-base", dark ? "text-ink-300" : "text-ink-600")}>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
