/**
 * Stage 2, validate: every content file against its JSON Schema (ajv, draft
 * 2020-12), reporting all errors of a run in plain language with file, line:column
 * and JSON pointer. While validating, it notes the fields that later stages act on
 * (links, assets, Markdown, record references): the schemas mark them with the
 * keywords x-link, x-asset, x-markdown and x-ref, so no stage guesses.
 * Cross-file checks that need only content (references, assets, ids) live here too.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import { compiledValidators } from "./compiled-schemas.ts";
import { didYouMean, issueAt, type Issue } from "./issues.ts";
import type { LoadedContent, SourceFile } from "./load.ts";
import { derefSchema, SCHEMA_BASE, type JsonSchema, type SchemaSet } from "./schemas.ts";

export type AnnotationKind = "link" | "asset" | "markdown" | "ref";

/** A field that a later stage acts on, noted during validation. */
export interface Annotation {
  kind: AnnotationKind;
  file: string;
  pointer: string;
  value: string;
  /** markdown: "inline" | "block"; ref: the collection name; link: "page" for a record's own page (x-page). */
  arg?: string;
  /** For a link found in Markdown: the line of the text it is on. */
  line?: number;
}

export interface ValidatedContent {
  files: SourceFile[];
  assets: Map<string, Buffer>;
  annotations: Annotation[];
  issues: Issue[];
}

const ANNOTATING_KEYWORDS: Record<string, AnnotationKind> = {
  "x-link": "link",
  "x-asset": "asset",
  "x-markdown": "markdown",
  "x-ref": "ref",
  // A record whose id names a page: "x-page": "/features/" on the id field links the
  // record to /features/<id>, and the link check requires that page.
  "x-page": "link",
};

/** The "$schema" value a content file must carry, relative to the file. */
export function expectedSchemaRef(file: SourceFile): string {
  const depth = file.file.split("/").length - 2; // "content/site.json" -> 0
  const up = "../".repeat(depth + 1);
  if (file.kind === "site") return `${up}schemas/site.schema.json`;
  if (file.kind === "page") return `${up}schemas/page.schema.json`;
  return `${up}schemas/collections/${file.name}.schema.json`;
}

/** The schema a content file is checked against (a path in schemas/), or undefined for a file named after no collection. */
export function schemaPathOf(file: Pick<SourceFile, "kind" | "name">, schemas: SchemaSet): string | undefined {
  if (file.kind === "guide") return "guide.schema.json";
  if (file.kind === "site") return "site.schema.json";
  if (file.kind === "page") return "page.schema.json";
  return schemas.collections.get(file.name);
}

export function createValidator(schemas: SchemaSet, cacheDir?: string) {
  let collecting: Omit<Annotation, "file">[] = [];
  const annotate = (keyword: string, pointer: string, data: string, arg: unknown) => {
    const kind = ANNOTATING_KEYWORDS[keyword]!;
    if (keyword === "x-page") collecting.push({ kind, pointer, value: `${String(arg)}${data}`, arg: "page" });
    else collecting.push({ kind, pointer, value: data, ...(typeof arg === "string" ? { arg } : {}) });
  };
  const keywords = Object.fromEntries(
    Object.entries(ANNOTATING_KEYWORDS).map(([keyword, kind]) => [keyword, keyword === "x-link" || kind === "asset" ? ("boolean" as const) : ("string" as const)]),
  );
  // Compiled once and kept between builds (compiled-schemas.ts).
  const compiled = compiledValidators(schemas, keywords, annotate, ...(cacheDir === undefined ? [] : [cacheDir]));
  const validatorFor = (schemaPath: string) => {
    const v = compiled.get(schemaPath);
    if (!v) throw new Error(`Schema ${schemaPath} is not loaded`);
    return v;
  };

  return function validateFile(file: SourceFile): { issues: Issue[]; annotations: Annotation[] } {
    const issues: Issue[] = [];
    const at = (pointer: string, message: string, hint?: string, onKey = false) => issueAt(file, pointer, message, hint, onKey);

    if (typeof file.data !== "object" || file.data === null || Array.isArray(file.data)) {
      return { issues: [at("", "The file must hold one JSON object, starting with {.")], annotations: [] };
    }

    const schemaPath = schemaPathOf(file, schemas);
    if (schemaPath === undefined) {
      const guess = didYouMean(file.name, schemas.collections.keys());
      return {
        issues: [
          at(
            "",
            `There is no collection called "${file.name}".`,
            guess
              ? `Did you mean to name the file ${guess}.json?`
              : `Known collections: ${[...schemas.collections.keys()].join(", ")}.`,
          ),
        ],
        annotations: [],
      };
    }

    // JSON files: "$schema" first, with the right value, so editors check the file as it
    // is typed. Markdown guides have no such line: their front matter is checked alone.
    const schemaRef = (file.data as Record<string, unknown>)["$schema"];
    const missingRef = file.kind !== "guide" && schemaRef === undefined;
    if (file.kind !== "guide") {
      const expected = expectedSchemaRef(file);
      if (missingRef)
        issues.push(at("/$schema", 'The file must start with a "$schema" line.', `Add "$schema": "${expected}" as the first line inside the {.`));
      else if (schemaRef !== expected)
        issues.push(at("/$schema", `"$schema" should be "${expected}" for this file.`, `Replace it with "${expected}".`));
      else if (Object.keys(file.data)[0] !== "$schema")
        issues.push(at("/$schema", '"$schema" must be the first field of the file.', "Move it to the top, right after the {.", true));
    }

    collecting = [];
    const validate = validatorFor(schemaPath);
    const ok = validate(file.data);
    const annotations = collecting.map((a) => ({ ...a, file: file.file }));
    collecting = [];
    // A missing "$schema" is reported above, in words that say where it goes: not twice.
    if (!ok) issues.push(...translateErrors(validate.errors ?? [], at, schemas).filter((i) => !(missingRef && i.pointer === "/$schema")));
    if (file.kind === "guide") issues.push(...guideIssues(file));
    return { issues, annotations };
  };
}

