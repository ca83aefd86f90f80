/** Section "pageHeader": a plain, centred opening with the page's h1, for pages without a hero image. */
import type { PageHeaderSection } from "../content-types.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { Inline } from "../ui/Markdown.tsx";
import { Eyebrow } from "../ui/Section.tsx";
import { keepCompounds } from "../ui/compounds.tsx";
import { cx } from "../ui/cx.ts";

export function PageHeader({ section }: { section: PageHeaderSection }) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-white pt-24 pb-10 sm:pt-32 sm:pb-12">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        {section.eyebrow ? <Eyebrow>{section.eyebrow}</Eyebrow> : null}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-ink-900 sm:text-5xl">{keepCompounds(section.heading)}</h1>
        {section.text ? (
          <p className="mt-6 text-lg leading-8 text-ink-600 sm:text-xl">
            <Inline md={section.text} />
          </p>
        ) : null}
        <Actions actions={section.actions} className={cx("mt-9", CENTERED_ACTIONS)} />
      </div>
    </section>
  );
}
