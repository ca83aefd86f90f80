/** Section "guideList": cards for guides (content/guides/*.md), each linking to its page. */
import type { GuideListSection } from "../content-types.ts";
import { useRender } from "../context.ts";
import type { GuideRecord } from "../layout/GuideArticle.tsx";
import { Badge } from "../ui/Badge.tsx";
import { buttonClass } from "../ui/Button.tsx";
import { cx } from "../ui/cx.ts";
import { Icon } from "../ui/Icon.tsx";
import { cardSurface, Section, SectionHeading, type Tone } from "../ui/Section.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

function GuideCard({ guide, tone }: { guide: GuideRecord; tone: Tone }) {
  const { labels } = useRender().site;
  const dark = tone === "dark";
  return (
    <li className={cx("flex flex-col rounded-card border p-6 sm:p-7", cardSurface(tone))}>
      <p className={cx("flex flex-wrap items-center gap-3 text-sm", dark ? "text-ink-300" : "text-ink-600")}>
        <Badge tone={tone}>{guide.level}</Badge>
        <span className="inline-flex items-center gap-1.5">
          <Icon name="clock" className="size-4" />
          {labels.minutesRead.replace("{minutes}", String(guide.readTime))}
        </span>
      </p>
      <h3 className={cx("mt-4 text-xl font-semibold", dark ? "text-white" : "text-ink-900")}>{guide.title}</h3>
      <p className={cx("mt-2 flex-1 leading-7", dark ? "text-ink-300" : "text-ink-600")}>{keepCompounds(guide.description)}</p>
      <a href={guide.href} className={buttonClass("outline", "default", "mt-6 self-start", dark ? "dark" : "light")}>
        {labels.readGuide}
        <span className="sr-only">: {guide.title}</span>
        <Icon name="arrow-right" />
      </a>
    </li>
  );
}

export function GuideList({ section }: { section: GuideListSection }) {
  const tone = section.tone ?? "light";
  return (
    <Section id={section.id} tone={tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={tone} />
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {section.guides.map((g) => (
          <GuideCard key={g.id} guide={g} tone={tone} />
        ))}
      </ul>
    </Section>
  );
}
