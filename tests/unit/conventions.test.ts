/**
 * The conventions that let a reader find any behaviour in one place:
 * one schema per section type and one component of the same name, every schema
 * field documented with a description and an example, icons in step with the schema.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateTypes, TYPES_FILE } from "../../scripts/gen-types.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { componentName, loadSectionComponents } from "../../scripts/pipeline/render.tsx";
import { loadSchemas, type JsonSchema } from "../../scripts/pipeline/schemas.ts";
import { ICON_NAMES } from "../../templates/ui/Icon.tsx";

const schemas = await loadSchemas(path.join(ROOT, "schemas"));
const sectionSchemas = [...schemas.sectionTypes.keys()].sort();
const sectionComponents = readdirSync(path.join(ROOT, "templates/sections"))
  .filter((f) => f.endsWith(".tsx"))
  .map((f) => f.slice(0, -4))
  .sort();

describe("section types", () => {
  it("have a component for every schema", () => {
    const missing = sectionSchemas.filter((t) => !existsSync(path.join(ROOT, "templates/sections", `${componentName(t)}.tsx`)));
    expect(missing).toEqual([]);
  });

  it("have a schema for every component", () => {
    const orphans = sectionComponents.filter((c) => !sectionSchemas.map(componentName).includes(c));
    expect(orphans).toEqual([]);
  });

  it("export the component under the file's name", async () => {
    const components = await loadSectionComponents(path.join(ROOT, "templates"), sectionSchemas);
    expect([...components.keys()].sort()).toEqual(sectionSchemas);
  });

  it("are all listed in the page schema, and the type constant matches the file name", () => {
    const refs = ((schemas.byPath.get("page.schema.json")!["properties"] as JsonSchema)["sections"] as { items: { oneOf: { $ref: string }[] } }).items.oneOf.map(
      (r) => r.$ref,
    );
    expect(refs.sort()).toEqual(sectionSchemas.map((t) => `sections/${t}.schema.json`));
    for (const t of sectionSchemas) {
      const s = schemas.byPath.get(`sections/${t}.schema.json`)!;
      expect((s["properties"] as Record<string, { const: string }>)["type"]!.const).toBe(t);
      expect(s["required"]).toContain("type");
    }
  });
});

describe("schemas", () => {
  /** Every property of every object schema, with its path, for the documentation rule. */
  function fields(node: unknown, where: string, out: [string, JsonSchema][] = []): [string, JsonSchema][] {
    if (Array.isArray(node)) node.forEach((n, i) => fields(n, `${where}/${i}`, out));
    else if (node && typeof node === "object") {
      const s = node as JsonSchema;
      for (const [name, child] of Object.entries((s["properties"] ?? {}) as Record<string, JsonSchema>)) out.push([`${where}/properties/${name}`, child]);
      for (const [k, v] of Object.entries(s)) if (k !== "examples" && k !== "default") fields(v, `${where}/${k}`, out);
    }
    return out;
  }

  it("document every field with a description and an example", () => {
    const undocumented: string[] = [];
    for (const [file, schema] of schemas.byPath) {
      for (const [where, field] of fields(schema, file)) {
        if (field["$ref"] && Object.keys(field).every((k) => k === "$ref")) continue; // documented where it is defined
        if (typeof field["description"] !== "string" || !Array.isArray(field["examples"]) || field["examples"].length === 0) undocumented.push(where);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("have examples that are valid against their own field", async () => {
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const ajv = new Ajv2020({ strict: false });
    const bad: string[] = [];
    const defs = schemas.byPath.get("defs.schema.json")!["$defs"] as Record<string, JsonSchema>;
    for (const [name, def] of Object.entries(defs)) {
      if (JSON.stringify(def).includes('"$ref"')) continue;
      for (const ex of (def["examples"] as unknown[]) ?? []) if (!ajv.validate(def, ex)) bad.push(`defs/${name}: ${JSON.stringify(ex)}`);
    }
    expect(bad).toEqual([]);
  });
});

describe("icons", () => {
  it("match the icon names the schema allows", () => {
    const allowed = (schemas.byPath.get("defs.schema.json")!["$defs"] as Record<string, { enum: string[] }>)["icon"]!.enum;
    expect([...ICON_NAMES].sort()).toEqual([...allowed].sort());
  });
});

describe("generated content types", () => {
  it("are up to date with the schemas", async () => {
    expect(readFileSync(TYPES_FILE, "utf8")).toBe(await generateTypes());
  });
});
