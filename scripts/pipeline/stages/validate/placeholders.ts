/**
 * Placeholder addresses: every external address in content that is still on a name
 * reserved for examples (RFC 2606, RFC 6761) is reported, pinned to its file,
 * line:column and JSON pointer. They are warnings; `npm run build -- --strict` makes
 * them errors, so that the published site cannot point at addresses no one can reach.
 *
 * What is an address, without knowing the site: every text of every content file is
 * read (site.json, pages, collections, and Markdown entries' front matter and text), and
 * - an http://, https:// or mailto: address anywhere in it is one: a whole field, a
 *   Markdown link, an address in a sentence;
 * - the whole value of a field whose schema says "format": "email" is one.
 * A host name on its own ("preview.example.com" in a list of hosts) and an address of
 * this site ("/api/leads") are not.
 *
 * What the message says: what kind of address it is, from the field's schema (a link,
 * an e-mail address, an address in a text). A site names its important addresses in
 * its schema, on the field:
 *
 *   "x-placeholder": { "what": "The demo calendar address",
 *                      "effect": "the demo dialog would show a calendar that does not exist" }
 *
 * and the message becomes "The demo calendar address is still a placeholder
 * (calendar.example.com): the demo dialog would show a calendar that does not exist."
 * A keyword of its own rather than the field's description: descriptions are written
 * for editors hovering over a field ("Makes the whole card a link to this page or
 * address.") and do not say what goes wrong; "title" names TypeScript types here.
 *
 * The same address may be written many times (the help centre in the header, the
 * footer and pages): each occurrence is its own issue, and all share a group, so that
 * the report lists them one line each under one heading (scripts/problems/report.ts).
 */
import { escapePointerToken, locate, type Position } from "../../../lib/json.ts";
import { placeholderGroup, problem } from "../../../problems/errors.ts";
import { isStarterText } from "../../../lib/starter-text.ts";
import type { Issue, IssueGroup } from "../../../problems/issues.ts";
import type { SourceFile } from "../../model.ts";
import { derefSchema, type JsonSchema, type SchemaSet } from "./schemas.ts";
import { schemaPathOf } from "./validate.ts";

/** example.com, example.net, example.org (RFC 2606) and every name under them. */
const RESERVED_DOMAINS = ["example.com", "example.net", "example.org"];
/** Top-level names that never reach the internet (RFC 2606, RFC 6761): linkedin.example, hooks.test, localhost. */
const RESERVED_TLDS = ["example", "invalid", "test", "localhost"];

/** Whether a host name is reserved for examples and tests, so that it can never be a real service. */
export function isPlaceholderHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return [...RESERVED_DOMAINS, ...RESERVED_TLDS].some((d) => h === d || h.endsWith(`.${d}`));
}

export const PLACEHOLDER_GROUP: IssueGroup = placeholderGroup(`${RESERVED_DOMAINS.join(", ")}, ${RESERVED_TLDS.map((t) => `.${t}`).join(", ")}`);

/** "x-placeholder" on a schema field: what the address is, and what goes wrong while it is a placeholder. */
interface Described {
  what: string;
  effect: string;
}

/** An address found in a text. */
interface Found {
  /** As written: https://help.example.com/x, mailto:a@b.test, a@b.test. */
  address: string;
  /** Its first host that is reserved. */
  host: string;
  /** Where it starts in the text. */
  index: number;
  /** The whole text is the address (a field), not a part of it (a link in Markdown, an address in a sentence). */
  whole: boolean;
  email: boolean;
}

