/** Section "caseStudy": one case study (content/collections/caseStudies.json) as a large card. */
import type { CaseStudySection } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { Figures } from "../ui/Figures.tsx";
import { Photo, SLOT } from "../ui/Photo.tsx";
import { CheckList, Section, SectionHeading } from "../ui/Section.tsx";
import { STATUS_CLASSES, statusTone } from "../ui/status.ts";
import { keepCompounds } from "../ui/compounds.tsx";

export function CaseStudy({ section }: { section: CaseStudySection }) {
  const study = section.caseStudy;
  const { labels } = section;
  const tone = statusTone(study.status);
  // The building type is words, not a figure: it reads as a line under the title.
  const figures = [
    [labels.units, study.units.toLocaleString("en-US")],
    [labels.area, study.area],
    [labels.adoption, `${study.adoption}%`],
  ] as const;
  return (
    <Section id={section.id} tone={section.tone ?? "light"}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <article className="mt-12 grid overflow-hidden rounded-3xl border border-ink-200 bg-white shadow-card lg:grid-cols-2">
        <div className="relative">
          <Photo image={study.image} sizes={SLOT.halfCard} className="h-full max-h-[28rem] w-full object-cover lg:max-h-none" />
          <span data-status={tone} className={cx("absolute top-4 left-4 rounded-full px-3 py-1 text-sm font-semibold shadow-sm", STATUS_CLASSES[tone])}>
            {study.status}
          </span>
        </div>
        <div className="flex flex-col p-7 sm:p-10">
          <p className="text-sm font-medium text-ink-600">{study.address}</p>
          <h3 className="mt-2 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{keepCompounds(study.title)}</h3>
          <p className="mt-2 text-ink-600">
            <span className="font-semibold text-ink-900">{study.type}</span> {labels.type}
          </p>
          {study.price ? <p className="mt-2 font-semibold text-brand-700">{study.price}</p> : null}
          {/* Phones: a row each, the label beside the value (two columns left the third figure alone on a row). From sm: three columns as wide as their figures, so "About 210,000" stays on one line. */}
          <Figures
            items={figures.map(([label, value]) => ({ label, value }))}
            size="md"
            inlineOnPhones
            className="mt-6 grid gap-x-6 gap-y-4 border-y border-ink-100 py-6 sm:grid-cols-[repeat(3,auto)] sm:justify-between sm:gap-y-6"
          />
          <CheckList points={study.features} className="mt-6 grid gap-x-6 gap-y-2 space-y-0 sm:grid-cols-2" />
          <Actions actions={section.actions} className="mt-8 flex flex-wrap gap-3 lg:mt-auto lg:pt-8" />
        </div>
      </article>
    </Section>
  );
}