/** The reading speed behind a guide's readTime. */
export const WORDS_PER_MINUTE = 200;

/** Words of a Markdown text, without link addresses and Markdown punctuation. */
export function countWords(markdown: string): number {
  return (markdown.replace(/\]\([^)]*\)/g, "]").match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

/**
 * A guide's own rules: its title is the page's only h1, so the text has no # heading;
 * each heading is unique (it becomes an anchor of the table of contents); readTime is
 * the text's length at WORDS_PER_MINUTE, to the nearest minute.
 */
function guideIssues(file: SourceFile): Issue[] {
  const data = file.data as { body?: unknown; readTime?: unknown };
  if (typeof data.body !== "string") return [];
  const issues: Issue[] = [];
  const first = file.positions.get("/body")?.value.line ?? 1;
  const seen = new Map<string, number>();
  data.body.split("\n").forEach((line, i) => {
    const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) return;
    const at = { severity: "error" as const, file: file.file, line: first + i, column: 1, pointer: "/body" };
    if (m[1] === "#") issues.push({ ...at, message: "A guide's text may not have a # heading: the title is the page's heading.", hint: "Start the sections with ## (and sub-sections with ###)." });
    const key = m[2]!.toLowerCase();
    const before = seen.get(key);
    if (before !== undefined) issues.push({ ...at, message: `The heading "${m[2]}" is also on line ${before}: each heading needs its own words, as it becomes a link in the table of contents.`, hint: "Reword one of the two." });
    else seen.set(key, first + i);
  });
  if (typeof data.readTime !== "number") return issues;
  const words = countWords(data.body);
  const minutes = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
  if (minutes === data.readTime) return issues;
  return [
    ...issues,
    issueAt(
      file,
      "/readTime",
      `readTime says ${data.readTime} min, but the text is ${words.toLocaleString("en")} words: about ${minutes} min at ${WORDS_PER_MINUTE} words a minute.`,
      `Set readTime: ${minutes}, or make the text ${data.readTime > minutes ? "longer" : "shorter"}.`,
    ),
  ];
}

type At = (pointer: string, message: string, hint?: string, onKey?: boolean) => Issue;

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return v.length === 0 ? "an empty list" : "a list";
  if (typeof v === "object") return "an object ({…})";
  if (typeof v === "string") return `the text "${v.length > 40 ? v.slice(0, 40) + "…" : v}"`;
  if (typeof v === "number") return `the number ${v}`;
  return `${typeof v} ${String(v)}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text (in double quotes, like "this")',
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object ({ … })",
  array: "a list ([ … ])",
  null: "null",
};

function example(schema: unknown): string | undefined {
  const ex = (schema as JsonSchema | undefined)?.["examples"];
  return Array.isArray(ex) && ex.length > 0 ? JSON.stringify(ex[0]) : undefined;
}

/** "HeroSection" -> "hero section", for messages. */
function kindOf(schema: JsonSchema | undefined): string {
  const title = schema?.["title"];
  if (typeof title !== "string") return "block";
  return title.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/^action$/, "button").replace(/^nav /, "navigation ");
}

function translateErrors(errors: ErrorObject[], at: At, schemas: SchemaSet): Issue[] {
  // anyOf/oneOf report their branches' failures as well as their own: keep only the summary.
  const composite = errors.filter((e) => e.keyword === "anyOf").map((e) => e.schemaPath.slice(0, -"anyOf".length));
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const e of errors) {
    if (e.keyword !== "anyOf" && composite.some((p) => e.schemaPath.startsWith(p + "anyOf/"))) continue;
    if (e.keyword === "if") continue;
    const issue = translate(e, at, schemas);
    const key = `${issue.pointer}|${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(issue);
    }
  }
  return out;
}

