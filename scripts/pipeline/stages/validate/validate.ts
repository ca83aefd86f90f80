/**
 * Stage 2, validate: every content file against its JSON Schema (ajv, draft
 * 2020-12), reporting all errors of a run in plain language with file, line:column
 * and JSON pointer. While validating, it notes the fields that later stages act on
 * (links, assets, Markdown, record references): the schemas mark them with the
 * keywords x-link, x-asset, x-markdown and x-ref, so no stage guesses.
 * Cross-file checks that need only content (references, assets, ids) live here too.
 */
import type { AnnotationKind, Annotation, ValidatedContent, LoadedContent, SourceFile } from "../../model.ts";
export type { AnnotationKind, Annotation, ValidatedContent };
import { countWords, WORDS_PER_MINUTE } from "../../../lib/words.ts";
import path from "node:path";
import type { ErrorObject } from "ajv/dist/2020.js";
import { compiledValidators, FORMATS } from "./compiled-schemas.ts";
import { GeneratedFiles, machineGenerated } from "../../../lib/generated.ts";
import { problem, type Problem, type TextFix } from "../../../problems/errors.ts";
import { didYouMean, issueAt, type Issue } from "../../../problems/issues.ts";
import { factsOf, keepValidation, keptValidation } from "../../memo/file-memo.ts";
import { derefSchema, SCHEMA_BASE, type JsonSchema, type SchemaSet } from "./schemas.ts";

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
export function schemaPathOf(file: Pick<SourceFile, "kind" | "name" | "entry">, schemas: SchemaSet): string | undefined {
  if (file.entry) return file.entry.schema;
  if (file.kind === "site") return "site.schema.json";
  if (file.kind === "page") return "page.schema.json";
  return schemas.collections.get(file.name);
}

/** `store`: where the compiled validators are kept (compiled-schemas.ts): the build's generated files, a folder (tests), "" for none; this machine's build cache unless given. */
export function createValidator(schemas: SchemaSet, store?: GeneratedFiles | string) {
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
  const kept = store === undefined ? machineGenerated() : typeof store === "string" ? (store ? new GeneratedFiles(store) : undefined) : store;
  const compiled = compiledValidators(schemas, keywords, annotate, import.meta.url, kept);
  const validatorFor = (schemaPath: string) => {
    const v = compiled.get(schemaPath);
    if (!v) throw new Error(`Schema ${schemaPath} is not loaded`);
    return v;
  };

  return function validateFile(file: SourceFile): { issues: Issue[]; annotations: Annotation[] } {
    const issues: Issue[] = [];
    const at = (pointer: string, p: Problem, onKey = false) => issueAt(file, pointer, p, onKey);

    if (typeof file.data !== "object" || file.data === null || Array.isArray(file.data)) {
      return { issues: [at("", problem("not-an-object"))], annotations: [] };
    }

    const schemaPath = schemaPathOf(file, schemas);
    if (schemaPath === undefined) {
      const guess = didYouMean(file.name, schemas.collections.keys());
      return {
        issues: [
          at("", problem("unknown-collection", { name: file.name, guess, known: [...schemas.collections.keys()] })),
        ],
        annotations: [],
      };
    }

    // JSON files: "$schema" first, with the right value, so editors check the file as it
    // is typed. Markdown entries have no such line: their front matter is checked alone.
    const schemaRef = (file.data as Record<string, unknown>)["$schema"];
    const missingRef = !file.entry && schemaRef === undefined;
    if (!file.entry) {
      const expected = expectedSchemaRef(file);
      if (missingRef)
        issues.push(at("/$schema", problem("missing-schema-line", { expected })));
      else if (schemaRef !== expected)
        issues.push(at("/$schema", problem("wrong-schema-line", { expected })));
      else if (Object.keys(file.data)[0] !== "$schema")
        issues.push(at("/$schema", problem("schema-line-not-first"), true));
    }

    collecting = [];
    const validate = validatorFor(schemaPath);
    const ok = validate(file.data);
    const annotations = collecting.map((a) => ({ ...a, file: file.file }));
    collecting = [];
    // A missing "$schema" is reported above, in words that say where it goes: not twice.
    if (!ok) issues.push(...translateErrors(validate.errors ?? [], at, schemas).filter((i) => !(missingRef && i.pointer === "/$schema")));
    if (file.entry) issues.push(...entryIssues(file));
    return { issues, annotations };
  };
}

