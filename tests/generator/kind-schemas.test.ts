/** A Markdown kind's schema must give its pages a title and a description: one sentence when it does not, instead of a crash later. */
import { describe, expect, it } from "vitest";
import { checkKindSchemas, type SchemaSet } from "../../scripts/pipeline/stages/validate/schemas.ts";

const set = (schema: Record<string, unknown>): SchemaSet => ({ byPath: new Map([["note.schema.json", schema]]), sectionTypes: new Map(), collections: new Map() });
const text = { type: "string" };

describe("checkKindSchemas", () => {
  it("accepts a schema that requires title and description as text", () => {
    expect(() => checkKindSchemas([{ name: "note", schema: "note.schema.json" }], set({ required: ["title", "description"], properties: { title: text, description: text } }))).not.toThrow();
  });

  it("names the kind, the schema and what is missing", () => {
    expect(() => checkKindSchemas([{ name: "note", schema: "note.schema.json" }], set({ required: ["title"], properties: { title: text, description: text } }))).toThrow(
      'schemas/note.schema.json: the front matter of a "note" is its page\'s description, so the schema must list "description" in "required" with "type": "string".',
    );
    expect(() => checkKindSchemas([{ name: "note", schema: "note.schema.json" }], set({ required: ["title", "description"], properties: { title: { type: "number" }, description: text } }))).toThrow(/page's title,/);
    expect(() => checkKindSchemas([{ name: "note", schema: "notes.schema.json" }], set({}))).toThrow('templates/site.ts: the kind "note" names the schema notes.schema.json, which is not in schemas/.');
  });
});
