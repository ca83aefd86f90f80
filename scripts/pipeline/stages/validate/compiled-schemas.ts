/**
 * The compiled validators of the content schemas, kept between builds.
 *
 * ajv compiles the schemas into JavaScript; for this site's page schema (every
 * section type, all errors, verbose) that took 0.5 s of CPU on a cold build, 1 s of wall
 * time beside the rest of the build. The code ajv generates (ajv "standalone" code) is kept
 * among the project's generated files (lib/generated.ts: committed with the content, so a
 * fresh clone compiles nothing), named by a hash of everything it depends on: the schemas,
 * ajv's version, and this file and stages/validate/validate.ts (the options and custom
 * keywords). Any change gives a new name, so a stale file is never read. Its V8 code cache,
 * which only this machine's Node can use, stays in the build cache (lib/cache.ts).
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { defaultCacheDir } from "../../../lib/cache.ts";
import type { GeneratedFiles } from "../../../lib/generated.ts";
import { SCHEMA_BASE, SchemaError, type JsonSchema, type SchemaSet } from "./schemas.ts";
import { schemaIssues } from "./schema-check.ts";
import { problem } from "../../../problems/errors.ts";
import { issueIn } from "../../../problems/issues.ts";

const require = createRequire(import.meta.url);
/** lib/run-bundle.cjs (plain CommonJS, required from its place in both the bundle and the sources). */
const { cachedFunction } = require("../../../lib/run-bundle.cjs") as {
  cachedFunction: (source: string, file: string, params: string[], writeOnExit?: boolean, cacheFile?: string) => (...args: unknown[]) => unknown;
};

/** Called by the generated code for each string a keyword below marks: keyword, JSON pointer, value, the keyword's value in the schema. */
export type Annotate = (keyword: string, pointer: string, data: string, arg: unknown) => void;

const OPTIONS = { allErrors: true, verbose: true, strict: true, strictRequired: false, discriminator: true, allowUnionTypes: true } as const;
/**
 * Every standard JSON Schema format ("date", "date-time", "email", "uri", "uuid", …): ajv-formats'
 * full set, the same the Studio's forms check with (@rjsf/validator-ajv8), so that a format any
 * JSON Schema tool knows is never "unknown" here.
 */
export const FORMATS = {
  ...(require("ajv-formats/dist/formats.js") as typeof import("ajv-formats/dist/formats.js")).fullFormats,
  // Lenient on purpose: an address with a likely typo ("jo@gmial.com", a trailing dot) passes here
  // and gets the mistyped-email warning with the corrected address (routes/links.ts), not a bare "invalid".
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
};
const FORMATS_VERSION = (require("ajv-formats/package.json") as { version: string }).version;

/**
 * The schemas content files are checked against: those directly in schemas/ (the
 * site's, pages', and any a Markdown kind names, like guide.schema.json) and the
 * collections'. Section schemas are parts that page.schema.json refers to.
 */
export function entrySchemas(schemas: SchemaSet): string[] {
  return [...new Set([...[...schemas.byPath.keys()].filter((p) => !p.includes("/")), ...schemas.collections.values()])].sort();
}

/**
 * A validator for each entry schema, by schema path. `keywords` are the schema
 * keywords whose string values are reported through `annotate`, with their
 * schema types. `source`: the address of the module that sets the keywords and
 * annotations up (stages/validate/validate.ts passes its import.meta.url): its text is in
 * the name. `store`: where the compiled code is kept (none: compiled in memory).
 */
export function compiledValidators(schemas: SchemaSet, keywords: Record<string, "boolean" | "string">, annotate: Annotate, source: string, store: GeneratedFiles | undefined): Map<string, ValidateFunction> {
  const entries = entrySchemas(schemas);
  const name = `validators/validators-${cacheKey(schemas, keywords, entries, source)}.cjs`;
  const code = store?.read(name)?.toString("utf8");
  if (code !== undefined) return load(code, entries, annotate, store!.file(name));
  const { ajv, exportNames } = compile(schemas, keywords, annotate, entries);
  const validators = new Map(entries.map((p) => [p, ajv.getSchema(SCHEMA_BASE + p)!]));
  if (store) {
    try {
      const standaloneCode = require("ajv/dist/standalone/index.js").default as (ajv: unknown, refs: Record<string, string>) => string;
      store.writeNow(name, standaloneCode(ajv, exportNames));
    } catch {
      // A store that cannot be written only costs the next build the compile.
    }
  }
  return validators;
}