/**
 * The article rules a Markdown kind asks for (its `rules` in templates/site.ts): the
 * title is the page's only h1, so the text has no # heading; each heading is unique
 * (it becomes an anchor of a table of contents); the reading time field is the text's
 * length at the kind's words a minute (WORDS_PER_MINUTE unless given), to the nearest minute.
 */
function entryIssues(file: SourceFile): Issue[] {
  const rules = file.entry?.rules ?? {};
  const data = file.data as Record<string, unknown> & { body?: unknown };
  if (typeof data.body !== "string") return [];
  const issues: Issue[] = [];
  const first = file.positions.get("/body")?.value.line ?? 1;
  const seen = new Map<string, number>();
  if (rules.noH1 || rules.uniqueHeadings)
    data.body.split("\n").forEach((line, i) => {
      const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (!m) return;
      const at = { file: file.file, line: first + i, column: 1, pointer: "/body" };
      if (rules.noH1 && m[1] === "#") issues.push({ ...at, ...problem("h1-in-markdown", { kind: file.kind }) });
      if (!rules.uniqueHeadings) return;
      const key = m[2]!.toLowerCase();
      const before = seen.get(key);
      if (before !== undefined) issues.push({ ...at, ...problem("repeated-heading", { heading: m[2]!, before }) });
      else seen.set(key, first + i);
    });
  const field = rules.readTime?.field;
  const readTime = field === undefined ? undefined : data[field];
  if (typeof readTime !== "number") return issues;
  const perMinute = rules.readTime?.wordsPerMinute ?? WORDS_PER_MINUTE;
  const words = countWords(data.body);
  const minutes = Math.max(1, Math.round(words / perMinute));
  if (minutes === readTime) return issues;
  return [...issues, issueAt(file, `/${field}`, problem("wrong-read-time", { field: field!, readTime, words: words.toLocaleString("en"), minutes, wordsPerMinute: perMinute }))];
}

