/**
 * The pricing table's behaviour: a building type (radio buttons) and a building size
 * (a native select: keyboard, type-ahead and screen readers come with it) pick the
 * price shown on every plan. Changing the type resets the size to small
 * (pricing/lookup.ts). The server renders the default type's small size, so the
 * prices are there without JavaScript; the controls stay disabled until the island
 * is ready, since they could not change anything before.
 */
import { useState } from "../runtime.ts";
import { useHydrated } from "./parts/useHydrated.ts";
import { cx } from "../ui/cx.ts";
import { ActionView, type ActionLink } from "../ui/ActionView.tsx";
import {
  BUILDING_SIZES,
  BUILDING_TYPES,
  formatAmount,
  initialState,
  priceOf,
  withSize,
  withType,
  type BuildingSize,
  type BuildingType,
  type PricedPlan,
} from "./pricing/lookup.ts";

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
}

const CHECK = "M20 6L9 17l-5-5";

export default function PricingTable({ id, plans, defaultType, types, labels }: PricingTableProps) {
  const [state, setState] = useState(() => initialState(defaultType));
  const ready = useHydrated();
  const [changed, setChanged] = useState(false);
  const sizes = types[state.type].sizes;
  const showing = labels.showing.replace("{type}", types[state.type].label.toLowerCase()).replace("{size}", sizes[state.size]);
  return (
    <div>
      <div className="mx-auto flex max-w-3xl flex-col items-stretch gap-5 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:flex-row sm:items-end sm:justify-center sm:p-6">
        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold text-ink-900">{labels.buildingType}</legend>
          <div className="mt-2 grid grid-cols-2 rounded-lg bg-ink-100 p-1">
            {BUILDING_TYPES.map((t) => (
              <label
                key={t}
                className={cx(
                  "cursor-pointer rounded-md px-4 py-2 text-center text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
                  state.type === t ? "bg-white text-ink-900 shadow-sm" : "text-ink-600 hover:text-ink-900",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={t}
                  checked={state.type === t}
                  disabled={!ready}
                  className="sr-only"
                  onChange={(e) => {
                    setChanged(true);
                    setState((s) => withType(s, (e.currentTarget as HTMLInputElement).value));
                  }}
                />
                {types[t].label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="min-w-0 sm:w-64">
          <label htmlFor={`${id}-size`} className="block text-sm font-semibold text-ink-900">
            {labels.buildingSize}
          </label>
          <select
            id={`${id}-size`}
            value={state.size}
            disabled={!ready}
            className="mt-2 block h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-base text-ink-900 shadow-sm disabled:opacity-100"
            onChange={(e) => {
              setChanged(true);
              setState((s) => withSize(s, (e.currentTarget as HTMLSelectElement).value));
            }}
          >
            {BUILDING_SIZES.map((s) => (
              <option key={s} value={s}>
                {sizes[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {changed ? showing : ""}
      </p>
      <ul className={cx("mt-12 grid gap-6 md:grid-cols-2", plans.length >= 4 ? "xl:grid-cols-4" : "lg:grid-cols-3")}>
        {plans.map((plan) => {
          const price = priceOf(plan, state);
          return (
            <li
              key={plan.id}
              data-plan={plan.id}
              className={cx(
                "relative flex flex-col rounded-card border bg-white p-6 sm:p-7",
                plan.popular ? "border-brand-500 shadow-lg ring-1 ring-brand-500" : "border-ink-200 shadow-card",
              )}
            >
              <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
                <h3 className="text-xl font-semibold text-ink-900">{plan.name}</h3>
                {plan.popular ? <span className="rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white">{labels.popular}</span> : null}
              </div>
              <p className="mt-2 min-h-12 text-sm leading-6 text-ink-600">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-ink-900" data-price="">
                  {price.kind === "amount" ? formatAmount(price.amount) : price.text}
                </span>
                {price.kind === "amount" ? <span className="text-sm font-medium text-ink-600">{plan.period}</span> : null}
              </p>
              {plan.priceNote ? <p className="mt-1 text-sm text-ink-600">{plan.priceNote}</p> : null}
              {plan.tag ? <p className="mt-3 self-start rounded-full bg-accent-400/20 px-2.5 py-1 text-xs font-semibold text-ink-900">{plan.tag}</p> : null}
              <ActionView link={plan.action} className="mt-6 w-full" />
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
    </div>
  );
}