function cacheKey(schemas: SchemaSet, keywords: Record<string, string>, entries: string[], source: string): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ ajv: (require("ajv/package.json") as { version: string }).version, OPTIONS, formats: FORMATS_VERSION, keywords, entries }));
  for (const own of [fileURLToPath(import.meta.url), fileURLToPath(source)]) {
    try {
      hash.update(readFileSync(own));
    } catch {
      hash.update(own); // bundled: the bundle's own hash names it
    }
  }
  for (const [p, schema] of [...schemas.byPath].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${p}\0${JSON.stringify(schema)}\0`);
  return hash.digest("hex").slice(0, 24);
}

/** Export name of an entry schema in the generated module. */
const exportName = (schemaPath: string) => schemaPath.replace(/[^A-Za-z0-9]/g, "_");

function compile(schemas: SchemaSet, keywords: Record<string, "boolean" | "string">, annotate: Annotate, entries: string[]) {
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const { _, strConcat } = require("ajv/dist/compile/codegen/index.js") as typeof import("ajv/dist/compile/codegen/index.js");
  const ajv = new Ajv2020({ ...OPTIONS, code: { source: true, formats: _`formats` } });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format as Parameters<typeof ajv.addFormat>[1]);
  for (const [keyword, schemaType] of Object.entries(keywords)) {
    ajv.addKeyword({
      keyword,
      schemaType,
      // Generated code: annotate(keyword, instancePath, data, schema value) for string data; never an error.
      code(cxt) {
        const { gen, data, schema, it } = cxt;
        const fn = gen.scopeValue("keyword", { ref: annotate, code: _`annotate` });
        gen.if(_`typeof ${data} == "string"`, () => gen.code(_`${fn}(${keyword}, ${strConcat(_`instancePath`, it.errorPath)}, ${data}, ${schema as string | boolean});`));
      },
    });
  }
  // Read by json-schema-to-typescript only.
  ajv.addKeyword({ keyword: "tsType", schemaType: "string" });
  // Read by stages/validate/validate.ts only: a pattern's rule in plain words, for the message when a value breaks it.
  ajv.addKeyword({ keyword: "x-rule", metaSchema: { type: "string", minLength: 1 } });
  // Read by placeholders.ts only: what an address is, and what goes wrong while it is a placeholder.
  ajv.addKeyword({
    keyword: "x-placeholder",
    metaSchema: {
      type: "object",
      additionalProperties: false,
      required: ["what", "effect"],
      properties: { what: { type: "string", minLength: 1 }, effect: { type: "string", minLength: 1 } },
    },
  });
  // A developer's mistakes in schemas/ (an unknown keyword, a $ref to nothing, a bad pattern): each at its place, not ajv's stack.
  const metaErrors = (schema: JsonSchema) => (ajv.validateSchema(schema) ? [] : (ajv.errors ?? []).map((e) => ({ instancePath: e.instancePath, message: `${e.message ?? "is not valid"}${Array.isArray(e.params["allowedValues"]) ? `: ${(e.params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` : ""}` })));
  const mistakes = schemaIssues(schemas, new Set(Object.keys(ajv.RULES.keywords)), metaErrors);
  if (mistakes.length) throw new SchemaError(mistakes);
  try {
    for (const [p, schema] of schemas.byPath) ajv.addSchema({ ...schema, $id: SCHEMA_BASE + p });
    for (const p of entries) if (!ajv.getSchema(SCHEMA_BASE + p)) throw new Error(`Schema ${p} is not loaded`);
  } catch (err) {
    // What the checks above do not know of: the compiler's own sentence, pinned to schemas/.
    throw new SchemaError([issueIn("schemas/", problem("schema-invalid", { keyword: "schemas/", message: `could not be compiled: ${(err as Error).message}` }))]);
  }
  return { ajv, exportNames: Object.fromEntries(entries.map((p) => [exportName(p), SCHEMA_BASE + p])) };
}

/** Runs the generated code; read from `file`, it is compiled from the V8 code cache beside it (lib/run-bundle.cjs cachedFunction). */
function load(code: string, entries: string[], annotate: Annotate, file?: string): Map<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  const params = ["require", "module", "exports", "annotate", "formats"];
  // The code cache is this machine's: in the build cache, never beside a committed file.
  const cacheDir = defaultCacheDir();
  const run = file && cacheDir ? cachedFunction(code, file, params, true, path.join(cacheDir, "v8", `${path.basename(file)}.v8`)) : new Function(...params, code);
  run(require, module, module.exports, annotate, FORMATS);
  return new Map(entries.map((p) => [p, module.exports[exportName(p)]!]));
}
