/** Reads the JSON Schemas: the single source of truth for the shape of content. */
import { promises as fs } from "node:fs";
import path from "node:path";
import { listFiles } from "../../../lib/fs.ts";
import { SiteModuleError } from "../../../lib/site-module.ts";
import { JsonSyntaxError, parseJson } from "../../../lib/json.ts";
import { problem } from "../../../problems/errors.ts";
import { issueIn, type Issue } from "../../../problems/issues.ts";


export type JsonSchema = Record<string, unknown>;

export interface SchemaSet {
  /** Schema file path relative to schemas/ (e.g. "sections/hero.schema.json") -> schema. */
  byPath: Map<string, JsonSchema>;
  /** Section type -> schema path, from the files in schemas/sections/. */
  sectionTypes: Map<string, string>;
  /** Schema file path -> its text, for the places of a developer's mistakes in it (schema-check.ts). */
  texts?: Map<string, string>;
  /** Collection name -> schema path, from the files in schemas/collections/. */
  collections: Map<string, string>;
}

/** Schemas with mistakes (not JSON; schema-check.ts): the build stops with these issues, each at its schema file's line and column. */
export class SchemaError extends Error {
  constructor(public readonly issues: Issue[]) {
    super(issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.message}`).join("\n"));
    this.name = "SchemaError";
  }
}

export const SCHEMA_BASE = "https://schemas.site.invalid/";

export async function loadSchemas(dir: string): Promise<SchemaSet> {
  const byPath = new Map<string, JsonSchema>();
  const sectionTypes = new Map<string, string>();
  const collections = new Map<string, string>();
  const texts = new Map<string, string>();
  const issues: Issue[] = [];
  for (const abs of await listFiles(dir)) {
    if (!abs.endsWith(".schema.json")) continue;
    const relPath = path.relative(dir, abs).split(path.sep).join("/");
    const text = await fs.readFile(abs, "utf8");
    texts.set(relPath, text);
    try {
      // JSON.parse first (the positions parser costs ~30 ms over every schema of a build); it again only to say where a mistake is.
      byPath.set(relPath, JSON.parse(text) as JsonSchema);
    } catch {
      let err: unknown;
      try {
        parseJson(text);
      } catch (located) {
        err = located;
      }
      if (!(err instanceof JsonSyntaxError)) throw new Error(`schemas/${relPath} is not JSON.`);
      issues.push(issueIn(`schemas/${relPath}`, problem(err.code, { detail: err.message, ...(err.hint ? { hint: err.hint } : {}) }), err.position.line, err.position.column));
      continue;
    }
    const m = /^(sections|collections)\/([^/]+)\.schema\.json$/.exec(relPath);
    if (m?.[1] === "sections") sectionTypes.set(m[2]!, relPath);
    if (m?.[1] === "collections") collections.set(m[2]!, relPath);
  }
  // A schema that is not JSON stops everything that reads schemas, said where it is.
  if (issues.length) throw new SchemaError(issues);
  return { byPath, sectionTypes, collections, texts };
}

/** Where a $ref written in schema file `file` points: the schema file (relative to schemas/) and the pointer inside it. */
export function refTarget(ref: string, file: string): { file: string; pointer: string } {
  const [filePart, pointer = ""] = ref.split("#");
  const base = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
  return { file: filePart ? new URL(filePart, SCHEMA_BASE + base).href.slice(SCHEMA_BASE.length) : file, pointer };
}

/**
 * Follows a $ref (to another schema file or to $defs, relative to `file`) until a
 * schema without one, for messages and documentation that read descriptions and
 * examples. A description written beside the $ref wins over the target's.
 */
export function derefSchema(schema: JsonSchema, file: string, schemas: SchemaSet): { schema: JsonSchema; file: string } {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return { schema, file };
  const { file: target, pointer } = refTarget(ref, file);
  let node: unknown = schemas.byPath.get(target);
  for (const part of pointer.split("/").filter(Boolean)) node = (node as JsonSchema | undefined)?.[part];
  const merged = { ...(node as JsonSchema), ...(schema["description"] ? { description: schema["description"] } : {}) };
  return derefSchema(merged, target, schemas);
}

/**
 * A Markdown kind's entries are pages: their title and description come from the
 * front matter, so the kind's schema must exist and require both as text. A
 * developer's mistake in the site, not in content: it stops the build with one
 * sentence naming the kind and the schema.
 */
export function checkKindSchemas(kinds: readonly { name: string; schema: string }[], schemas: SchemaSet): void {
  for (const kind of kinds) {
    const schema = schemas.byPath.get(kind.schema);
    if (!schema) throw new SiteModuleError(`templates/site.ts: the kind "${kind.name}" names the schema ${kind.schema}, which is not in schemas/.`);
    const required = Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : [];
    const properties = (schema["properties"] ?? {}) as Record<string, JsonSchema | undefined>;
    const missing = ["title", "description"].filter((f) => !required.includes(f) || properties[f]?.["type"] !== "string");
    if (missing.length)
      throw new SiteModuleError(
        `schemas/${kind.schema}: the front matter of a "${kind.name}" is its page's ${missing.join(" and ")}, so the schema must list ${missing.map((f) => `"${f}"`).join(" and ")} in "required" with "type": "string".`,
      );
  }
}
