/** Reads the JSON Schemas: the single source of truth for the shape of content. */
import { promises as fs } from "node:fs";
import path from "node:path";
import { listFiles } from "../lib/fs.ts";

export type JsonSchema = Record<string, unknown>;

export interface SchemaSet {
  /** Schema file path relative to schemas/ (e.g. "sections/hero.schema.json") -> schema. */
  byPath: Map<string, JsonSchema>;
  /** Section type -> schema path, from the files in schemas/sections/. */
  sectionTypes: Map<string, string>;
  /** Collection name -> schema path, from the files in schemas/collections/. */
  collections: Map<string, string>;
}

export const SCHEMA_BASE = "https://schemas.building-os.invalid/";

export async function loadSchemas(dir: string): Promise<SchemaSet> {
  const byPath = new Map<string, JsonSchema>();
  const sectionTypes = new Map<string, string>();
  const collections = new Map<string, string>();
  for (const abs of await listFiles(dir)) {
    if (!abs.endsWith(".schema.json")) continue;
    const relPath = path.relative(dir, abs).split(path.sep).join("/");
    byPath.set(relPath, JSON.parse(await fs.readFile(abs, "utf8")) as JsonSchema);
    const m = /^(sections|collections)\/([^/]+)\.schema\.json$/.exec(relPath);
    if (m?.[1] === "sections") sectionTypes.set(m[2]!, relPath);
    if (m?.[1] === "collections") collections.set(m[2]!, relPath);
  }
  return { byPath, sectionTypes, collections };
}
