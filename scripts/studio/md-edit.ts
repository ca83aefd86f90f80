/**
 * Saving a Markdown entry (a guide) from the Studio: YAML front matter between two `---`
 * lines, then the Markdown body (scripts/lib/front-matter.ts reads it). Like
 * json-edit.ts, a save rewrites only what changed:
 * - the front matter is edited through the `yaml` package's Document API (setIn,
 *   deleteIn on the parsed document), so fields that did not change keep their text,
 *   quoting and comments; when no field changed, the block is kept byte for byte;
 * - the body replaces the old one after the closing `---`, after as many blank lines
 *   as the original had there (one, by the repository's convention), and the file ends
 *   with one newline.
 * An unchanged entry (the data and body parseFrontMatter read from it) gives back the
 * original text exactly.
 */
import { isMap, isSeq, parseDocument, stringify, type Document } from "yaml";
import { sameJson } from "./json-edit.ts";

const YAML_OPTIONS = { version: "1.2", schema: "core" } as const;
/** No folding of long values over several lines: a description stays on its line. */
const TO_STRING = { lineWidth: 0, minContentWidth: 0 } as const;

interface Parts {
  /** Everything up to and including the opening `---` line. */
  open: string;
  /** The YAML between the two `---` lines (each line with its newline). */
  yaml: string;
  /** The closing `---` line with its newline. */
  close: string;
  /** The blank lines between the closing `---` and the body. */
  gap: string;
  body: string;
}

function split(text: string): Parts | undefined {
  const lines = text.split(/(?<=\n)/);
  if (lines[0]?.replace(/^\uFEFF/, "").trim() !== "---") return undefined;
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  if (end < 0) return undefined;
  let bodyStart = end + 1;
  while (bodyStart < lines.length && lines[bodyStart]!.trim() === "") bodyStart++;
  const close = lines[end]!.endsWith("\n") ? lines[end]! : lines[end]! + "\n";
  return {
    open: lines[0]!,
    yaml: lines.slice(1, end).join(""),
    close,
    gap: lines.slice(end + 1, bodyStart).join("") || "\n",
    body: lines.slice(bodyStart).join(""),
  };
}

/** Sets `path` in the document to `next`, walking into maps and same-length lists so that their unchanged parts keep their text and comments. */
function setValue(doc: Document, path: (string | number)[], old: unknown, next: unknown): void {
  if (sameJson(old, next)) return;
  const node = doc.getIn(path, true);
  if (isMap(node) && isPlain(old) && isPlain(next)) {
    for (const key of Object.keys(old)) if (!(key in next) || next[key] === undefined) doc.deleteIn([...path, key]);
    for (const [key, value] of Object.entries(next)) if (value !== undefined) setValue(doc, [...path, key], old[key], value);
    return;
  }
  if (isSeq(node) && Array.isArray(old) && Array.isArray(next) && old.length === next.length) {
    next.forEach((value, i) => setValue(doc, [...path, i], old[i], value));
    return;
  }
  doc.setIn(path, doc.createNode(next, { flow: isSeq(node) && node.flow === true && Array.isArray(next) }));
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `original` with its front matter fields changed to `data` (without "body") and its body to `body`. */
export function editMarkdown(original: string, data: Record<string, unknown>, body: string): string {
  const fields = Object.fromEntries(Object.entries(data).filter(([k, v]) => k !== "body" && v !== undefined));
  const newBody = body.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd();
  const parts = split(original);
  if (!parts) return `---\n${Object.keys(fields).length ? stringify(fields, { ...YAML_OPTIONS, ...TO_STRING }) : ""}---\n\n${newBody ? newBody + "\n" : ""}`;

  let yaml = parts.yaml;
  const doc = parseDocument(parts.yaml, YAML_OPTIONS);
  const old = (doc.errors.length ? undefined : doc.toJS()) as Record<string, unknown> | null | undefined;
  const fresh = () => (Object.keys(fields).length ? stringify(fields, { ...YAML_OPTIONS, ...TO_STRING }) : "");
  // A block that is not fields (broken YAML, or empty): written anew.
  if (doc.errors.length || !isMap(doc.contents)) {
    if (!sameJson(isPlain(old) ? old : {}, fields)) yaml = fresh();
  } else if (!sameJson(old, fields)) {
    setValue(doc, [], old, fields);
    // Lists and maps on one line keep their spacing: [a, b] or [ a, b ].
    yaml = doc.toString({ ...TO_STRING, flowCollectionPadding: /(?:^|:\s)[[{] /m.test(parts.yaml) });
    if (yaml.trim() === "{}") yaml = "";
  }

  const oldBody = parts.body.trim();
  const unchanged = yaml === parts.yaml && newBody === oldBody;
  if (unchanged) return original;
  // An unchanged body keeps its text, trailing lines included.
  const rest = newBody === oldBody ? parts.gap + parts.body : newBody ? parts.gap + newBody + "\n" : "";
  return parts.open + yaml + parts.close + rest;
}