// An http(s) or mailto address in a text, up to a space, a quote or a bracket (Markdown
// links and autolinks end there); punctuation that ends a sentence is not part of it.
const IN_TEXT = /(?<![\w.+-])(?:https?:\/\/|mailto:)[^\s<>"'`()[\]{}]+/gi;
const TRAILING = /[.,;:!?*_~]+$/;
/** Every address found below has one of these. */
const MAY_HOLD_AN_ADDRESS = /:\/\/|mailto:|@/i;

function hostsOf(address: string): string[] {
  if (/^mailto:/i.test(address)) return address.slice("mailto:".length).split("?")[0]!.split(",").flatMap(emailHost);
  try {
    return [new URL(address).hostname];
  } catch {
    return []; // not an address after all: the link check says so
  }
}

function emailHost(address: string): string[] {
  let text = address.trim();
  try {
    text = decodeURIComponent(text);
  } catch {
    // keep it as written
  }
  const at = text.lastIndexOf("@");
  return at > 0 ? [text.slice(at + 1)] : [];
}

/** The reserved addresses in a text; `email`: the field holds an e-mail address (its schema says so). */
export function reservedAddresses(text: string, email = false): Found[] {
  const out: Found[] = [];
  if (email) {
    const host = emailHost(text).find(isPlaceholderHost);
    if (host !== undefined) out.push({ address: text.trim(), host, index: text.length - text.trimStart().length, whole: true, email: true });
    return out;
  }
  for (const m of text.matchAll(IN_TEXT)) {
    const address = m[0].replace(TRAILING, "");
    const host = hostsOf(address).find(isPlaceholderHost);
    if (host === undefined) continue;
    out.push({ address, host, index: m.index, whole: address === text.trim(), email: /^mailto:/i.test(address) });
  }
  return out;
}

// ---------------------------------------------------------------- the schema of each value

/** A schema as written at a place (before following $ref), and the schema file it is in. */
export interface At {
  node: JsonSchema;
  file: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const own = (o: Record<string, unknown>, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined);

export type Deref = (node: JsonSchema, file: string) => { schema: JsonSchema; file: string };

/** derefSchema, remembered: the same few schema nodes are followed for every section and link of every file. */
export function dereferencer(schemas: SchemaSet): Deref {
  const seen = new WeakMap<JsonSchema, Map<string, { schema: JsonSchema; file: string }>>();
  return (node, file) => {
    let byFile = seen.get(node);
    if (!byFile) seen.set(node, (byFile = new Map()));
    let found = byFile.get(file);
    if (!found) byFile.set(file, (found = derefSchema(node, file, schemas)));
    return found;
  };
}

/**
 * The schema that shapes `data`: $ref followed and, for a oneOf/anyOf of shapes (the
 * section types), the branch whose constants the data matches ("type": "hero").
 */
function shape(at: At | undefined, data: unknown, deref: Deref): At | undefined {
  if (!at) return undefined;
  const { schema, file } = deref(at.node, at.file);
  for (const key of ["oneOf", "anyOf"]) {
    const branches = schema[key];
    if (!Array.isArray(branches) || !isObject(data)) continue;
    for (const branch of branches) {
      if (!isObject(branch)) continue;
      const b = deref(branch, file);
      const props = b.schema["properties"];
      if (!isObject(props)) continue; // a rule such as { "required": ["href"] }, not a shape
      const constants = Object.entries(props).filter(([, p]) => isObject(p) && "const" in p);
      if (constants.length && constants.every(([k, p]) => own(data, k) === (p as JsonSchema)["const"])) return { node: b.schema, file: b.file };
    }
  }
  return { node: schema, file };
}

function childSchema(parent: At | undefined, key: string | number): At | undefined {
  if (!parent) return undefined;
  const s = parent.node;
  const child = typeof key === "number" ? s["items"] : isObject(s["properties"]) ? own(s["properties"], key) ?? s["additionalProperties"] : s["additionalProperties"];
  return isObject(child) ? { node: child, file: parent.file } : undefined;
}

/** What the schema says of a text field: a link (x-link), an e-mail address (format), what it is for (x-placeholder). */
function fieldInfo(at: At | undefined, deref: Deref): { link: boolean; email: boolean; described?: Described } {
  if (!at) return { link: false, email: false };
  const target = deref(at.node, at.file).schema;
  const described = at.node["x-placeholder"] ?? target["x-placeholder"];
  return {
    link: (at.node["x-link"] ?? target["x-link"]) === true,
    email: target["format"] === "email" || target["format"] === "idn-email",
    ...(isObject(described) && typeof described["what"] === "string" && typeof described["effect"] === "string"
      ? { described: { what: described["what"], effect: described["effect"] } }
      : {}),
  };
}

// ---------------------------------------------------------------- the stage

/**
 * An issue for each placeholder address in the files, and for each prompt a new page started
 * with and still holds (starter-text): warnings, or errors with --strict.
 * Reads any data, valid or not: it runs beside validation, not after it.
 */
export function placeholderIssues(files: SourceFile[], schemas: SchemaSet, severity: Issue["severity"] = "warning"): Issue[] {
  const issues: Issue[] = [];
  const deref = dereferencer(schemas);
  for (const file of files) {
    const schemaPath = schemaPathOf(file, schemas);
    const root = schemaPath && schemas.byPath.has(schemaPath) ? { node: schemas.byPath.get(schemaPath)!, file: schemaPath } : undefined;
    // The data first, and the schema only for the few texts that may hold an address:
    // following the schema along every field cost more than the rest of the stage.
    const path: (string | number)[] = [];
    const visit = (value: unknown): void => {
      if (typeof value === "string") {
        if (isStarterText(value)) {
          const pointer = path.map((k) => `/${escapePointerToken(String(k))}`).join("");
          const at = locate(file.positions, pointer);
          issues.push({ ...problem("starter-text", { text: value.length > 60 ? `${value.slice(0, 57)}…` : value }), severity, file: file.file, line: at.line, column: at.column, pointer });
          return;
        }
        if (!MAY_HOLD_AN_ADDRESS.test(value)) return;
        const info = fieldInfo(schemaAt(root, file.data, path, deref), deref);
        const pointer = path.map((k) => `/${escapePointerToken(String(k))}`).join("");
        for (const found of reservedAddresses(value, info.email)) issues.push(issue(file, pointer, value, found, info, severity));
      } else if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          visit(value[i]);
          path.pop();
        }
      } else if (isObject(value)) {
        for (const [key, item] of Object.entries(value)) {
          path.push(key);
          visit(item);
          path.pop();
        }
      }
    };
    visit(file.data);
  }
  return issues;
}