type At = (pointer: string, p: Problem, onKey?: boolean) => Issue;

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
      const description = fieldSchema?.["description"] ? String(fieldSchema["description"]).replace(/\.$/, "") : undefined;
      return at(`${ptr}/${field}`, problem("missing-field", { field, kind: kindOf(parent), example: ex, description }));
    }
    case "additionalProperties": {
      const field = String(params["additionalProperty"]);
      const allowed = Object.keys((parent?.["properties"] ?? {}) as object);
      const guess = didYouMean(field, allowed);
      return at(`${ptr}/${field}`, problem("unknown-field", { field, kind: kindOf(parent), guess, allowed }), true);
    }
    case "type": {
      const want = String(params["type"]).split(",").map((t) => TYPE_WORDS[t] ?? t).join(" or ");
      const ex = example(parent);
      return at(ptr, problem("wrong-type", { expected: want, found: describeValue(e.data), example: ex }));
    }
    case "enum": {
      const allowed = (params["allowedValues"] as unknown[]).map(String);
      const guess = typeof e.data === "string" ? didYouMean(e.data, allowed) : undefined;
      return at(ptr, problem("value-not-allowed", { found: describeValue(e.data), guess, allowed }));
    }
    case "const":
      return at(ptr, problem("wrong-fixed-value", { expected: JSON.stringify(params["allowedValue"]), found: describeValue(e.data), description: parent?.["description"] ? String(parent["description"]) : undefined }));
    case "discriminator": {
      const types = [...schemas.sectionTypes.keys()];
      if (params["error"] === "tag")
        return at(ptr, problem("missing-section-type", { types }));
      const value = String(params["tagValue"]);
      const guess = didYouMean(value, types);
      return at(`${ptr}/type`, problem("unknown-section-type", { type: value, guess, types }));
    }
    case "minLength": {
      const n = Number(params["limit"]);
      // The rule in plain words, where the schema gives one beside the limit (x-rule).
      if (n <= 1) return at(ptr, problem("empty-text", typeof parent?.["x-rule"] === "string" ? { rule: parent["x-rule"] } : {}));
      return at(ptr, problem("text-too-short", { min: n, length: String(e.data).length }));
    }
    case "maxLength":
      return at(ptr, problem("text-too-long", { max: Number(params["limit"]), length: String(e.data).length }));
    case "minItems": {
      const n = Number(params["limit"]);
      const has = Array.isArray(e.data) ? e.data.length : 0;
      return at(ptr, problem("too-few-items", { min: n, count: has }));
    }
    case "maxItems":
      return at(ptr, problem("too-many-items", { max: Number(params["limit"]), count: Array.isArray(e.data) ? e.data.length : 0 }));
    case "uniqueItems":
      return at(ptr, problem("duplicate-items", { first: Number(params["j"]), second: Number(params["i"]) }));
    case "pattern": {
      // The rule in plain words is the schema's "x-rule" beside the pattern; without one, its description.
      const rule = typeof parent?.["x-rule"] === "string" ? parent["x-rule"] : undefined;
      const value = String(e.data);
      const re = new RegExp(String(params["pattern"]), "u");
      const embed = embedCode(value);
      if (embed) {
        const address = embed.address === undefined ? undefined : re.test(embed.address) ? embed.address : textFix(embed.address, re, parent)?.value;
        return at(ptr, problem("embed-code-in-address", { tag: embed.tag, rule, address }));
      }
      const ex = example(parent);
      const description = parent?.["description"] ? String(parent["description"]) : undefined;
      return at(ptr, problem("malformed-text", { found: describeValue(e.data), rule, description, example: ex, fix: textFix(value, re, parent) }));
    }
    case "format": {
      const name = String(params["format"]);
      const format = (FORMATS as Record<string, unknown>)[name];
      const fix = format instanceof RegExp && typeof e.data === "string" ? textFix(e.data, format, parent) : undefined;
      return at(ptr, problem("invalid-format", { found: describeValue(e.data), format: FORMAT_WORDS[name] ?? `${name} (a standard JSON Schema format)`, fix }));
    }
    case "anyOf": {
      const options = ((e.schema as JsonSchema[]) ?? [])
        .map((s) => (s["required"] as string[] | undefined)?.map((f) => `"${f}"`).join(" and "))
        .filter(Boolean);
      if (options.length === (e.schema as unknown[]).length) return at(ptr, problem("missing-one-of", { options: options as string[] }));
      return at(ptr, problem("no-matching-form"));
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return at(ptr, problem("number-out-of-range", { bound: e.keyword.includes("inimum") ? "at least" : "at most", limit: String(params["limit"]), found: String(e.data) }));
    default:
      return at(ptr, problem("schema-rule", { detail: e.message ?? `Failed the "${e.keyword}" rule.` }));
  }
}

function lengthFits(v: string, schema: JsonSchema | undefined): boolean {
  const min = schema?.["minLength"], max = schema?.["maxLength"];
  return (typeof min !== "number" || v.length >= min) && (typeof max !== "number" || v.length <= max);
}

/** An HTML tag pasted where an address goes (a video's or calendar's embed code), with the address in it. */
export function embedCode(value: string): { tag: string; address?: string } | undefined {
  const tag = /^\s*<\s*([a-z][a-z0-9-]*)/i.exec(value)?.[1];
  if (!tag) return undefined;
  const address = /\s(?:src|href|data-url)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(value);
  const raw = address?.[1] ?? address?.[2] ?? address?.[3];
  const decoded = raw?.trim().replace(/&amp;/g, "&");
  return { tag: tag.toLowerCase(), ...(decoded ? { address: decoded } : {}) };
}

/**
 * The correction to suggest for a text that breaks its field's pattern: the first of a
 * few likely repairs, least change first, whose result the field accepts (its pattern
 * `re`, and its lengths), so a suggestion is never itself wrong. The repairs know no
 * field: spaces around the text, http:// or no scheme, a / too many or too few, capitals,
 * a part of the text that fits on its own ("Audit trails" of "Audit trails (Coming Soon)"),
 * and for identifier-like fields (that refuse "Ab cd") the text as lower-case words with
 * dashes. For an image field (x-asset), the file name so written, to rename the file to.
 */
