/** Section "productGrid": product cards from content/collections/products.json. */
import type { ProductGridSection } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { ProductCard } from "../ui/ProductCard.tsx";
import { Section, SectionHeading } from "../ui/Section.tsx";

export function ProductGrid({ section }: { section: ProductGridSection }) {
  return (
    <Section id={section.id} tone={section.tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={section.tone} />
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {section.products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </ul>
      <Actions actions={section.actions} className="mt-12 flex flex-wrap justify-center gap-3" />
    </Section>
  );
}
