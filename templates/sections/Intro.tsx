/** Section "intro": a centred introduction with the products it brings together. */
import type { IntroSection, Product } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { Icon } from "../ui/Icon.tsx";
import { Markdown } from "../ui/Markdown.tsx";

function ProductCard({ product }: { product: Product }) {
  return (
    <li className="flex flex-col rounded-card border border-ink-200 bg-white p-6 shadow-card">
      <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600">
        <Icon name={product.icon} className="size-6" />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-ink-900">{product.title}</h3>
      <p className="text-sm font-medium text-brand-600">{product.subtitle}</p>
      <p className="mt-3 text-ink-600">{product.description}</p>
      <ul className="mt-5 space-y-2 text-sm text-ink-700">
        {product.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-accent-600" />
            {f}
          </li>
        ))}
      </ul>
      {product.href ? (
        <a href={product.href} className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-600 hover:text-brand-800">
          {product.buttonText}
          <Icon name="arrow-right" className="size-4" />
        </a>
      ) : null}
    </li>
  );
}

export function Intro({ section }: { section: IntroSection }) {
  return (
    <section id={section.id} className="bg-ink-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          {section.eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{section.eyebrow}</p> : null}
          <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">{section.heading}</h2>
          <Markdown md={section.text} className="prose mt-6 text-lg leading-8 text-ink-600" />
        </div>
        {section.products?.length ? (
          <ul className="mt-14 grid gap-6 md:grid-cols-3">
            {section.products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </ul>
        ) : null}
        <Actions actions={section.actions} className="mt-12 flex flex-wrap justify-center gap-3" />
      </div>
    </section>
  );
}
