/** Section "stats": headline figures in a row, each a large value over what it counts. */
import type { StatsSection } from "../content-types.ts";
import { cx } from "../ui/cx.ts";
import { Section, SectionHeading } from "../ui/Section.tsx";

export function Stats({ section }: { section: StatsSection }) {
  const tone = section.tone ?? "light";
  const dark = tone === "dark";
  return (
    <Section id={section.id} tone={tone} className="py-16 sm:py-20">
      {section.heading ? <SectionHeading eyebrow={section.eyebrow} heading={section.heading} tone={tone} /> : null}
      <dl className={cx("grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4", section.heading && "mt-12")}>
        {section.items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse items-center gap-2 text-center">
            <dt className={cx("text-sm leading-6 sm:text-base", dark ? "text-ink-300" : "text-ink-600")}>{item.label}</dt>
            <dd className={cx("text-4xl font-bold tracking-tight sm:text-5xl", dark ? "text-white" : "text-brand-700")}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
