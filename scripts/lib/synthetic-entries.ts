/**
 * Synthetic Markdown entries for the bench's scale test (scripts/bench.ts, section 5): N
 * valid entries of the project's first Markdown kind (the `kinds` of its site module,
 * templates/site.ts), of the size the well-known SSG Markdown benchmark uses
 * (github.com/zachleat/bench-framework-markdown: a title and three lorem-ipsum
 * paragraphs, ~120 words, ~0.8 KB), plus two ## sections (headings are unique, none is
 * a # heading, whatever the kind's rules ask).
 *
 * The front matter is derived from the kind's JSON schema (schemas/<kind.schema>, $refs
 * followed), nothing is known of any site: each required property gets
 *  - const, or an enum's values in turn (entry i takes value i mod their count);
 *  - a string: lorem-ipsum words, a few with the entry's number for a short field, a
 *    sentence for one of 40 or more characters, within minLength and maxLength; when the
 *    schema asks for a pattern, format, link (x-link), image (x-asset) or record (x-ref)
 *    the first of a few plain candidates that fits (a slug, "/", an address, an image in
 *    content/assets/, a record's id, the schema's own default and examples);
 *  - a number or integer at its minimum (or 0), within maximum and multipleOf; false;
 *    null; an array of minItems such values; an object of its required properties;
 *  - the kind's reading time field (rules.readTime) from the text's word count, as the
 *    generator checks it (scripts/pipeline/stages/validate/validate.ts).
 * The Markdown after the block is the `body` field, as the generator reads it. A field
 * no value can be derived for stops the bench with a message that names it.
 *
 * Each entry links to the next one at the kind's route and the last to the first, so
 * every entry is linked (no "unused page" warnings) and the link check has work.
 * Deterministic: the same kind, schema and n give the same files. writeSyntheticProject
 * is the only part that writes to the disk.
 */
import { copyGenerated } from "./generated.ts";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import type { MarkdownKind } from "../api.ts";
import { loadSiteModule } from "./site-module.ts";
import { countWords, WORDS_PER_MINUTE } from "./words.ts";
import type { ProjectPaths } from "./paths.ts";
import { seededRandom } from "./random.ts";

const WORDS = (
  "lorem ipsum dolor sit amet consectetur adipisicing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua " +
  "enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in " +
  "reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui " +
  "officia deserunt mollit anim id est laborum"
).split(" ");

/** What the bench needs of a Markdown kind (MarkdownKind without its component). */
export type EntryKind = Pick<MarkdownKind, "name" | "dir" | "schema" | "route" | "collection" | "rules">;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaNode = boolean | { [key: string]: Json };

/** A project's Markdown kind with what the entries are derived from. */
export interface EntrySource {
  kind: EntryKind;
  /** All the project's kinds (a field may name a record of another kind's collection). */
  kinds: EntryKind[];
  /** The kind's schema file (absolute) and its parsed text. */
  schemaFile: string;
  schema: SchemaNode;
  /** The project's content/ folder: images (x-asset) and collections (x-ref) come from there. */
  content: string;
}

/**
 * The project's first Markdown kind as its site module declares it, with its schema;
 * undefined when it declares none.
 */
export async function firstMarkdownKind(paths: Pick<ProjectPaths, "templates" | "schemas" | "content">): Promise<EntrySource | undefined> {
  const site = await loadSiteModule(paths.templates);
  const kinds: EntryKind[] = (site.kinds ?? []).map(({ name, dir, schema, route, collection, rules }) => ({ name, dir, schema, route, collection, rules }));
  const kind = kinds[0];
  if (!kind) return undefined;
  const schemaFile = path.join(paths.schemas, kind.schema);
  if (!existsSync(schemaFile)) throw new Error(`The Markdown kind "${kind.name}" names the schema ${kind.schema}, which is not in ${paths.schemas}.`);
  return { kind, kinds, schemaFile, schema: JSON.parse(readFileSync(schemaFile, "utf8")) as SchemaNode, content: paths.content };
}

/** The file name (without .md) of synthetic entry i (0-based). */
export const syntheticEntryName = (i: number) => `bench-${String(i + 1).padStart(5, "0")}`;

/** The address of an entry of a kind ("/articles/:name" -> "/articles/bench-00001"). */
export const entryPath = (kind: Pick<EntryKind, "route">, name: string) => kind.route.replace(":name", name);