/** The schema of the value at `path` in `data` (as written there: follow it with the dereferencer for its rules). */
export function schemaAt(root: At | undefined, data: unknown, path: (string | number)[], deref: Deref): At | undefined {
  let at = root;
  let value = data;
  for (const key of path) {
    at = childSchema(shape(at, value, deref), key);
    value = (value as Record<string | number, unknown>)[key];
  }
  return at;
}

function issue(file: SourceFile, pointer: string, text: string, found: Found, info: ReturnType<typeof fieldInfo>, severity: Issue["severity"]): Issue {
  const kind = !found.whole ? "An address in the text" : found.email ? (info.email ? "An e-mail address" : "An e-mail link") : info.link ? "An external link" : "An external address";
  const reported = problem("placeholder-address", { address: found.address, host: found.host, kind, what: info.described?.what, effect: info.described?.effect });
  const at = position(file, pointer, text, found.index);
  return {
    ...reported,
    severity,
    file: file.file,
    line: at.line,
    column: at.column,
    pointer,
    group: PLACEHOLDER_GROUP,
    detail: found.address,
    ...(info.described ? { note: reported.message } : {}),
  };
}

/**
 * Where an address starts. A Markdown entry's texts are its file's own characters (front matter
 * values, and the Markdown line for line), so the address's own line and column are
 * known (but for an indented first line of the Markdown, whose indent the front-matter
 * parser trims); a JSON text may hold escapes (\n, \"), so an address inside a longer
 * JSON text is reported where the text starts, as the link check does.
 */
function position(file: SourceFile, pointer: string, text: string, index: number): Position {
  const start = locate(file.positions, pointer);
  if (index === 0 || !file.entry) return start;
  const lines = text.slice(0, index).split("\n");
  return lines.length === 1 ? { line: start.line, column: start.column + index } : { line: start.line + lines.length - 1, column: lines.at(-1)!.length + 1 };
}
