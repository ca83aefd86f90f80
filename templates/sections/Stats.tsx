/** Section "stats": headline figures in a row (ui/Figures.tsx), the largest type of their section. */
import type { StatsSection } from "../content-types.ts";
import { cx } from "../ui/cx.ts";
import { Figures } from "../ui/Figures.tsx";
import { Section, SectionHeading } from "../ui/Section.tsx";

export function Stats({ section }: { section: StatsSection }) {
  const tone = section.tone ?? "light";
  const dark = tone === "dark";
  return (
    <Section id={section.id} tone={tone} className="py-16 sm:py-20">
      {section.heading ? <SectionHeading eyebrow={section.eyebrow} heading={section.heading} tone={tone} /> : null}
      <Figures
        items={section.items}
        size="xl"
        dark={dark}
        align="center"
        className={cx(
          "grid gap-x-6 gap-y-10",
          // Three figures: one column on phones, three from sm (two columns left the third alone on a row).
          section.items.length === 3 ? "sm:grid-cols-3" : "grid-cols-2 lg:grid-cols-4",
          section.heading && "mt-12",
        )}
      />
    </Section>
  );
}