function words(rnd: () => number, count: number): string[] {
  return Array.from({ length: count }, () => WORDS[Math.floor(rnd() * WORDS.length)]!);
}

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function sentence(rnd: () => number): string {
  return capital(words(rnd, 6 + Math.floor(rnd() * 10)).join(" ")) + ".";
}

function paragraph(rnd: () => number): string {
  return Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => sentence(rnd)).join(" ");
}

export interface SyntheticEntry {
  /** File name without .md. */
  name: string;
  /** The whole .md file: front matter and Markdown. */
  text: string;
  /** The front matter's fields as written. */
  fields: Record<string, unknown>;
  /** The Markdown after the front matter. */
  body: string;
}

// ---------------------------------------------------------------- values from the schema

const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A JSON pointer's target in a document. */
function pointerIn(doc: Json, pointer: string): Json | undefined {
  let at: Json | undefined = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    at = Array.isArray(at) ? at[Number(key)] : isObject(at) ? at[key] : undefined;
    if (at === undefined) return undefined;
  }
  return at;
}

class Deriver {
  private readonly files = new Map<string, SchemaNode>();
  private readonly rnd: () => number;

  constructor(
    private readonly source: EntrySource,
    private readonly index: number,
    private readonly n: number,
  ) {
    this.rnd = seededRandom(index + 1);
    this.files.set(source.schemaFile, source.schema);
  }

  /** Stops the bench: no value of the field can be derived. */
  private fail(field: string, why: string): never {
    throw new Error(
      `Scale: cannot make up a valid ${field ? `"${field}"` : "front matter"} for a synthetic ${this.source.kind.name} entry (schemas/${this.source.kind.schema}): ${why}. ` +
        `Give the property a "default" or "examples" value that is valid, or make it optional.`,
    );
  }

  /** Follows $ref (in the same file or another file of schemas/, relative to the one it is in). */
  private deref(node: SchemaNode, file: string, field: string): { node: SchemaNode; file: string } {
    for (let hops = 0; isObject(node) && typeof node["$ref"] === "string"; hops++) {
      if (hops > 20) this.fail(field, "its $ref chain does not end");
      const [target, pointer = ""] = (node["$ref"] as string).split("#");
      const refFile = target ? path.resolve(path.dirname(file), target) : file;
      if (!this.files.has(refFile)) {
        if (!existsSync(refFile)) this.fail(field, `$ref ${node["$ref"]}: no file ${refFile}`);
        this.files.set(refFile, JSON.parse(readFileSync(refFile, "utf8")) as SchemaNode);
      }
      const doc = this.files.get(refFile)! as Json;
      const found = pointer ? pointerIn(doc, pointer) : doc;
      if (found === undefined || !(typeof found === "boolean" || isObject(found))) this.fail(field, `$ref ${node["$ref"]} points at nothing`);
      // Keywords beside $ref (2020-12) apply too: the referenced schema first, these on top.
      const { $ref: _ref, ...beside } = node;
      node = typeof found === "boolean" ? found : { ...found, ...beside };
      file = refFile;
    }
    return { node, file };
  }

  /** A schema with its allOf parts merged in (properties and required united). */
  merged(node: SchemaNode, file: string, field: string): { node: SchemaNode; file: string } {
    const d = this.deref(node, file, field);
    if (!isObject(d.node) || !Array.isArray(d.node["allOf"])) return d;
    let out: Record<string, Json> = { ...d.node };
    delete out["allOf"];
    for (const part of d.node["allOf"] as SchemaNode[]) {
      const p = this.merged(part, d.file, field);
      if (p.node === false) this.fail(field, "an allOf part accepts nothing");
      if (isObject(p.node)) out = both(p.node, out);
    }
    return { node: out, file: d.file };
  }

