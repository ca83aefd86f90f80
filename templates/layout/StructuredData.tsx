/**
 * JSON-LD (schema.org) for search engines, built from content only: the Organization
 * on every page; a BreadcrumbList on every page below the home page; a product's
 * SoftwareApplication on its page; on a page with a pricing table, the platform as a
 * SoftwareApplication whose offers are the plans' prices. The JSON is escaped like an
 * island's props, so no text in content can end the script element.
 */
import type { Crumb, PageFacts } from "json-site/api";
import { serializeProps } from "json-site/api";
import type { Page, Site } from "../content-types.ts";

export type { Crumb };

export interface PricedPlan {
  name: string;
  description: string;
  period: string;
  prices?: Record<string, Record<string, number>>;
  customPrice?: string;
}

/** A pricing table: its plans, and the labels of its building types and sizes. */
export interface PriceTable {
  types: Record<string, { label: string; sizes: Record<string, string> }>;
  plans: PricedPlan[];
}

export interface StructuredDataInput {
  organization: { name: string; url: string; logo: string; email: string; sameAs: string[] };
  crumbs: Crumb[];
  /** The product this page presents (a record of content/collections/products.json). */
  product?: { name: string; description: string; url: string };
  /** The platform with the prices of the page's pricing tables. */
  pricing?: { name: string; description: string; url: string; tables: PriceTable[] };
}

/** Prices are whole US dollars (content/collections/plans.json). */
export const CURRENCY = "USD";

type Json = Record<string, unknown>;

export function structuredData(input: StructuredDataInput): Json {
  const org = input.organization;
  const orgId = `${org.url}#organization`;
  const graph: Json[] = [
    {
      "@type": "Organization",
      "@id": orgId,
      name: org.name,
      url: org.url,
      logo: org.logo,
      ...(org.sameAs.length ? { sameAs: org.sameAs } : {}),
      contactPoint: { "@type": "ContactPoint", email: org.email },
    },
  ];
  if (input.crumbs.length)
    graph.push({
      "@type": "BreadcrumbList",
      itemListElement: input.crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
    });
  if (input.product) graph.push({ "@type": "SoftwareApplication", ...input.product, publisher: { "@id": orgId } });
  if (input.pricing) {
    const { tables, ...app } = input.pricing;
    graph.push({ "@type": "SoftwareApplication", ...app, publisher: { "@id": orgId }, offers: tables.flatMap((t) => t.plans.map((p) => planOffer(p, t))) });
  }
  return { "@context": "https://schema.org", "@graph": graph };
}

/**
 * One plan: an Offer when it has one price (or none: a custom price), else an
 * AggregateOffer with an Offer per building type and size.
 */
export function planOffer(plan: PricedPlan, table: PriceTable): Json {
  const base = { name: plan.name, description: plan.description };
  if (!plan.prices) return { "@type": "Offer", ...base };
  const unit = plan.period.replace(/^\//, "");
  const price = (amount: number) => ({
    price: amount,
    priceCurrency: CURRENCY,
    priceSpecification: { "@type": "UnitPriceSpecification", price: amount, priceCurrency: CURRENCY, unitText: unit },
  });
  const offers: Json[] = [];
  for (const [type, { label, sizes }] of Object.entries(table.types))
    for (const [size, sizeLabel] of Object.entries(sizes)) {
      const amount = plan.prices[type]?.[size];
      if (amount !== undefined) offers.push({ "@type": "Offer", name: `${plan.name}: ${label}, ${sizeLabel}`, ...price(amount) });
    }
  const amounts = offers.map((o) => o["price"] as number);
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  if (low === high) return { "@type": "Offer", ...base, ...price(low) };
  return { "@type": "AggregateOffer", ...base, priceCurrency: CURRENCY, lowPrice: low, highPrice: high, offerCount: offers.length, offers };
}

/**
 * The site module's structured data (templates/site.ts, seo.structuredData): what this
 * site says about a page, from the facts the generator gives it.
 */
export function pageStructuredData({ site, data: content, url, crumbs, logo, collection }: PageFacts<Site>): Json {
  const page = content as Partial<Page>;
  const products = collection("products") as { title: string; description: string; href: string }[];
  const product = products.find((p) => site.url + p.href === url);
  const tables = (page.sections ?? []).filter((s) => s.type === "pricingTable") as unknown as { buildingTypes: PriceTable["types"]; plans: PriceTable["plans"] }[];
  return structuredData({
    organization: { name: site.brand, url: `${site.url}/`, logo, email: site.contactEmail, sameAs: site.footer.social.map((s) => s.href) },
    crumbs,
    ...(product ? { product: { name: product.title, description: product.description, url } } : {}),
    ...(tables.length
      ? {
          pricing: {
            name: site.seo.name,
            description: site.footer.tagline,
            url,
            tables: tables.map((t) => ({ types: t.buildingTypes, plans: t.plans.map((p) => ({ ...p, period: p.period ?? "/month" })) })),
          },
        }
      : {}),
  });
}

export function StructuredData({ data }: { data: Json }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeProps(data) }} />;
}
