/**
 * The wizard's rules come from schemas/lead.schema.json; the browser checks them
 * without ajv. These tests pin the derived rules and prove that the browser and
 * ajv (what the local receiver runs) agree on a table of leads.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leadChecker } from "../../scripts/lib/leads.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { charCount, deriveRules, emptyAnswers, isValid, toLead, type Answers, type FieldRule } from "../../templates/islands/assessment/rules.ts";

const schema = JSON.parse(readFileSync(path.join(ROOT, "schemas/lead.schema.json"), "utf8")) as Record<string, unknown>;
const rules = deriveRules(schema);
const ajvCheck = leadChecker(schema);
const browserCheck = (answers: Answers) => rules.fields.every((r) => isValid(r, answers[r.field]));

const good: Answers = {
  name: "Jane Smith",
  location: "Calgary, AB",
  companyName: "Maple Property Group",
  numberOfProperties: "10-25",
  propertyTypes: ["Residential"],
  email: "jane@company.com",
};
const withAnswer = (field: string, value: string | string[] | undefined): Answers => {
  const a: Answers = { ...good };
  if (value === undefined) delete a[field];
  else a[field] = value;
  return a;
};

describe("deriveRules", () => {
  it("takes the fields in the schema's order, with its lengths, pattern and options", () => {
    expect(rules.fields.map((f) => f.field)).toEqual(["name", "location", "companyName", "numberOfProperties", "propertyTypes", "email"]);
    expect(rules.fields).toEqual([
      { field: "name", kind: "text", minLength: 2, maxLength: 200 },
      { field: "location", kind: "text", minLength: 2, maxLength: 200 },
      { field: "companyName", kind: "text", minLength: 2, maxLength: 200 },
      { field: "numberOfProperties", kind: "text", minLength: 1, maxLength: 50 },
      { field: "propertyTypes", kind: "choice", options: ["Residential", "Commercial"], minItems: 1, unique: true },
      { field: "email", kind: "text", minLength: 0, maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$" },
    ]);
  });

  it("is small: the browser gets the rules, not the schema", () => {
    expect(JSON.stringify(rules).length).toBeLessThan(JSON.stringify(schema).length / 2);
    expect(JSON.stringify(rules)).not.toContain("description");
  });

  it("refuses a keyword it cannot check, so no rule is silently dropped", () => {
    const withFormat = structuredClone(schema) as { properties: Record<string, Record<string, unknown>> };
    withFormat.properties["email"]!["format"] = "email";
    expect(() => deriveRules(withFormat)).toThrow(/cannot check "format" on "email"/);
    const optional = structuredClone(schema) as { required: string[] };
    optional.required = optional.required.filter((f) => f !== "location");
    expect(() => deriveRules(optional)).toThrow(/"location" must be required/);
  });
});

describe("isValid", () => {
  const rule = (field: string) => rules.fields.find((f) => f.field === field) as FieldRule;

  it.each([
    ["name", "Jo", true],
    ["name", "J", false],
    ["name", "  J  ", false],
    ["name", "", false],
    ["name", "x".repeat(200), true],
    ["name", "x".repeat(201), false],
    ["name", "😀", false], // one character, two UTF-16 units
    ["name", "😀😀", true],
    ["location", "  ", false],
    ["companyName", "AB", true],
    ["numberOfProperties", "5", true],
    ["numberOfProperties", " ", false],
    ["email", "jane@company.com", true],
    ["email", " jane@company.com ", true],
    ["email", "jane@company", false],
    ["email", "jane @company.com", false],
    ["email", "jane@@company.com", false],
    ["email", "", false],
  ])("%s %j -> %s", (field, value, expected) => {
    expect(isValid(rule(field), value)).toBe(expected);
  });

  it.each([
    [[], false],
    [["Residential"], true],
    [["Commercial", "Residential"], true],
    [["Industrial"], false],
    [["residential"], false],
    [["Residential", "Residential"], false],
  ])("propertyTypes %j -> %s", (value, expected) => {
    expect(isValid(rule("propertyTypes"), value)).toBe(expected);
  });

  it("counts characters as JSON Schema does (code points)", () => {
    expect(charCount("😀a")).toBe(2);
  });
});

describe("toLead", () => {
  it("gives exactly the six fields in order, text trimmed, property types as a list in the schema's order", () => {
    const lead = toLead(rules, { ...good, name: "  Jane  ", propertyTypes: ["Commercial", "Residential"], stray: "x" });
    expect(Object.keys(lead)).toEqual(["name", "location", "companyName", "numberOfProperties", "propertyTypes", "email"]);
    expect(lead["name"]).toBe("Jane");
    expect(lead["propertyTypes"]).toEqual(["Residential", "Commercial"]);
  });

  it("starts from empty answers: text empty, no property type", () => {
    expect(emptyAnswers(rules)).toEqual({ name: "", location: "", companyName: "", numberOfProperties: "", propertyTypes: [], email: "" });
  });
});

describe("the browser's rules and ajv with schemas/lead.schema.json agree", () => {
  const table: [string, Answers][] = [
    ["a good lead", good],
    ["both property types, ticked in any order", withAnswer("propertyTypes", ["Commercial", "Residential"])],
    ["a one-letter name", withAnswer("name", "J")],
    ["a name of spaces around one letter", withAnswer("name", "  J ")],
    ["a name of one emoji", withAnswer("name", "😀")],
    ["a name of two emoji", withAnswer("name", "😀😀")],
    ["a name of 200 characters", withAnswer("name", "n".repeat(200))],
    ["a name of 201 characters", withAnswer("name", "n".repeat(201))],
    ["an empty location", withAnswer("location", "")],
    ["a two-letter company", withAnswer("companyName", "AB")],
    ["a company of spaces", withAnswer("companyName", "     ")],
    ["one property", withAnswer("numberOfProperties", "1")],
    ["no number of properties", withAnswer("numberOfProperties", "")],
    ["51 characters of properties", withAnswer("numberOfProperties", "9".repeat(51))],
    ["no property type", withAnswer("propertyTypes", [])],
    ["an unknown property type", withAnswer("propertyTypes", ["Industrial"])],
    ["a property type in lower case", withAnswer("propertyTypes", ["commercial"])],
    ["a property type twice", withAnswer("propertyTypes", ["Residential", "Residential"])],
    ["an e-mail with spaces around it", withAnswer("email", "  jane@company.com ")],
    ["an e-mail without a dot in the domain", withAnswer("email", "jane@company")],
    ["an e-mail with a space inside", withAnswer("email", "ja ne@company.com")],
    ["an e-mail with two @", withAnswer("email", "jane@@company.com")],
    ["a short e-mail", withAnswer("email", "a@b.c")],
    ["an e-mail of 255 characters", withAnswer("email", `${"j".repeat(243)}@company.com`)],
    ["no e-mail at all", withAnswer("email", undefined)],
  ];

  it.each(table)("%s", (_label, answers) => {
    const ajv = ajvCheck(toLead(rules, answers)).ok;
    expect(browserCheck(answers)).toBe(ajv);
  });

  it("the table covers both outcomes", () => {
    const outcomes = table.map(([, a]) => browserCheck(a));
    expect(outcomes.filter(Boolean).length).toBeGreaterThan(5);
    expect(outcomes.filter((o) => !o).length).toBeGreaterThan(10);
  });
});