  /** A valid value of the schema `node` (in `file`), for the field shown as `field`; `salt` varies list items; an object's `skip` properties are left out. */
  value(node: SchemaNode, file: string, field: string, salt = 0, skip: string[] = []): Json {
    const { node: s, file: at } = this.merged(node, file, field);
    if (s === false) this.fail(field, "its schema accepts nothing");
    if (s === true || Object.keys(s).length === 0) return this.text({}, field, salt);
    if ("const" in s) return s["const"]!;
    if (Array.isArray(s["enum"])) {
      if (!s["enum"].length) this.fail(field, "its enum is empty");
      return s["enum"][(this.index + salt) % s["enum"].length]!;
    }
    for (const key of ["anyOf", "oneOf"] as const) {
      if (!Array.isArray(s[key])) continue;
      const errors: string[] = [];
      for (const option of s[key] as SchemaNode[]) {
        try {
          const o = isObject(option) ? this.merged(option, at, field).node : option;
          return this.value(isObject(o) ? both(withoutKey(s, key), o) : o, at, field, salt, skip);
        } catch (err) {
          errors.push(err instanceof Error ? err.message : String(err));
        }
      }
      this.fail(field, `none of its ${key} options works (${errors.length} tried)`);
    }
    const type = typeOf(s);
    switch (type) {
      case "string":
        return this.text(s, field, salt);
      case "integer":
      case "number":
        return this.number(s, field, type === "integer");
      case "boolean":
        return false;
      case "null":
        return null;
      case "array": {
        const count = typeof s["minItems"] === "number" ? s["minItems"] : 0;
        const prefix = Array.isArray(s["prefixItems"]) ? (s["prefixItems"] as SchemaNode[]) : [];
        const items = (s["items"] ?? true) as SchemaNode;
        return Array.from({ length: count }, (_, k) => this.value(prefix[k] ?? items, at, `${field}/${k}`, salt + k));
      }
      case "object":
        return this.object(s, at, field, skip);
      default:
        return this.fail(field, s["type"] === undefined ? "its schema gives no type" : `its type ${JSON.stringify(s["type"])} is not one the bench can make a value of`);
    }
  }

  /** The required properties of an object schema, in the schema's order of `required`. */
  object(s: Record<string, Json>, file: string, field: string, skip: string[] = []): Record<string, Json> {
    const properties = isObject(s["properties"]) ? (s["properties"] as Record<string, SchemaNode>) : {};
    const out: Record<string, Json> = {};
    for (const key of (s["required"] as string[] | undefined) ?? []) {
      if (skip.includes(key)) continue;
      const at = field ? `${field}/${key}` : key;
      const prop = properties[key] ?? (isObject(s["additionalProperties"]) ? (s["additionalProperties"] as SchemaNode) : s["additionalProperties"] === false ? this.fail(at, "it is required but not among the properties") : true);
      out[key] = this.value(prop, file, at);
    }
    return out;
  }

  private number(s: Record<string, Json>, field: string, integer: boolean): number {
    const num = (k: string) => (typeof s[k] === "number" ? (s[k] as number) : undefined);
    const [min, max, xmin, xmax, step] = [num("minimum"), num("maximum"), num("exclusiveMinimum"), num("exclusiveMaximum"), num("multipleOf")];
    let v = min ?? (xmin !== undefined ? (integer ? Math.floor(xmin) + 1 : xmin + 1) : 0);
    if (min === undefined && xmin === undefined && max !== undefined && v > max) v = max;
    if (xmax !== undefined && v >= xmax) v = integer ? Math.ceil(xmax) - 1 : xmin !== undefined ? (xmin + xmax) / 2 : xmax - 1;
    if (integer) v = Math.ceil(v);
    if (step) v = Math.ceil(v / step) * step;
    const ok = (min === undefined || v >= min) && (max === undefined || v <= max) && (xmin === undefined || v > xmin) && (xmax === undefined || v < xmax) && (!integer || Number.isInteger(v));
    if (!ok) this.fail(field, `no ${integer ? "integer" : "number"} fits minimum ${min ?? xmin}, maximum ${max ?? xmax}${step ? `, multipleOf ${step}` : ""}`);
    return v;
  }

