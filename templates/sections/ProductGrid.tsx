/** Section "productGrid": product cards from content/collections/products.json. */
import type { ProductGridSection } from "../content-types.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { ProductCard } from "../ui/ProductCard.tsx";
import { Section, SectionHeading } from "../ui/Section.tsx";
import { cx } from "../ui/cx.ts";

export function ProductGrid({ section }: { section: ProductGridSection }) {
  return (
    <Section id={section.id} tone={section.tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={section.tone} />
      {/* On phones the cards sit in a row that scrolls sideways, snapping card by card, the next one peeking in (three full cards stacked were 1,600 px); from md up, three columns. */}
      <ul className="-mx-4 mt-10 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:mt-14 md:grid md:snap-none md:grid-cols-3 md:gap-6 md:overflow-visible md:px-0 md:pb-0">
        {section.products.map((p) => (
          <ProductCard key={p.id} product={p} className="w-[85%] shrink-0 snap-start sm:w-[60%] md:w-auto" />
        ))}
      </ul>
      <Actions actions={section.actions} className={cx("mt-12", CENTERED_ACTIONS)} />
    </Section>
  );
}