/** The standard formats in words, with an example where the form of the value is the point. */
const FORMAT_WORDS: Record<string, string> = {
  email: "e-mail address",
  "idn-email": "e-mail address",
  date: "date (year-month-day, like 2026-11-28)",
  "date-time": "date and time (like 2026-11-28T09:30:00Z)",
  time: "time (like 09:30:00Z)",
  duration: "duration (like P1D or PT2H30M)",
  uri: "full address (like https://www.example.com/page)",
  "uri-reference": "address",
  iri: "full address",
  "iri-reference": "address",
  url: "full address (like https://www.example.com/page)",
  hostname: "host name (like www.example.com)",
  "idn-hostname": "host name",
  ipv4: "IPv4 address (like 192.0.2.1)",
  ipv6: "IPv6 address",
  uuid: "UUID (like 123e4567-e89b-12d3-a456-426614174000)",
  regex: "regular expression",
  "json-pointer": "JSON pointer (like /sections/0)",
  "relative-json-pointer": "relative JSON pointer",
  "uri-template": "address template",
};

export function textFix(value: string, re: RegExp, schema?: JsonSchema): TextFix | undefined {
  for (const fix of repairs(value, re, schema?.["x-asset"] === true)) if (fix.value !== value && re.test(fix.value) && lengthFits(fix.value, schema)) return fix;
  return undefined;
}

