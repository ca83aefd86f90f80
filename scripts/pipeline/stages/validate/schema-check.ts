/**
 * A developer's mistakes in schemas/, found where they are: a keyword no validator knows
 * ("requird", with a did-you-mean), a "$ref" to a file or a definition that is not there, a
 * pattern that is not a regular expression, and whatever else the JSON Schema meta-schema
 * refuses ("type": "strin", "minLength": "3"). Each is an issue at the schema file's line and
 * column, like a mistake in content, instead of the validator's stack trace.
 *
 * Run only when the schemas are compiled (compiled-schemas.ts): schemas compiled once before,
 * unchanged, have none of these (the compiler would have stopped on each).
 */
import { parseJson, type Located } from "../../../lib/json.ts";
import { problem } from "../../../problems/errors.ts";
import { didYouMean, issueAt, issueIn, type Issue } from "../../../problems/issues.ts";
import { refTarget, type JsonSchema, type SchemaSet } from "./schemas.ts";

export { SchemaError } from "./schemas.ts";

/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
/** Keywords whose value is a schema. */
const SCHEMA_ONE = ["items", "additionalProperties", "contains", "not", "if", "then", "else", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema"];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

const isObject = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);
const token = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The mistakes of every schema file. `keywords`: the keywords the validator knows (its own and
 * the ones the generator adds), `metaErrors`: what the meta-schema says of a file (instance
 * paths inside that schema, with a message).
 */
export function schemaIssues(schemas: SchemaSet, keywords: ReadonlySet<string>, metaErrors: (schema: JsonSchema) => { instancePath: string; message: string }[]): Issue[] {
  const issues: Issue[] = [];
  for (const [file, schema] of schemas.byPath) {
    const shown = `schemas/${file}`;
    const text = schemas.texts?.get(file);
    const positions = text === undefined ? new Map<string, Located>() : parseJson(text).positions;
    const at = (pointer: string, p: ReturnType<typeof problem>, onKey = false) => (positions.size ? issueAt({ file: shown, positions }, pointer, p, onKey) : issueIn(shown, p, 1, 1, pointer));
    const seen = new Set<string>();
    const walk = (node: unknown, pointer: string) => {
      if (!isObject(node)) return;
      for (const [key, value] of Object.entries(node)) {
        const here = `${pointer}/${token(key)}`;
        if (!keywords.has(key)) {
          seen.add(here);
          issues.push(at(here, problem("schema-unknown-keyword", { keyword: key, guess: didYouMean(key, keywords) }), true));
        }
        if (key === "$ref" && typeof value === "string") {
          const target = refTarget(value, file);
          const targetSchema = schemas.byPath.get(target.file);
          if (!targetSchema) {
            seen.add(here);
            const guess = didYouMean(target.file, schemas.byPath.keys());
            issues.push(at(here, problem("schema-missing-ref", { ref: value, missing: `schemas/${target.file}`, guess })));
          } else if (target.pointer) {
            let found: unknown = targetSchema;
            const parts = target.pointer.split("/").slice(1).map((p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~"));
            for (const part of parts) found = isObject(found) ? found[part] : undefined;
            if (found === undefined) {
              seen.add(here);
              const defs = isObject(targetSchema["$defs"]) ? Object.keys(targetSchema["$defs"]).map((d) => `#/$defs/${d}`) : [];
              issues.push(at(here, problem("schema-missing-ref", { ref: value, missing: `${target.pointer} in schemas/${target.file}`, guess: didYouMean(`#${target.pointer}`, defs) })));
            }
          }
        }
        if (key === "pattern" && typeof value === "string") checkPattern(value, here);
        if (key === "patternProperties" && isObject(value)) for (const name of Object.keys(value)) checkPattern(name, `${here}/${token(name)}`, true);
        if (SCHEMA_MAPS.includes(key) && isObject(value)) for (const [name, sub] of Object.entries(value)) walk(sub, `${here}/${token(name)}`);
        if (SCHEMA_ONE.includes(key)) (Array.isArray(value) ? value : [value]).forEach((sub, i) => walk(sub, Array.isArray(value) ? `${here}/${i}` : here));
        if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) value.forEach((sub, i) => walk(sub, `${here}/${i}`));
      }
    };
    const checkPattern = (source: string, pointer: string, onKey = false) => {
      try {
        new RegExp(source, "u");
      } catch (err) {
        seen.add(pointer);
        issues.push(at(pointer, problem("schema-bad-pattern", { pattern: source, why: (err as Error).message.replace(/^Invalid regular expression: \/.*\/u?: /, "") }), onKey));
      }
    };
    walk(schema, "");
    // What else the meta-schema refuses, where it is (not again where a mistake above is already said).
    for (const e of metaErrors(schema)) {
      if ([...seen].some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`))) continue;
      seen.add(e.instancePath);
      issues.push(at(e.instancePath, problem("schema-invalid", { keyword: e.instancePath.split("/").pop() || "the schema", message: e.message })));
    }
  }
  return issues;
}
