/**
 * The wizard's step machine, as pure functions over a plain state: one step per
 * field of the lead schema, in its order. Next checks only the current step; Back
 * never checks; answers are kept per step whichever way the visitor goes.
 */
import { emptyAnswers, isValid, type Answers, type FieldName, type FieldRule, type LeadRules } from "./rules.ts";

export interface WizardState {
  /** 1-based, 1..total. */
  step: number;
  answers: Answers;
  /** The error message shown for the current step, if any. */
  error?: string | undefined;
}

/** The error message of each field (content: dialogs.assessment.steps[field].error). */
export type Messages = Record<FieldName, string>;

export function start(rules: LeadRules): WizardState {
  return { step: 1, answers: emptyAnswers(rules) };
}

export function total(rules: LeadRules): number {
  return rules.fields.length;
}

export function currentRule(rules: LeadRules, state: WizardState): FieldRule {
  return rules.fields[state.step - 1]!;
}

export function isLast(rules: LeadRules, state: WizardState): boolean {
  return state.step === total(rules);
}

export function canGoBack(state: WizardState): boolean {
  return state.step > 1;
}

/** The content's error message for a step, or undefined when its answer is fine. */
export function validateStep(rules: LeadRules, messages: Messages, answers: Answers, step: number): string | undefined {
  const rule = rules.fields[step - 1];
  if (!rule) return undefined;
  return isValid(rule, answers[rule.field]) ? undefined : messages[rule.field];
}

/**
 * Changes the current step's answer. Once an error is showing, it follows the
 * answer: it goes away as soon as the answer is fine (and comes back if it is not).
 */
export function setAnswer(rules: LeadRules, messages: Messages, state: WizardState, value: string | string[]): WizardState {
  const rule = currentRule(rules, state);
  const answers = { ...state.answers, [rule.field]: value };
  return { ...state, answers, error: state.error === undefined ? undefined : validateStep(rules, messages, answers, state.step) };
}

/** Ticks or unticks one option of a choice, keeping the schema's order. */
export function toggleOption(rule: FieldRule, chosen: string[], option: string, on: boolean): string[] {
  if (rule.kind !== "choice") return chosen;
  const set = new Set(chosen);
  if (on) set.add(option);
  else set.delete(option);
  return rule.options.filter((o) => set.has(o));
}

export interface NextResult {
  state: WizardState;
  /** true on the last step when every answer is fine: time to send. */
  submit: boolean;
}

/**
 * Next (and, on the last step, submit): checks only the current step; on the last
 * step, checks every step once more and goes to the first one that fails.
 */
export function next(rules: LeadRules, messages: Messages, state: WizardState): NextResult {
  const error = validateStep(rules, messages, state.answers, state.step);
  if (error !== undefined) return { state: { ...state, error }, submit: false };
  if (!isLast(rules, state)) return { state: { ...state, step: state.step + 1, error: undefined }, submit: false };
  for (let step = 1; step <= total(rules); step++) {
    const failed = validateStep(rules, messages, state.answers, step);
    if (failed !== undefined) return { state: { ...state, step, error: failed }, submit: false };
  }
  return { state: { ...state, error: undefined }, submit: true };
}

export function back(state: WizardState): WizardState {
  return canGoBack(state) ? { ...state, step: state.step - 1, error: undefined } : state;
}

export interface Progress {
  step: number;
  total: number;
  /** Whole percent, step / total. */
  percent: number;
}

export function progress(step: number, steps: number): Progress {
  return { step, total: steps, percent: Math.round((step / steps) * 100) };
}

/** Fills "{name}" placeholders of a content template ("Step {step} of {total}"). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