function translate(e: ErrorObject, at: At, schemas: SchemaSet): Issue {
  const ptr = e.instancePath;
  const parent = e.parentSchema as JsonSchema | undefined;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required": {
      const field = String(params["missingProperty"]);
      const props = (parent?.["properties"] ?? {}) as Record<string, unknown>;
      const fieldSchema = props[field] ? derefSchema(props[field] as JsonSchema, "", schemas).schema : undefined;
      const ex = example(fieldSchema);
      const what = fieldSchema?.["description"] ? ` (${String(fieldSchema["description"]).replace(/\.$/, "")})` : "";
      return at(`${ptr}/${field}`, `The required field "${field}" is missing from this ${kindOf(parent)}.`, ex ? `Add "${field}": ${ex}${what}` : undefined);
    }
    case "additionalProperties": {
      const field = String(params["additionalProperty"]);
      const allowed = Object.keys((parent?.["properties"] ?? {}) as object);
      const guess = didYouMean(field, allowed);
      return at(
        `${ptr}/${field}`,
        `"${field}" is not a field of a ${kindOf(parent)}.`,
        guess ? `Did you mean "${guess}"?` : `Allowed fields: ${allowed.join(", ")}.`,
        true,
      );
    }
    case "type": {
      const want = String(params["type"]).split(",").map((t) => TYPE_WORDS[t] ?? t).join(" or ");
      const ex = example(parent);
      return at(ptr, `Expected ${want} but found ${describeValue(e.data)}.`, ex ? `For example: ${ex}` : undefined);
    }
    case "enum": {
      const allowed = (params["allowedValues"] as unknown[]).map(String);
      const guess = typeof e.data === "string" ? didYouMean(e.data, allowed) : undefined;
      const list = allowed.length <= 12 ? `Allowed values: ${allowed.join(", ")}.` : undefined;
      return at(ptr, `${describeValue(e.data)} is not one of the allowed values.`.replace(/^t/, "T").replace(/^a/, "A"), guess ? `Did you mean "${guess}"? ${list ?? ""}`.trim() : list);
    }
    case "const":
      return at(ptr, `Expected ${JSON.stringify(params["allowedValue"])} but found ${describeValue(e.data)}.`, parent?.["description"] ? String(parent["description"]) : undefined);
    case "discriminator": {
      const types = [...schemas.sectionTypes.keys()];
      if (params["error"] === "tag")
        return at(ptr, 'This section has no "type".', `Add "type" with one of: ${types.join(", ")}.`);
      const value = String(params["tagValue"]);
      const guess = didYouMean(value, types);
      return at(
        `${ptr}/type`,
        `Unknown section type "${value}".`,
        guess ? `Did you mean "${guess}"?` : `Section types: ${types.join(", ")}.`,
      );
    }
    case "minLength": {
      const n = Number(params["limit"]);
      if (n <= 1) return at(ptr, "This text must not be empty.");
      return at(ptr, `This text must be at least ${n} characters long; it has ${String(e.data).length}.`);
    }
    case "maxLength":
      return at(ptr, `This text must be at most ${String(params["limit"])} characters long; it has ${String(e.data).length}.`, "Shorten it.");
    case "minItems": {
      const n = Number(params["limit"]);
      const has = Array.isArray(e.data) ? e.data.length : 0;
      return at(ptr, `This list needs at least ${n} item${n === 1 ? "" : "s"} but has ${has === 0 ? "none" : has}.`);
    }
    case "maxItems":
      return at(ptr, `This list may hold at most ${String(params["limit"])} items but has ${Array.isArray(e.data) ? e.data.length : 0}.`, "Remove the extra items.");
    case "uniqueItems":
      return at(ptr, `Items ${String(params["j"])} and ${String(params["i"])} of this list are the same; each may appear once.`, "Remove one of them.");
    case "pattern": {
      const ex = example(parent);
      const desc = parent?.["description"] ? ` ${String(parent["description"])}` : "";
      return at(ptr, `${describeValue(e.data)} is not in the expected form.${desc}`.replace(/^t/, "T"), ex ? `For example: ${ex}` : undefined);
    }
    case "format":
      return at(ptr, `${describeValue(e.data)} is not a valid ${String(params["format"]).replace("email", "e-mail address")}.`.replace(/^t/, "T"));
    case "anyOf": {
      const options = ((e.schema as JsonSchema[]) ?? [])
        .map((s) => (s["required"] as string[] | undefined)?.map((f) => `"${f}"`).join(" and "))
        .filter(Boolean);
      if (options.length === (e.schema as unknown[]).length) {
        const either = options.length > 2 ? `${options.slice(0, -1).join(", ")} or ${options.at(-1)}` : options.join(" or ");
        return at(ptr, `This needs ${either}.`, `Add ${either}.`);
      }
      return at(ptr, "This does not match any of the allowed forms.");
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return at(ptr, `The number must be ${e.keyword.includes("inimum") ? "at least" : "at most"} ${String(params["limit"])}; found ${String(e.data)}.`);
    default:
      return at(ptr, e.message ?? `Failed the "${e.keyword}" rule.`);
  }
}

