/**
 * Section "pricingTable": the plans of content/collections/plans.json with the
 * building type and size picker (the PricingTable island). The plans' buttons are
 * prepared here, where the render context is known, and drawn by the island.
 */
import { useId } from "react";
import plansSchema from "../../schemas/collections/plans.schema.json" with { type: "json" };
import schema from "../../schemas/sections/pricingTable.schema.json" with { type: "json" };
import type { PricingTableSection } from "../content-types.ts";
import { useRender } from "../context.ts";
import PricingTableIsland, { type PricingTableProps } from "../islands/PricingTable.tsx";
import { actionLink } from "../ui/Action.tsx";
import { Island } from "json-site/api";
import { plainText } from "../ui/Markdown.tsx";
import { Section, SectionHeading } from "../ui/Section.tsx";

const DEFAULT_TYPE = schema.properties.defaultType.default as PricingTableProps["defaultType"];
const DEFAULT_PERIOD = plansSchema.$defs.plan.properties.period.default;

export function PricingTable({ section }: { section: PricingTableSection }) {
  const ctx = useRender();
  const id = `pricing${useId().replace(/[^A-Za-z0-9]/g, "")}`;
  const props: PricingTableProps = {
    id,
    defaultType: section.defaultType ?? DEFAULT_TYPE,
    types: section.buildingTypes,
    labels: section.labels,
    plans: section.plans.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      period: p.period ?? DEFAULT_PERIOD,
      ...(p.prices ? { prices: p.prices } : {}),
      ...(p.customPrice !== undefined ? { customPrice: p.customPrice } : {}),
      ...(p.priceNote ? { priceNote: p.priceNote } : {}),
      ...(p.tag ? { tag: p.tag } : {}),
      popular: p.popular ?? false,
      features: p.features,
      action: actionLink({ ...p.action, size: p.action.size ?? "default" }, ctx, "light", undefined),
    })),
  };
  if (!section.heading) {
    // Straight under the page header: the prices come first (issue 15: a price in the first viewport).
    return (
      <Section id={section.id} className="pt-0 sm:pt-2">
        <Island name="PricingTable" component={PricingTableIsland} props={{ ...props, planHeading: "h2", ...(section.text ? { note: plainText(section.text.children) } : {}) }} />
      </Section>
    );
  }
  return (
    <Section id={section.id} tone="muted">
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <div className="mt-10">
        <Island name="PricingTable" component={PricingTableIsland} props={props} />
      </div>
    </Section>
  );
}
