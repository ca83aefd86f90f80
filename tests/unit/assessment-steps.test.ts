/** The wizard's step machine (templates/islands/assessment/steps.ts). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import type { Site } from "../../templates/content-types.ts";
import { deriveRules, type FieldRule } from "../../templates/islands/assessment/rules.ts";
import {
  back,
  canGoBack,
  currentRule,
  fill,
  isLast,
  next,
  progress,
  setAnswer,
  start,
  toggleOption,
  total,
  validateStep,
  type Messages,
  type WizardState,
} from "../../templates/islands/assessment/steps.ts";

const rules = deriveRules(JSON.parse(readFileSync(path.join(ROOT, "schemas/lead.schema.json"), "utf8")) as Record<string, unknown>);
const site = JSON.parse(readFileSync(path.join(ROOT, "content/site.json"), "utf8")) as Site;
const texts = site.dialogs.assessment;
const messages = Object.fromEntries(Object.entries(texts.steps).map(([k, v]) => [k, v.error])) as Messages;

/** Answers the current step and presses Next. */
function answer(state: WizardState, value: string | string[]): WizardState {
  return next(rules, messages, setAnswer(rules, messages, state, value)).state;
}

describe("step machine", () => {
  it("starts on step 1 of 6 with empty answers, Back disabled", () => {
    const s = start(rules);
    expect(s.step).toBe(1);
    expect(total(rules)).toBe(6);
    expect(canGoBack(s)).toBe(false);
    expect(s.error).toBeUndefined();
    expect(back(s)).toBe(s);
  });

  it("Next with an invalid answer stays and shows the step's message; with a valid one advances", () => {
    let s = start(rules);
    s = next(rules, messages, s).state;
    expect(s.step).toBe(1);
    expect(s.error).toBe("Name must be at least 2 characters");
    s = answer(s, "Jane");
    expect(s.step).toBe(2);
    expect(s.error).toBeUndefined();
    expect(canGoBack(s)).toBe(true);
  });

  it("Next checks only the current step (later steps are still empty)", () => {
    const s = answer(start(rules), "Jane");
    expect(s.step).toBe(2);
    expect(s.answers["email"]).toBe("");
  });

  it("keeps every answer when going back and forth", () => {
    let s = answer(start(rules), "Jane");
    s = answer(s, "Calgary");
    s = setAnswer(rules, messages, s, "Maple"); // typed on step 3, not yet confirmed
    s = back(back(s));
    expect(s.step).toBe(1);
    expect(s.answers).toMatchObject({ name: "Jane", location: "Calgary", companyName: "Maple" });
    s = next(rules, messages, next(rules, messages, s).state).state;
    expect(s.step).toBe(3);
    expect(s.answers["companyName"]).toBe("Maple");
  });

  it("Back never checks and clears a shown error", () => {
    let s = answer(start(rules), "Jane");
    s = next(rules, messages, s).state; // empty location
    expect(s.error).toBe("Location is required");
    s = back(s);
    expect(s.step).toBe(1);
    expect(s.error).toBeUndefined();
  });

  it("shows no error while typing before Next; once shown, the error follows the answer", () => {
    let s = setAnswer(rules, messages, start(rules), "J");
    expect(s.error).toBeUndefined();
    s = next(rules, messages, s).state;
    expect(s.error).toBe("Name must be at least 2 characters");
    s = setAnswer(rules, messages, s, "Ja");
    expect(s.error).toBeUndefined();
    s = next(rules, messages, setAnswer(rules, messages, s, "")).state;
    s = setAnswer(rules, messages, s, "J");
    expect(s.error).toBe("Name must be at least 2 characters");
  });

  it("gives each step the spec's message", () => {
    const s = start(rules);
    const errors = rules.fields.map((_, i) => validateStep(rules, messages, s.answers, i + 1));
    expect(errors).toEqual([
      "Name must be at least 2 characters",
      "Location is required",
      "Company name is required",
      "Number of properties is required",
      "Please select at least one property type",
      "Please enter a valid email address",
    ]);
  });

  it("walks all six steps and asks to submit only when the last one is valid", () => {
    let s = start(rules);
    for (const value of ["Jane", "Calgary", "Maple", "10-25", ["Commercial"]]) s = answer(s, value);
    expect(s.step).toBe(6);
    expect(isLast(rules, s)).toBe(true);
    expect(currentRule(rules, s).field).toBe("email");
    const bad = next(rules, messages, setAnswer(rules, messages, s, "jane@"));
    expect(bad.submit).toBe(false);
    expect(bad.state.error).toBe("Please enter a valid email address");
    const ok = next(rules, messages, setAnswer(rules, messages, s, "jane@company.com"));
    expect(ok.submit).toBe(true);
    expect(ok.state.step).toBe(6);
  });

  it("on submit, goes back to the first step whose answer is not valid", () => {
    let s = start(rules);
    for (const value of ["Jane", "Calgary", "Maple", "10-25", ["Commercial"]]) s = answer(s, value);
    s = setAnswer(rules, messages, s, "jane@company.com");
    const broken: WizardState = { ...s, answers: { ...s.answers, location: "" } };
    const r = next(rules, messages, broken);
    expect(r.submit).toBe(false);
    expect(r.state.step).toBe(2);
    expect(r.state.error).toBe("Location is required");
  });
});

describe("property types", () => {
  const rule = rules.fields[4] as FieldRule;
  it("keep the schema's order whatever order they are ticked in, and untick", () => {
    let chosen = toggleOption(rule, [], "Commercial", true);
    chosen = toggleOption(rule, chosen, "Residential", true);
    expect(chosen).toEqual(["Residential", "Commercial"]);
    expect(toggleOption(rule, chosen, "Residential", false)).toEqual(["Commercial"]);
    expect(toggleOption(rule, chosen, "Residential", true)).toEqual(["Residential", "Commercial"]);
  });
});

describe("progress", () => {
  it("is step / 6, in whole percent", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => progress(n, 6).percent)).toEqual([17, 33, 50, 67, 83, 100]);
  });

  it("fills the content's templates", () => {
    const p = progress(2, 6);
    expect(fill(texts.stepLabel, { step: p.step, total: p.total })).toBe("Step 2 of 6");
    expect(fill(texts.progressLabel, { percent: p.percent })).toBe("33% complete");
    expect(fill("{unknown} {step}", { step: 1 })).toBe("{unknown} 1");
  });
});