  /** Lorem-ipsum text of the length the schema asks for, or the first candidate that meets its pattern, format or keyword. */
  private text(s: Record<string, Json>, field: string, salt: number): string {
    const minLength = typeof s["minLength"] === "number" ? s["minLength"] : 0;
    const maxLength = typeof s["maxLength"] === "number" ? s["maxLength"] : Infinity;
    let pattern: RegExp | undefined;
    if (typeof s["pattern"] === "string") {
      try {
        pattern = new RegExp(s["pattern"], "u"); // as Ajv reads it
      } catch {
        this.fail(field, `its pattern ${s["pattern"]} is not a JavaScript regular expression`);
      }
    }
    const fits = (v: string) => [...v].length >= minLength && [...v].length <= maxLength && (!pattern || pattern.test(v));
    const candidates: string[] = [];
    const special = s["x-link"] === true || s["x-asset"] === true || typeof s["x-ref"] === "string" || typeof s["format"] === "string";
    if (!special) candidates.push(this.prose(minLength, maxLength, salt));
    if (s["x-link"] === true) candidates.push("/", entryPath(this.source.kind, syntheticEntryName(this.index)));
    if (s["x-asset"] === true) candidates.push(...this.assets());
    if (typeof s["x-ref"] === "string") candidates.push(...this.records(s["x-ref"]));
    const fmt = typeof s["format"] === "string" ? s["format"] : undefined;
    if (fmt === "email") candidates.push("bench@example.com");
    if (fmt === "uri" || fmt === "url" || fmt === "iri") candidates.push("https://example.com/");
    if (fmt === "date") candidates.push("2024-01-01");
    if (fmt === "date-time") candidates.push("2024-01-01T00:00:00Z");
    if (fmt === "time") candidates.push("00:00:00Z");
    if (!special) {
      const slug = `${WORDS[(this.index + salt) % WORDS.length]}-${this.index + 1}`;
      candidates.push(slug, `/${slug}`, `https://example.com/${slug}`, String(this.index + 1), "bench@example.com");
    }
    for (const v of [s["default"], ...(Array.isArray(s["examples"]) ? s["examples"] : [])]) if (typeof v === "string") candidates.push(v);
    const found = candidates.find(fits);
    if (found !== undefined) return found;
    const asked = [
      minLength ? `minLength ${minLength}` : "",
      maxLength !== Infinity ? `maxLength ${maxLength}` : "",
      pattern ? `pattern ${s["pattern"]}` : "",
      fmt ? `format ${fmt}` : "",
      s["x-link"] === true ? "x-link (a page of the site)" : "",
      s["x-asset"] === true ? "x-asset (an image in content/assets/)" : "",
      typeof s["x-ref"] === "string" ? `x-ref (a record of ${s["x-ref"]})` : "",
    ].filter(Boolean);
    return this.fail(field, `no text tried meets ${asked.join(", ")}`);
  }

  /** Words for a short field (with the entry's number, so titles differ), a sentence for one of 40 characters or more. */
  private prose(minLength: number, maxLength: number, salt: number): string {
    const rnd = this.rnd;
    const short = minLength < 40;
    if (short) {
      const number = ` ${this.index + 1}${salt ? `.${salt}` : ""}`;
      let v = capital(words(rnd, 4).join(" "));
      while ([...v].length + number.length < minLength) v += " " + words(rnd, 1)[0];
      // Cut the words, not the number, when the field is short: entries keep distinct values.
      return [...v].slice(0, Math.max(1, maxLength - number.length)).join("").trimEnd() + number;
    }
    let v = capital(words(rnd, 9 + Math.floor(rnd() * 5)).join(" "));
    while ([...v].length < minLength + 10) v += " " + words(rnd, 1)[0];
    return [...v].slice(0, Math.min(160, maxLength - 1)).join("").trimEnd() + ".";
  }

  /** Images of content/assets/, as fields name them (assets/<file>). */
  private assets(): string[] {
    const dir = path.join(this.source.content, "assets");
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(this.source.content, path.join(d.parentPath, d.name)).split(path.sep).join("/"))
      .sort();
  }

  /** Ids of a collection's records: content/collections/<name>.json items, or a kind's entries (this kind's: the synthetic ones). */
  private records(collection: string): string[] {
    const ids: string[] = [];
    const own = this.source.kind.collection ?? this.source.kind.dir;
    if (collection === own) ids.push(syntheticEntryName((this.index + 1) % this.n));
    const file = path.join(this.source.content, "collections", `${collection}.json`);
    if (existsSync(file)) {
      const items = (JSON.parse(readFileSync(file, "utf8")) as { items?: { id?: unknown }[] }).items ?? [];
      for (const item of items) if (typeof item?.id === "string") ids.push(item.id);
    }
    for (const k of this.source.kinds) {
      const dir = path.join(this.source.content, k.dir);
      if ((k.collection ?? k.dir) === collection && existsSync(dir)) ids.push(...readdirSync(dir).filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3)).sort());
    }
    return ids;
  }

  /** The Markdown of an entry: three paragraphs, two ## sections, a link to the next entry. */
  body(): string {
    const rnd = this.rnd;
    const next = entryPath(this.source.kind, syntheticEntryName((this.index + 1) % this.n));
    const [h1, h2] = [capital(words(rnd, 3).join(" ")), capital(words(rnd, 3).join(" "))];
    return [
      paragraph(rnd),
      `## ${h1}`,
      `${paragraph(rnd)} Continue with the [next ${this.source.kind.name}](${next}).`,
      `## ${h2} (part two)`,
      paragraph(rnd),
    ].join("\n\n");
  }
}

