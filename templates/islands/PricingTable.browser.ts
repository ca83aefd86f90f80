/**
 * The pricing table's behaviour (markup: PricingTable.tsx), without Preact. The markup
 * carries what it needs: each type's size names (its radio's data-sizes, in
 * BUILDING_SIZES order), each plan's prices (data-prices; a plan with a custom price has
 * none and keeps its text) and the sentence said on a change (data-showing).
 *
 * The choice is read from the controls when the script starts and again on pageshow, so a
 * page whose controls the browser put back (back, forward) shows the prices of what they say.
 */
import { BUILDING_SIZES, BUILDING_TYPES, formatAmount, initialState, withSize, withType, type BuildingSize, type BuildingType, type PricingState } from "./pricing/lookup.ts";
import { typeOptionClass } from "./pricing/look.ts";

export default function enhancePricingTable(host: HTMLElement): void {
  const radios = [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const select = host.querySelector("select")!;
  const live = host.querySelector<HTMLElement>("[data-showing]")!;
  // Read once: each plan's prices, each type's size names.
  const prices = [...host.querySelectorAll<HTMLElement>("[data-prices]")].map(
    (el) => [el, JSON.parse(el.dataset["prices"]!) as Record<BuildingType, Record<BuildingSize, number>>] as const,
  );
  const radioOf = (type: BuildingType) => radios.find((r) => r.value === type)!;
  const names = new Map(radios.map((r) => [r.value, JSON.parse(r.dataset["sizes"]!) as string[]]));
  const sizeNames = (type: BuildingType) => names.get(type)!;

  /** The choice the controls show. */
  const shown = (): PricingState => {
    const checked = radios.find((r) => r.checked)?.value;
    return withSize(initialState(BUILDING_TYPES.find((t) => t === checked) ?? BUILDING_TYPES[0]), select.value);
  };
  let state = shown();

  const paint = () => {
    for (const r of radios) {
      r.checked = r.value === state.type;
      r.parentElement!.className = typeOptionClass(r.checked);
    }
    const sizes = sizeNames(state.type);
    [...select.options].forEach((option, i) => (option.textContent = sizes[i]!));
    select.value = state.size;
    for (const [el, table] of prices) el.textContent = formatAmount(table[state.type][state.size]);
  };
  /** A change made by the visitor: the prices follow, and the sentence is said even when the choice stayed the same. */
  const choose = (next: PricingState) => {
    state = next;
    paint();
    const type = radioOf(state.type).parentElement!.textContent!.trim();
    live.textContent = live.dataset["showing"]!.replace("{type}", type.toLowerCase()).replace("{size}", sizeNames(state.type)[BUILDING_SIZES.indexOf(state.size)]!);
  };

  paint();
  // Back or forward to the page, Chromium puts the controls back as the visitor left them after the page has
  // loaded, with no change event: the prices follow them.
  addEventListener("pageshow", () => {
    state = shown();
    paint();
  });
  for (const r of radios) r.addEventListener("change", () => r.checked && choose(withType(state, r.value)));
  select.addEventListener("change", () => choose(withSize(state, select.value)));
  for (const control of [...radios, select]) control.disabled = false;
}
