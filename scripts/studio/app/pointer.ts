/**
 * From the build's issues (JSON pointers) to the form and back: the form library's
 * error tree for the fields of one file, the id of a field's control, and the field
 * whose text a click in the preview landed on.
 */
import type { ErrorSchema } from "@rjsf/utils";
import type { StudioIssue } from "../protocol.ts";
import { fieldLabel } from "../words.ts";

export const tokens = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));

/** The control's id the form gives a field ("/sections/0/heading" -> "root_sections_0_heading"). */
export const fieldId = (pointer: string) => ["root", ...tokens(pointer)].join("_");

/** A hint for developers (a command to run, a file of the generator): kept for the details, not shown to the editor. */
const forDevelopers = (hint: string) => /`|npm |--[a-z]|\.md\b|\.ts\b|"[\w$-]+": /.test(hint);

/** What an issue says at its field, in plain words: the message and the hint when it is for the editor. Codes and commands are in issueDetails. */
export const issueText = (issue: StudioIssue) => {
  // In a form, a field left empty or a required one not there yet is "not filled in", not a fact of JSON syntax.
  if (issue.code === "wrong-type" && /found null\.$/.test(issue.message)) return "Not filled in yet.";
  const missing = issue.code === "missing-field" ? /^The required field "([^"]+)" is missing/.exec(issue.message) : null;
  if (missing) return `${fieldLabel(missing[1]!)} is required: fill it in.`;
  return `${issue.message}${issue.hint && !forDevelopers(issue.hint) ? ` ${issue.hint}` : ""}`;
};

/** For a developer: the code (explained in ERRORS.md), the place in the file, and a hint that names commands. */
export const issueDetails = (issue: StudioIssue) => `${issue.code} · ${issue.file}:${issue.line}:${issue.column}${issue.pointer ? ` · ${issue.pointer}` : ""}${issue.hint && forDevelopers(issue.hint) ? ` · ${issue.hint}` : ""}`;

/** The issues of a file as an error tree; those pinned to the whole file are left to the file's banner. */
export function errorTree(issues: StudioIssue[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    if (issue.pointer === "") continue;
    let node = root;
    for (const t of tokens(issue.pointer)) node = (node[t] ??= {}) as Record<string, unknown>;
    ((node["__errors"] ??= []) as string[]).push(issueText(issue));
  }
  return root as ErrorSchema;
}

/** The pointer of the string in `data` (under `base`) that best matches a clicked text: equal, then contained. */
export function findText(data: unknown, text: string, base = ""): string | undefined {
  const wanted = normalize(text);
  if (!wanted) return undefined;
  const strings: [string, string][] = [];
  const walk = (node: unknown, at: string) => {
    if (typeof node === "string") strings.push([at, normalize(node)]);
    else if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`));
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) if (k !== "type" && k !== "$schema") walk(v, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  };
  walk(data, base);
  return (
    strings.find(([, s]) => s === wanted)?.[0] ??
    strings.find(([, s]) => s.length > 2 && wanted.includes(s))?.[0] ??
    strings.find(([, s]) => s.includes(wanted))?.[0]
  );
}

/** Text as shown: Markdown marks and spacing left out. */
const normalize = (s: string) =>
  s
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

export function getAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const t of tokens(pointer)) node = (node as Record<string, unknown> | undefined)?.[t];
  return node;
}

/** `data` with the value at `pointer` replaced (removed when undefined), leaving `data` itself as it was. */
export function setAt(data: unknown, pointer: string, value: unknown): unknown {
  const put = (node: unknown, path: string[]): unknown => {
    if (!path.length) return value;
    const [head, ...rest] = path as [string, ...string[]];
    const copy = (Array.isArray(node) ? [...node] : { ...(node as Record<string, unknown>) }) as Record<string, unknown>;
    const inner = put(copy[head], rest);
    if (inner === undefined && !Array.isArray(copy)) delete copy[head];
    else copy[head] = inner;
    return copy;
  };
  return put(data, tokens(pointer));
}
