/**
 * The rules of a lead, as the wizard checks them in the browser.
 *
 * schemas/lead.schema.json is the single source of the rules: the server side
 * (templates/layout/Dialogs.tsx) turns it into the compact LeadRules below with
 * deriveRules() and passes them to the island as props, so the browser needs
 * neither ajv nor the schema. The local receiver (scripts/lib/leads.ts) checks
 * the same schema with ajv; a unit test proves both agree on a table of leads.
 * Both trim text answers with trimText() below before measuring them, so an answer
 * of spaces only is refused in both places and the schema's lengths stay the only
 * lengths.
 *
 * deriveRules() refuses any keyword it does not know how to check, so a rule added
 * to the schema can never be silently ignored by the browser.
 */
import type { AssessmentDialog } from "../../content-types.ts";

/** The answers the wizard collects, in the order of the schema's properties. */
export type FieldName = keyof AssessmentDialog["steps"];

export interface TextRule {
  field: FieldName;
  kind: "text";
  minLength: number;
  maxLength?: number;
  /** A regular expression (Unicode mode), as in the schema. */
  pattern?: string;
}

export interface ChoiceRule {
  field: FieldName;
  kind: "choice";
  /** The allowed values, in the schema's order. */
  options: string[];
  minItems: number;
  maxItems?: number;
  unique: boolean;
}

export type FieldRule = TextRule | ChoiceRule;

export interface LeadRules {
  fields: FieldRule[];
}

/** What the visitor has entered so far: text for text fields, the chosen options for choices. */
export type Answers = Record<string, string | string[]>;

type Schema = Record<string, unknown>;

// "x-rule" is a pattern's rule in words, for the build's messages: nothing to check.
const TEXT_KEYWORDS = new Set(["type", "minLength", "maxLength", "pattern", "x-rule", "description", "examples", "title"]);
const CHOICE_KEYWORDS = new Set(["type", "minItems", "maxItems", "uniqueItems", "items", "description", "examples", "title"]);
const ITEM_KEYWORDS = new Set(["type", "enum", "description", "examples", "title"]);

function unsupported(field: string, keys: string[], allowed: Set<string>): void {
  const extra = keys.filter((k) => !allowed.has(k));
  if (extra.length)
    throw new Error(
      `schemas/lead.schema.json: the wizard cannot check ${extra.map((k) => `"${k}"`).join(", ")} on "${field}". ` +
        "Teach templates/islands/assessment/rules.ts the new rule, or leave it out of the schema.",
    );
}

function optionalNumber(schema: Schema, key: string): number | undefined {
  const v = schema[key];
  return typeof v === "number" ? v : undefined;
}

/** The browser's rules, from the lead schema. Server side only (the browser gets the result as props). */
export function deriveRules(schema: Schema): LeadRules {
  const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
  const required = new Set((schema["required"] ?? []) as string[]);
  if (schema["additionalProperties"] !== false) throw new Error("schemas/lead.schema.json must set additionalProperties to false");
  const fields: FieldRule[] = [];
  for (const [name, prop] of Object.entries(properties)) {
    const field = name as FieldName;
    if (!required.has(name)) throw new Error(`schemas/lead.schema.json: "${name}" must be required; the wizard asks for every field.`);
    if (prop["type"] === "string") {
      unsupported(name, Object.keys(prop), TEXT_KEYWORDS);
      const rule: TextRule = { field, kind: "text", minLength: optionalNumber(prop, "minLength") ?? 0 };
      const max = optionalNumber(prop, "maxLength");
      if (max !== undefined) rule.maxLength = max;
      if (typeof prop["pattern"] === "string") rule.pattern = prop["pattern"];
      fields.push(rule);
    } else if (prop["type"] === "array") {
      unsupported(name, Object.keys(prop), CHOICE_KEYWORDS);
      const items = (prop["items"] ?? {}) as Schema;
      unsupported(`${name} items`, Object.keys(items), ITEM_KEYWORDS);
      if (items["type"] !== "string" || !Array.isArray(items["enum"]))
        throw new Error(`schemas/lead.schema.json: the items of "${name}" must be strings from an enum`);
      const rule: ChoiceRule = {
        field,
        kind: "choice",
        options: items["enum"] as string[],
        minItems: optionalNumber(prop, "minItems") ?? 0,
        unique: prop["uniqueItems"] === true,
      };
      const max = optionalNumber(prop, "maxItems");
      if (max !== undefined) rule.maxItems = max;
      fields.push(rule);
    } else {
      throw new Error(`schemas/lead.schema.json: "${name}" must be a string or an array of strings`);
    }
  }
  for (const name of required)
    if (!(name in properties)) throw new Error(`schemas/lead.schema.json: "${name}" is required but not described`);
  return { fields };
}

/** Length in characters (code points), as JSON Schema counts it. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const patterns = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let r = patterns.get(pattern);
  if (!r) patterns.set(pattern, (r = new RegExp(pattern, "u")));
  return r;
}

/** The one rule for text answers, shared with the local receiver (scripts/forms-api.ts). */
import { trimText } from "json-site/forms-api";
export { trimAnswers as trimLead, trimText } from "json-site/forms-api";

/** Whether one answer meets its rule. Text is trimmed first (trimText): the wizard sends it trimmed. */
export function isValid(rule: FieldRule, value: string | string[] | undefined): boolean {
  if (rule.kind === "text") {
    if (typeof value !== "string") return false;
    const text = trimText(value);
    const length = charCount(text);
    if (length < rule.minLength) return false;
    if (rule.maxLength !== undefined && length > rule.maxLength) return false;
    return rule.pattern === undefined || regex(rule.pattern).test(text);
  }
  if (!Array.isArray(value)) return false;
  if (value.length < rule.minItems) return false;
  if (rule.maxItems !== undefined && value.length > rule.maxItems) return false;
  if (rule.unique && new Set(value).size !== value.length) return false;
  return value.every((v) => rule.options.includes(v));
}

export function emptyAnswers(rules: LeadRules): Answers {
  return Object.fromEntries(rules.fields.map((r) => [r.field, r.kind === "text" ? "" : []]));
}

/**
 * The lead as it is sent: exactly the schema's fields in the schema's order, text
 * trimmed, choices as a list in the schema's order (whatever order they were ticked in).
 */
export function toLead(rules: LeadRules, answers: Answers): Record<string, string | string[]> {
  const lead: Record<string, string | string[]> = {};
  for (const rule of rules.fields) {
    const value = answers[rule.field];
    if (rule.kind === "text") lead[rule.field] = typeof value === "string" ? trimText(value) : "";
    else {
      const list = Array.isArray(value) ? [...value] : [];
      const rank = (v: string) => (rule.options.includes(v) ? rule.options.indexOf(v) : rule.options.length);
      lead[rule.field] = list.sort((a, b) => rank(a) - rank(b));
    }
  }
  return lead;
}
