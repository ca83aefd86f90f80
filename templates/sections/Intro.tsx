/** Section "intro": a centred introduction with the products it brings together. */
import type { IntroSection } from "../content-types.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { ProductCard } from "../ui/ProductCard.tsx";
import { Markdown } from "../ui/Markdown.tsx";
import { keepCompounds } from "../ui/compounds.tsx";
import { cx } from "../ui/cx.ts";

export function Intro({ section }: { section: IntroSection }) {
  return (
    <section id={section.id} className="bg-ink-50 py-14 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          {section.eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{section.eyebrow}</p> : null}
          <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">{keepCompounds(section.heading)}</h2>
          <Markdown md={section.text} className="prose mt-6 text-base leading-7 text-ink-600 sm:text-lg sm:leading-8" />
        </div>
        {section.products?.length ? (
          <ul className="mt-14 grid gap-6 md:grid-cols-3">
            {section.products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </ul>
        ) : null}
        <Actions actions={section.actions} className={cx("mt-8", CENTERED_ACTIONS, "sm:mt-12")} />
      </div>
    </section>
  );
}