/**
 * Cross-file checks that need only content: record ids unique within a
 * collection, referenced records and assets exist.
 */
export function crossCheck(files: SourceFile[], assets: Map<string, Buffer>, annotations: Annotation[]): Issue[] {
  const issues: Issue[] = [];
  const byFile = new Map(files.map((f) => [f.file, f]));
  const at = (file: string, pointer: string, message: string, hint?: string) => issueAt(byFile.get(file)!, pointer, message, hint);

  const ids = new Map<string, Set<string>>();
  /** Collections whose record list is not a list: their references cannot be checked (the schema error says why). */
  const unreadable = new Set<string>();
  for (const f of files) {
    if (f.kind !== "collection" || typeof f.data !== "object" || f.data === null) continue;
    const set = new Set<string>();
    // Runs on files that may have failed their schema: "items" can be anything here.
    const items = (f.data as { items?: unknown }).items;
    if (!Array.isArray(items)) {
      unreadable.add(f.name);
      continue;
    }
    (items as ({ id?: unknown } | null)[]).forEach((item, i) => {
      if (typeof item?.id !== "string") return;
      if (set.has(item.id))
        issues.push(at(f.file, `/items/${i}/id`, `The id "${item.id}" is used by two records of this collection.`, "Give each record its own id."));
      set.add(item.id);
    });
    ids.set(f.name, set);
  }
  ids.set("guides", new Set(files.filter((f) => f.kind === "guide").map((f) => f.name)));

  for (const a of annotations) {
    if (a.kind === "ref") {
      if (unreadable.has(a.arg!)) continue;
      const known = ids.get(a.arg!) ?? new Set();
      if (!known.has(a.value)) {
        const guess = didYouMean(a.value, known);
        issues.push(
          at(
            a.file,
            a.pointer,
            `There is no record "${a.value}" in content/collections/${a.arg}.json.`,
            guess ? `Did you mean "${guess}"?` : known.size ? `Known ids: ${[...known].join(", ")}.` : undefined,
          ),
        );
      }
    } else if (a.kind === "asset" && !assets.has(a.value)) {
      const guess = didYouMean(a.value, assets.keys());
      issues.push(
        at(a.file, a.pointer, `The image "${a.value}" does not exist in content/.`, guess ? `Did you mean "${guess}"?` : "Put the file in content/assets/ and write its name as assets/<file name>."),
      );
    }
  }
  return issues;
}

/** Validate every loaded file, then the cross-file rules. */
export function validateContent(loaded: LoadedContent, schemas: SchemaSet, validateFile = createValidator(schemas)): ValidatedContent {
  const issues = [...loaded.issues];
  const annotations: Annotation[] = [];
  const valid: SourceFile[] = [];
  for (const file of loaded.files) {
    const r = validateFile(file);
    issues.push(...r.issues);
    if (r.issues.length === 0) {
      annotations.push(...r.annotations);
      valid.push(file);
    }
  }
  issues.push(...crossCheck(loaded.files, loaded.assets, annotations));
  return { files: loaded.files, assets: loaded.assets, annotations, issues };
}
