/**
 * Texts that pass their schema but are likely mistakes, reported as warnings pinned to
 * their field (file:line:column and pointer):
 *
 * - very-long-text: a heading, label or short text far longer than its place. The
 *   schemas set hard limits (maxLength, an error) on the few fields where a length is
 *   a rule (a page title, a description for search results); every other text gets a
 *   soft limit here, by what the field is:
 *     - a heading, title or label (HEADING_FIELDS): HEADING_LIMIT characters, about 20
 *       words (page titles stop at 70; a heading this long runs over many lines);
 *     - any other text that is not a Markdown article: TEXT_LIMIT characters, about 100
 *       words, several times the short text of a card or block (a 2,400-character card
 *       text makes its whole row of the grid as tall as it is).
 *   A field whose schema sets maxLength keeps its own limit, and block Markdown (a
 *   guide, a section's paragraphs) has none. Soft limits by field name rather than an
 *   x- keyword in schemas/, so that every site's schema gets them without writing one.
 * - mistyped-email: a field whose schema says "format": "email" that passes the
 *   format's loose check but looks mistyped (hello@gmial.com, hello@example.com.);
 *   mailto: links are checked with the other links (links.ts).
 */
import { emailMistake, hostOf } from "../../../lib/url.ts";
import { escapePointerToken } from "../../../lib/json.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { issueAt, type Issue } from "../../../problems/issues.ts";
import type { SourceFile } from "../../model.ts";
import { schemaPathOf } from "../validate/validate.ts";
import { dereferencer, schemaAt, type At, type Deref } from "../validate/placeholders.ts";
import type { SchemaSet } from "../validate/schemas.ts";

export const HEADING_LIMIT = 120;
export const TEXT_LIMIT = 600;

/** Fields that are a heading, a title or a label, by name. */
const HEADING_FIELDS = new Set(["title", "heading", "subtitle", "eyebrow", "label", "linkLabel", "buttonText", "badge", "category", "tag", "name"]);
/** Text nobody reads on the page, with length rules of its own (an image's description for screen readers). */
const NOT_LAID_OUT = new Set(["alt"]);

/** What a text is, by where it is: a heading, a card's text (an item of a list other than the page's sections), or a block's text. */
export function textKind(path: readonly (string | number)[]): "heading" | "card" | "text" {
  const last = path.at(-1);
  const name = typeof last === "number" ? path.at(-2) : last;
  if (typeof name === "string" && HEADING_FIELDS.has(name)) return "heading";
  const index = path.findLastIndex((k) => typeof k === "number");
  return index > 0 && path[index - 1] !== "sections" ? "card" : "text";
}

/** The warnings for the texts of the files (valid files: run after validation). */
export function textIssues(files: SourceFile[], schemas: SchemaSet): Issue[] {
  const issues: Issue[] = [];
  const deref = dereferencer(schemas);
  const site = files.find((f) => f.kind === "site")?.data as Record<string, unknown> | undefined;
  const siteHost = typeof site?.["url"] === "string" ? hostOf(site["url"]) : undefined;
  const shortest = Math.min(HEADING_LIMIT, TEXT_LIMIT);
  for (const file of files) {
    const schemaPath = schemaPathOf(file, schemas);
    const root: At | undefined = schemaPath && schemas.byPath.has(schemaPath) ? { node: schemas.byPath.get(schemaPath)!, file: schemaPath } : undefined;
    const path: (string | number)[] = [];
    const visit = (value: unknown): void => {
      if (typeof value === "string") {
        // The schema is followed only for the few texts that may be reported.
        if (value.length <= shortest && !value.includes("@")) return;
        const found = textProblem(value, path, schemaAt(root, file.data, path, deref), deref, siteHost);
        if (found) issues.push(issueAt(file, path.map((k) => `/${escapePointerToken(String(k))}`).join(""), found));
      } else if (Array.isArray(value)) {
        value.forEach((item, i) => {
          path.push(i);
          visit(item);
          path.pop();
        });
      } else if (typeof value === "object" && value !== null) {
        for (const [key, item] of Object.entries(value)) {
          if (key === "$schema") continue;
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

function textProblem(value: string, path: readonly (string | number)[], at: At | undefined, deref: Deref, siteHost: string | undefined): Problem | undefined {
  if (!at) return undefined;
  const target = deref(at.node, at.file).schema;
  const rule = (key: string) => at.node[key] ?? target[key];
  const format = rule("format");
  if (format === "email" || format === "idn-email") {
    const found = emailMistake(value.trim(), siteHost);
    return found && problem("mistyped-email", { address: value.trim(), mistake: found.mistake, domain: found.domain, guess: found.guess });
  }
  // Texts with rules of their own: a length the schema sets, a fixed form, an address, Markdown with paragraphs.
  if (["maxLength", "pattern", "enum", "const", "format", "x-link", "x-asset", "x-ref", "x-page"].some((k) => rule(k) !== undefined)) return undefined;
  if (rule("x-markdown") === "block") return undefined;
  const last = path.at(-1);
  if (typeof last === "string" && NOT_LAID_OUT.has(last)) return undefined;
  const kind = textKind(path);
  const limit = kind === "heading" ? HEADING_LIMIT : TEXT_LIMIT;
  // What readers see: in Markdown, without link addresses and the marks around bold and links.
  const shown = rule("x-markdown") === undefined ? value : value.replace(/\]\([^)]*\)/g, "]").replace(/[*_`[\]]/g, "");
  const length = [...shown].length;
  return length > limit ? problem("very-long-text", { length, limit, kind }) : undefined;
}