function* repairs(value: string, re: RegExp, asset: boolean): Generator<TextFix> {
  const t = value.trim();
  if (t !== value) yield { kind: "trim", value: t };
  if (t.startsWith("/")) yield { kind: "drop-leading-slash", value: t.replace(/^\/+/, "") };
  if (asset) {
    const m = /^(?:content\/)?(?:assets\/)?(.*?)\.([A-Za-z0-9]+)$/i.exec(t.replace(/^\/+/, ""));
    if (!m) return;
    const folders = m[1]!.split("/");
    const name = folders.pop()!;
    const to = `${slug(name)}.${m[2]!.toLowerCase()}`;
    const written = `assets/${[...folders.map(slug).filter(Boolean), to].join("/")}`;
    const from = `${name}.${m[2]}`;
    yield from === to ? { kind: "rewrite", value: written } : { kind: "rename-file", value: written, from, to };
    return;
  }
  if (/^http:\/\//i.test(t)) yield { kind: "https", value: t.replace(/^http:\/\//i, "https://") };
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(t) && /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(t)) yield { kind: "add-https", value: `https://${t}` };
  if (/.\/+$/.test(t)) yield { kind: "drop-trailing-slash", value: t.replace(/\/+$/, "") };
  const url = /^(https?):\/\/([^/?#\s]+)[/?#]/i.exec(t);
  if (url) {
    yield { kind: "origin", value: `https://${url[2]}` };
    yield { kind: "host", value: url[2]!.toLowerCase().replace(/:\d+$/, "") };
  }
  // Addresses of this site: fields that take "/ab-cd" but not "ab-cd".
  const wantsSlash = re.test("/ab-cd") && !re.test("ab-cd");
  if (wantsSlash && !t.startsWith("/")) yield { kind: "add-leading-slash", value: `/${t}` };
  if (/^[-–—•*]/.test(t)) yield { kind: "drop-leading-dash", value: t.replace(/^[-–—•*\s]+/, "") };
  for (const part of t.split(/\s+[-–—|]\s+|\s*[–—()|]\s*|:\s+/)) {
    const p = part.trim().replace(/[\s.!,;]+$/, "");
    if (p && p !== t) yield { kind: "keep-part", value: p };
  }
  // Lower case and dashes only where the field refuses ordinary words (ids, addresses, codes).
  if (re.test("Ab cd") || re.test("/Ab cd")) return;
  if (t.toLowerCase() !== t) yield { kind: "rewrite", value: t.toLowerCase() };
  const code = /^([a-z]{2})[-_ ]([a-z]{2})$/i.exec(t);
  if (code) yield { kind: "rewrite", value: `${code[1]!.toLowerCase()}-${code[2]!.toUpperCase()}` };
  if (t.includes("/") || wantsSlash) yield { kind: "rewrite", value: `${t.startsWith("/") || wantsSlash ? "/" : ""}${t.split("/").map(slug).filter(Boolean).join("/")}` };
  else yield { kind: "rewrite", value: slug(t) };
}

/**
 * Cross-file checks that need only content: record ids unique within a
 * collection, referenced records and assets exist.
 */
export function crossCheck(files: SourceFile[], assets: Map<string, Buffer>, annotations: Annotation[], unreadableFiles: ReadonlySet<string> = new Set()): Issue[] {
  const issues: Issue[] = [];
  const byFile = new Map(files.map((f) => [f.file, f]));
  const at = (file: string, pointer: string, p: Problem) => issueAt(byFile.get(file)!, pointer, p);

  const ids = new Map<string, Set<string>>();
  /**
   * Collections whose record list is not a list, or whose file could not be read at all
   * (not JSON): their references cannot be checked (the schema or syntax error says why,
   * once, rather than a "no record" error at every page that lists one).
   */
  const unreadable = new Set<string>();
  /** Markdown entries whose file could not be read (its front matter): they exist, and their error is reported. */
  const unreadableEntries = new Set<string>();
  for (const file of unreadableFiles) {
    const collection = /^content\/collections\/([^/]+)\.json$/.exec(file);
    if (collection) unreadable.add(collection[1]!);
    else if (file.endsWith(".md")) unreadableEntries.add(path.posix.basename(file, ".md"));
  }
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
        issues.push(at(f.file, `/items/${i}/id`, problem("duplicate-id", { id: item.id })));
      set.add(item.id);
    });
    ids.set(f.name, set);
  }
  // Markdown entries are records of their kind's collection, by file name.
  const folders = new Map<string, string>();
  // An entry listed by its title rather than its file name: "Smart Building Basics" -> smart-building-basics.
  const byTitle = new Map<string, Map<string, string>>();
  for (const f of files)
    if (f.entry) {
      (ids.get(f.entry.collection) ?? ids.set(f.entry.collection, new Set()).get(f.entry.collection)!).add(f.name);
      folders.set(f.entry.collection, `${path.posix.dirname(f.file)}/`);
      const title = (f.data as { title?: unknown } | undefined)?.title;
      if (typeof title === "string") (byTitle.get(f.entry.collection) ?? byTitle.set(f.entry.collection, new Map()).get(f.entry.collection)!).set(slug(title), f.name);
    }

  for (const a of annotations) {
    if (a.kind === "ref") {
      if (unreadable.has(a.arg!) || unreadableEntries.has(a.value)) continue;
      const known = ids.get(a.arg!) ?? new Set();
      if (!known.has(a.value)) {
        const titled = byTitle.get(a.arg!)?.get(slug(a.value));
        const guess = titled ?? didYouMean(a.value, known) ?? didYouMean(slug(a.value), known);
        issues.push(at(a.file, a.pointer, problem("missing-record", { id: a.value, collection: a.arg!, guess, known: [...known], folder: folders.get(a.arg!), byTitle: titled !== undefined })));
      }
    } else if (a.kind === "asset" && !assets.has(a.value)) {
      const guess = didYouMean(a.value, assets.keys());
      issues.push(at(a.file, a.pointer, problem("missing-image", { image: a.value, guess })));
    }
  }
  return issues;
}

/**
 * Validate every loaded file, then the cross-file rules. A file read with a memo (stages/load/load.ts)
 * whose text was validated before is not validated again (memo/file-memo.ts).
 */
export function validateContent(loaded: LoadedContent, schemas: SchemaSet, validateFile = createValidator(schemas)): ValidatedContent {
  const issues = [...loaded.issues];
  const annotations: Annotation[] = [];
  const valid: SourceFile[] = [];
  for (const file of loaded.files) {
    const facts = factsOf(file);
    const r = facts?.validation ? keptValidation(facts.validation, file.file, file.data) : validateFile(file);
    if (facts) facts.validation ??= keepValidation(r.issues, r.annotations, file.data);
    issues.push(...r.issues);
    if (r.issues.length === 0) {
      annotations.push(...r.annotations);
      valid.push(file);
    }
  }
  issues.push(...crossCheck(loaded.files, loaded.assets, annotations, new Set(loaded.issues.filter((i) => i.severity === "error").map((i) => i.file))));
  return { files: loaded.files, assets: loaded.assets, annotations, issues };
}

/** A title as a file name would be: lower case, words joined by dashes ("Smart Building Basics" -> "smart-building-basics"). */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
