/** A product from content/collections/products.json as a card. */
import type { Product } from "../content-types.ts";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";
import { keepCompounds } from "./compounds.tsx";

export function ProductCard({ product, className }: { product: Product; className?: string }) {
  return (
    <li className={cx("flex flex-col rounded-card border border-ink-200 bg-white p-6 shadow-card", className)}>
      <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600">
        <Icon name={product.icon} className="size-6" />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-ink-900">{product.title}</h3>
      <p className="text-sm font-medium text-brand-600">{product.subtitle}</p>
      <p className="mt-3 text-ink-600">{keepCompounds(product.description)}</p>
      <ul className="mt-5 space-y-2 text-sm text-ink-700">
        {product.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-accent-600" />
            <span>{keepCompounds(f)}</span>
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
