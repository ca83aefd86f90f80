/**
 * The pricing table: a building type (a segmented pair of radio buttons) and a building
 * size (a native select, the spec's "Select dropdown": keyboard, type-ahead and screen
 * readers come with it), drawn at the same height and in the same label-above style,
 * pick the price shown on every plan. Changing the type resets the size to small
 * (pricing/lookup.ts).
 *
 * This file is the server markup: the default type's small size, so the prices are there
 * without JavaScript. PricingTable.browser.ts runs it in the browser without Preact,
 * reading what it needs from the markup (each type's size names, each plan's prices); the
 * controls stay disabled until it has, since they could not change anything before.
 */
import { cx } from "../ui/cx.ts";
import { ActionView, type ActionLink } from "../ui/ActionView.tsx";
import { keepCompounds } from "../ui/compounds.tsx";
import { BUILDING_SIZES, BUILDING_TYPES, formatAmount, initialState, priceOf, type BuildingSize, type BuildingType, type PricedPlan } from "./pricing/lookup.ts";
import { typeOptionClass } from "./pricing/look.ts";

export interface PricingPlan extends PricedPlan {
  id: string;
  name: string;
  description: string;
  period: string;
  priceNote?: string | undefined;
  tag?: string | undefined;
  popular: boolean;
  features: string[];
  action: ActionLink;
}

export interface PricingTableProps {
  /** Unique on the page: prefixes the controls' ids. */
  id: string;
  plans: PricingPlan[];
  defaultType: BuildingType;
  types: Record<BuildingType, { label: string; sizes: Record<BuildingSize, string> }>;
  labels: { buildingType: string; buildingSize: string; popular: string; showing: string };
  /** A line under the plans (the section's text when it has no heading), plain text. */
  note?: string | undefined;
  /** The plans' heading level: h2 when the section has no heading of its own (no level skipped). */
  planHeading?: "h2" | "h3" | undefined;
}

const CHECK = "M20 6L9 17l-5-5";
const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z";

export default function PricingTable({ id, plans, defaultType, types, labels, note, planHeading: PlanHeading = "h3" }: PricingTableProps) {
  const state = initialState(defaultType);
  const sizes = types[state.type].sizes;
  return (
    <div>
      <div className="mx-auto grid max-w-2xl gap-4 sm:grid-cols-2 sm:gap-5 sm:rounded-2xl sm:border sm:border-ink-200 sm:bg-white sm:p-5 sm:shadow-card">
        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold text-ink-900">{labels.buildingType}</legend>
          <div className="mt-2 grid h-11 grid-cols-2 rounded-lg bg-ink-100 p-1">
            {BUILDING_TYPES.map((t) => (
              <label key={t} className={typeOptionClass(state.type === t)}>
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={t}
                  defaultChecked={state.type === t}
                  disabled
                  className="sr-only"
                  data-sizes={JSON.stringify(BUILDING_SIZES.map((s) => types[t].sizes[s]))}
                />
                {types[t].label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="min-w-0">
          <label htmlFor={`${id}-size`} className="block text-sm font-semibold text-ink-900">
            {labels.buildingSize}
          </label>
          <select
            id={`${id}-size`}
            defaultValue={state.size}
            disabled
            className="mt-2 block h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-sm font-semibold text-ink-900 shadow-sm disabled:opacity-100"
          >
            {BUILDING_SIZES.map((s) => (
              <option key={s} value={s}>
                {sizes[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* What the choice now shows, said once it changes: "{type}" and "{size}" filled in by the script. */}
      <p className="sr-only" aria-live="polite" data-showing={labels.showing} />
      {/* Each card spans five rows of the list's grid (subgrid), so names, prices,
          buttons and feature lists line up across the cards. */}
      <ul className={cx("mt-8 grid gap-x-6 gap-y-10 sm:mt-10 md:grid-cols-2", plans.length >= 4 ? "xl:grid-cols-4" : "lg:grid-cols-3")}>
        {plans.map((plan) => {
          const price = priceOf(plan, state);
          return (
            <li
              key={plan.id}
              data-plan={plan.id}
              className={cx(
                "relative row-span-5 grid grid-rows-subgrid gap-y-0 rounded-card border bg-white p-6 sm:p-7",
                plan.popular ? "border-brand-600 shadow-lg ring-2 ring-brand-600" : "border-ink-200 shadow-card",
              )}
            >
              {plan.popular ? (
                <span className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-sm">
                  <svg className="size-3.5" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
                    <path d={STAR} />
                  </svg>
                  {labels.popular}
                </span>
              ) : null}
              <PlanHeading className="self-start text-xl font-semibold text-ink-900">{plan.name}</PlanHeading>
              <p className="mt-2 text-sm leading-6 text-ink-600">{keepCompounds(plan.description)}</p>
              <div className="mt-5">
                <p className="flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-ink-900 tabular-nums" data-price="" data-prices={plan.prices ? JSON.stringify(plan.prices) : undefined}>
                    {price.kind === "amount" ? formatAmount(price.amount) : price.text}
                  </span>
                  {price.kind === "amount" ? <span className="text-sm font-medium text-ink-600">{plan.period}</span> : null}
                </p>
                {plan.priceNote ? <p className="mt-1 text-sm text-ink-600">{plan.priceNote}</p> : null}
                {plan.tag ? <p className="mt-3 inline-block rounded-full bg-accent-400/20 px-2.5 py-1 text-xs font-semibold text-ink-900">{plan.tag}</p> : null}
              </div>
              <div className="mt-6 self-end">
                <ActionView link={plan.action} className="w-full" />
              </div>
              <ul className="mt-7 space-y-3 border-t border-ink-100 pt-6 text-sm text-ink-700">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <svg className="icon-stroke mt-0.5 size-4 shrink-0 text-accent-600" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d={CHECK} />
                    </svg>
                    {f}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {note ? <p className="mt-8 text-center text-sm text-ink-600">{note}</p> : null}
    </div>
  );
}