function withoutKey(s: Record<string, Json>, key: string): Record<string, Json> {
  const { [key]: _drop, ...rest } = s;
  return rest;
}

/** Two schemas that must both hold, as one: `extra`'s keywords on top, properties and required united. */
function both(base: Record<string, Json>, extra: Record<string, Json>): Record<string, Json> {
  const props = (x: Record<string, Json>) => (isObject(x["properties"]) ? x["properties"] : {});
  const required = [...new Set([...((base["required"] as string[] | undefined) ?? []), ...((extra["required"] as string[] | undefined) ?? [])])];
  return { ...base, ...extra, properties: { ...props(base), ...props(extra) }, required };
}

/** The schema's type, or the one its keywords imply; the first non-null one of a list. */
function typeOf(s: Record<string, Json>): string | undefined {
  const t = s["type"];
  if (typeof t === "string") return t;
  if (Array.isArray(t)) return (t.find((x) => x !== "null") ?? t[0]) as string | undefined;
  if (isObject(s["properties"]) || Array.isArray(s["required"])) return "object";
  if (s["items"] !== undefined || s["prefixItems"] !== undefined) return "array";
  if (["minLength", "maxLength", "pattern", "format"].some((k) => k in s)) return "string";
  if (["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].some((k) => k in s)) return "number";
  return undefined;
}

/** Entry i of a collection of n (0 <= i < n). */
export function syntheticEntry(source: EntrySource, i: number, n: number): SyntheticEntry {
  const d = new Deriver(source, i, n);
  const name = syntheticEntryName(i);
  const merged = d.merged(source.schema, source.schemaFile, "");
  const root = isObject(merged.node) ? merged.node : {};
  // The Markdown after the front matter is the field "body", as the generator reads it.
  const fields = d.value(typeOf(root) === undefined ? { ...root, type: "object" } : merged.node, merged.file, "", 0, ["body"]);
  if (!isObject(fields)) throw new Error(`Scale: schemas/${source.kind.schema} does not describe an object: no front matter can be made for a synthetic ${source.kind.name} entry.`);
  const body = d.body();
  const readTime = source.kind.rules?.readTime;
  if (readTime) {
    const field = readTime.field;
    const minutes = Math.max(1, Math.round(countWords(body) / (readTime.wordsPerMinute ?? WORDS_PER_MINUTE)));
    const prop = isObject(root["properties"]) ? root["properties"][field] : undefined;
    if (isObject(prop)) {
      const [min, max] = [prop["minimum"], prop["maximum"]];
      if ((typeof min === "number" && minutes < min) || (typeof max === "number" && minutes > max))
        throw new Error(`Scale: the reading time field "${field}" of a synthetic ${source.kind.name} entry is ${minutes} min by its word count, outside its schema's ${min ?? "-"}..${max ?? "-"} (schemas/${source.kind.schema}).`);
    }
    if (prop !== undefined || field in fields) fields[field] = minutes;
  }
  const text = `---\n${stringify(fields, { lineWidth: 0 })}---\n\n${body}\n`;
  return { name, text, fields, body };
}

/** n entries: bench-00001 … */
export function* syntheticEntries(source: EntrySource, n: number): Generator<SyntheticEntry> {
  for (let i = 0; i < n; i++) yield syntheticEntry(source, i, n);
}

/**
 * A project folder for SSG_PROJECT_ROOT: a copy of the project's content/ and schemas/
 * (the templates stay where they are: SSG_PROJECT_TEMPLATES or this repository's) plus
 * n synthetic entries in content/<kind.dir>/.
 */
export function writeSyntheticProject(root: string, from: Pick<ProjectPaths, "content" | "schemas">, source: EntrySource, n: number): void {
  cpSync(from.content, path.join(root, "content"), { recursive: true });
  cpSync(from.schemas, path.join(root, "schemas"), { recursive: true });
  // As a clone has them: the project's generated files (lib/generated.ts).
  copyGenerated(path.dirname(from.content), root);
  const dir = path.join(root, "content", source.kind.dir);
  mkdirSync(dir, { recursive: true });
  for (const e of syntheticEntries(source, n)) writeFileSync(path.join(dir, `${e.name}.md`), e.text);
}
