/**
 * Section "stats": headline figures in a row, each a large value over what it counts.
 * The value comes first in the markup, then a space, then its label, so the figure
 * reads as one phrase ("40+ hours saved per month") to screen readers, in copied
 * text and to anything that reads the page's text in order.
 */
import type { StatsSection } from "../content-types.ts";
import { cx } from "../ui/cx.ts";
import { Section, SectionHeading } from "../ui/Section.tsx";

export function Stats({ section }: { section: StatsSection }) {
  const tone = section.tone ?? "light";
  const dark = tone === "dark";
  return (
    <Section id={section.id} tone={tone} className="py-16 sm:py-20">
      {section.heading ? <SectionHeading eyebrow={section.eyebrow} heading={section.heading} tone={tone} /> : null}
      <ul className={cx("grid grid-cols-2 gap-x-6 gap-y-10", section.items.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4", section.heading && "mt-12")}>
        {section.items.map((item) => (
          <li key={item.label} className="flex flex-col items-center gap-2 text-center">
            <span className={cx("figure text-5xl sm:text-6xl", dark ? "text-white" : "text-brand-700")}>{item.value}</span>{" "}
            <span className={cx("text-sm leading-6 sm:text-base", dark ? "text-ink-300" : "text-ink-600")}>{item.label}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
