/** Section "cta": a closing band with a heading, a sentence and buttons. */
import type { CallToActionSection } from "../content-types.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { Inline } from "../ui/Markdown.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

export function Cta({ section }: { section: CallToActionSection }) {
  const brand = (section.tone ?? "brand") === "brand";
  return (
    <section id={section.id} className="bg-white px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div
        className={cx(
          "mx-auto max-w-5xl rounded-3xl px-6 py-14 text-center text-white sm:px-12",
          brand ? "bg-linear-to-br from-brand-700 to-brand-900" : "bg-ink-950",
        )}
      >
        <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{keepCompounds(section.heading)}</h2>
        {section.text ? (
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">
            <Inline md={section.text} />
          </p>
        ) : null}
        <Actions actions={section.actions} surface={brand ? "brand" : "dark"} className={cx("mt-8", CENTERED_ACTIONS)} />
      </div>
    </section>
  );
}
