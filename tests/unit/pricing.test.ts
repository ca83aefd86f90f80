/**
 * The pricing lookup (templates/islands/pricing/lookup.ts) over every cell of the
 * spec's price table, read through the real content/collections/plans.json, and the
 * picker's state rules: Commercial and small by default, a type change resets the
 * size, only the three offered sizes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import type { Page, PlanCollection, PricingTableSection } from "../../templates/content-types.ts";
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
} from "../../templates/islands/pricing/lookup.ts";

const plans = (JSON.parse(readFileSync(path.join(ROOT, "content/collections/plans.json"), "utf8")) as PlanCollection).items;
const plan = (name: string) => plans.find((p) => p.name === name)!;
const page = JSON.parse(readFileSync(path.join(ROOT, "content/pages/pricing.json"), "utf8")) as Page;
const table = page.sections.find((s) => s.type === "pricingTable") as unknown as Omit<PricingTableSection, "plans"> & { plans: string[] };

/** §9 of the spec: monthly prices for small, medium, large. */
const SPEC: Record<string, Record<BuildingType, [number, number, number]> | "custom"> = {
  Access: { residential: [0, 0, 0], commercial: [0, 0, 0] },
  Flow: { residential: [49, 89, 129], commercial: [79, 149, 199] },
  Intelligent: { residential: [99, 179, 249], commercial: [149, 249, 349] },
  Enterprise: "custom",
};

describe("every price cell matches the spec", () => {
  const cells = Object.entries(SPEC).flatMap(([name, prices]) =>
    BUILDING_TYPES.flatMap((type) => BUILDING_SIZES.map((size, i) => [name, type, size, prices === "custom" ? "custom" : prices[type][i]!] as const)),
  );
  it("has 24 cells", () => expect(cells).toHaveLength(24));
  it.each(cells)("%s, %s, %s: %s", (name, type, size, expected) => {
    const price = priceOf(plan(name), { type, size });
    if (expected === "custom") expect(price).toEqual({ kind: "custom", text: "Custom" });
    else expect(price).toEqual({ kind: "amount", amount: expected });
  });

  it("the page lists the four plans in order, Intelligent the popular one, Access limited to 10 work orders, Flow with a free trial", () => {
    expect(table.plans).toEqual(["access", "flow", "intelligent", "enterprise"]);
    expect(plans.filter((p) => p.popular).map((p) => p.name)).toEqual(["Intelligent"]);
    expect(plan("Access").priceNote).toMatch(/10 work orders per month/);
    expect(plan("Flow").tag).toMatch(/free trial/);
    expect(plan("Enterprise").action).toMatchObject({ label: "Contact Us for Pricing", opens: "demo" });
  });

  it("the size bands are the spec's", () => {
    expect(table.buildingTypes.residential.sizes).toEqual({ small: "Under 99 units", medium: "100–199 units", large: "200+ units" });
    expect(table.buildingTypes.commercial.sizes).toEqual({ small: "Under 50,000 sq ft", medium: "50,000–250,000 sq ft", large: "Over 250,000 sq ft" });
  });
});

describe("picker state", () => {
  it("starts at the page's default type (Commercial) and small", () => {
    expect(table.defaultType).toBe("commercial");
    expect(initialState("commercial")).toEqual({ type: "commercial", size: "small" });
  });

  it("changing the type resets the size to small; choosing the same type keeps it", () => {
    const large = withSize(initialState("commercial"), "large");
    expect(large).toEqual({ type: "commercial", size: "large" });
    expect(withType(large, "residential")).toEqual({ type: "residential", size: "small" });
    expect(withType(large, "commercial")).toBe(large);
  });

  it("accepts only the three offered sizes and the two types", () => {
    const s = initialState("residential");
    for (const size of ["", "huge", "Small", "0"]) expect(withSize(s, size)).toBe(s);
    expect(withType(s, "industrial")).toBe(s);
    for (const size of BUILDING_SIZES) expect(withSize(s, size).size).toBe(size satisfies BuildingSize);
  });

  it("formats whole dollars", () => {
    expect(formatAmount(0)).toBe("$0");
    expect(formatAmount(149)).toBe("$149");
    expect(formatAmount(1250)).toBe("$1,250");
    // As the browser's en-US format writes them, for every size of whole amount.
    for (const n of [0, 7, 99, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789]) expect(formatAmount(n)).toBe(`$${n.toLocaleString("en-US")}`);
  });

  it("a plan with neither prices nor a custom price is a programming error", () => {
    expect(() => priceOf({}, initialState("commercial"))).toThrow();
  });
});
