/**
 * The schemas of schemas/ made self-contained for the Studio's forms: a form library
 * follows only references inside the schema it is given ("#/…"), while ours point at
 * other files ("../defs.schema.json#/$defs/link"). Each root schema gets every other
 * schema file under its own "$defs", and every reference is rewritten to point there.
 * Nothing else changes: titles, descriptions, examples and the x- keywords reach the
 * form as written, so the model is still described once, in schemas/.
 *
 * Also the section catalogue: each section type's name, description and an example
 * to start from (the schema's own examples, or the smallest valid-looking object made
 * from its required fields).
 */
import { derefSchema, refTarget, type JsonSchema, type SchemaSet } from "../pipeline/stages/validate/schemas.ts";
import type { StudioSchemas, StudioSectionType } from "./protocol.ts";
import { inWords } from "./words.ts";

/** The key a schema file gets in a root's $defs ("sections/hero.schema.json" -> "file:sections~1hero.schema.json" is avoided: plain characters only). */
export const defKey = (file: string) => `file_${file.replace(/[^A-Za-z0-9]/g, "_")}`;

/** A copy of `node` (a part of schema file `file`) with references rewritten for the root `root`. */
function rewrite(node: unknown, file: string, root: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, file, root));
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string") {
      const t = refTarget(value, file);
      out[key] = t.file === root ? `#${t.pointer}` : `#/$defs/${defKey(t.file)}${t.pointer}`;
    } else if (key === "$id" || (key === "$schema" && typeof value === "string" && value.startsWith("http"))) {
      continue; // an $id would make the validator resolve references against it
    } else out[key] = rewrite(value, file, root);
  }
  return out;
}

/** One root schema, self-contained. */
export function bundleSchema(root: string, schemas: SchemaSet): JsonSchema {
  const main = rewrite(schemas.byPath.get(root), root, root) as JsonSchema;
  const defs: Record<string, unknown> = { ...((main["$defs"] as Record<string, unknown>) ?? {}) };
  for (const [file, schema] of schemas.byPath) if (file !== root) defs[defKey(file)] = rewrite(schema, file, root);
  return { ...main, $defs: defs };
}

/** A schema's or a file's name in words: "HeroSection" -> "Hero", "caseStudies" -> "Case studies". */
export const humanize = (name: string) => inWords(name.replace(/(Section|Collection)$/, ""));

/** An example section of a type: the first object among its schema's examples, or one made from its required fields. */
function exampleSection(type: string, schema: JsonSchema, schemas: SchemaSet, file: string): Record<string, unknown> {
  const examples = schema["examples"];
  if (Array.isArray(examples) && examples[0] && typeof examples[0] === "object") return { ...(examples[0] as object), type };
  const out: Record<string, unknown> = { type };
  const props = (schema["properties"] ?? {}) as Record<string, JsonSchema>;
  for (const key of (schema["required"] ?? []) as string[]) {
    if (key === "type") continue;
    const value = exampleValue(props[key], schemas, file, 0);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** A value for a schema: its first example, its default, or a made one for required fields. */
function exampleValue(schema: JsonSchema | undefined, schemas: SchemaSet, file: string, depth: number): unknown {
  if (!schema || depth > 6) return undefined;
  if (typeof schema["$ref"] === "string") {
    const target = derefSchema(schema, file, schemas);
    // What is written beside the $ref (examples, a default) wins over the target's.
    return exampleValue({ ...target.schema, ...schema, $ref: undefined }, schemas, target.file, depth + 1);
  }
  const examples = schema["examples"];
  if (Array.isArray(examples) && examples.length) return structuredClone(examples[0]);
  if (schema["default"] !== undefined) return structuredClone(schema["default"]);
  if (schema["const"] !== undefined) return schema["const"];
  if (Array.isArray(schema["enum"])) return schema["enum"][0];
  if (schema["type"] === "object") {
    const out: Record<string, unknown> = {};
    const props = (schema["properties"] ?? {}) as Record<string, JsonSchema>;
    for (const key of (schema["required"] ?? []) as string[]) out[key] = exampleValue(props[key], schemas, file, depth + 1);
    return out;
  }
  if (schema["type"] === "array") {
    const min = Number(schema["minItems"] ?? 0);
    const item = exampleValue(schema["items"] as JsonSchema, schemas, file, depth + 1);
    return Array.from({ length: min }, () => structuredClone(item));
  }
  if (schema["type"] === "string") return "";
  if (schema["type"] === "integer" || schema["type"] === "number") return Number(schema["minimum"] ?? 0);
  if (schema["type"] === "boolean") return false;
  return undefined;
}

export function studioSchemas(schemas: SchemaSet, roots: Iterable<string>): StudioSchemas {
  const out: Record<string, object> = {};
  for (const root of new Set(roots)) if (schemas.byPath.has(root)) out[root] = bundleSchema(root, schemas);
  const sections: StudioSectionType[] = [...schemas.sectionTypes]
    .map(([type, file]) => {
      const schema = schemas.byPath.get(file)!;
      return {
        type,
        name: humanize(typeof schema["title"] === "string" ? schema["title"] : type),
        description: typeof schema["description"] === "string" ? schema["description"] : "",
        example: exampleSection(type, schema, schemas, file),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { schemas: out, sections };
}
