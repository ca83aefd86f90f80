/** Section "caseStudy": one case study (content/collections/caseStudies.json) as a large card. */
import type { CaseStudySection } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { CheckList, Section, SectionHeading } from "../ui/Section.tsx";
import { STATUS_CLASSES, statusTone } from "../ui/status.ts";

export function CaseStudy({ section }: { section: CaseStudySection }) {
  const study = section.caseStudy;
  const { labels } = section;
  const tone = statusTone(study.status);
  const figures = [
    [labels.type, study.type],
    [labels.units, study.units.toLocaleString("en-US")],
    [labels.area, study.area],
    [labels.adoption, `${study.adoption}%`],
  ] as const;
  return (
    <Section id={section.id} tone={section.tone ?? "light"}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <article className="mt-12 grid overflow-hidden rounded-3xl border border-ink-200 bg-white shadow-card lg:grid-cols-2">
        <div className="relative">
          <img
            src={study.image.src.src}
            width={study.image.src.width}
            height={study.image.src.height}
            alt={study.image.alt}
            loading="lazy"
            decoding="async"
            className="h-full max-h-[28rem] w-full object-cover lg:max-h-none"
          />
          <span data-status={tone} className={cx("absolute top-4 left-4 rounded-full px-3 py-1 text-sm font-semibold shadow-sm", STATUS_CLASSES[tone])}>
            {study.status}
          </span>
        </div>
        <div className="flex flex-col p-7 sm:p-10">
          <p className="text-sm font-medium text-ink-600">{study.address}</p>
          <h3 className="mt-2 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{study.title}</h3>
          {study.price ? <p className="mt-2 font-semibold text-brand-700">{study.price}</p> : null}
          {/* Value, a space, label: each figure reads as one phrase ("83% platform adoption"). */}
          <ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-5 border-y border-ink-100 py-6">
            {figures.map(([label, value]) => (
              <li key={label} className="flex flex-col gap-1">
                <span className="figure text-2xl text-ink-900">{value}</span>{" "}
                <span className="text-sm text-ink-600">{label}</span>
              </li>
            ))}
          </ul>
          <CheckList points={study.features} className="mt-6 grid gap-x-6 gap-y-2 space-y-0 sm:grid-cols-2" />
          <Actions actions={section.actions} className="mt-8 flex flex-wrap gap-3 lg:mt-auto lg:pt-8" />
        </div>
      </article>
    </Section>
  );
}
