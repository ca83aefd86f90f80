/**
 * Saving a JSON content file from the Studio without reformatting it: the new text is
 * the old text with only the values that changed rewritten, so the file keeps its key
 * order, its two-space indentation, its one-line spots (`{ "label": "x", "href": "/" }`,
 * `["a", "b"]`) and its trailing newline, and a git diff shows only what changed.
 *
 * The old text is read with jsonc-parser's parseTree (offsets of every value), then the
 * old and new values are walked together:
 * - a value deep-equal to the old one keeps its text, byte for byte;
 * - objects are walked key by key: a removed key's member is dropped, a new key is
 *   written where the new value has it (after the key it follows there), so a key a
 *   form appends comes last;
 * - arrays are lined up with their old items (longest common run of deep-equal items),
 *   so adding, removing or moving an item (a section, a link) touches only its lines;
 *   the items left over between two kept ones are paired in order and walked;
 * - anything else (a changed text or number, a value whose type changed) is written
 *   anew: on one line in the file's style where the old value was a one-line list or
 *   map, else as two-space JSON indented to its place.
 * A list or map whose members changed is laid out again as it was (one line, or one
 * member per line at the old indentation); the members it keeps keep their text.
 *
 * jsonc-parser's own `modify` is not used for the edits: its formatter reflows one-line
 * lists and maps into one member per line, and it mangles the removal of an item from a
 * one-line list (3.3.1: `["x", "y"]` minus "y" gives `["x""]`).
 *
 * editJson(t, JSON.parse(t)) === t for any text t; the result always parses to a value
 * deep-equal to `next`, and ends with exactly one newline once anything changed.
 */
import { getNodeValue, parseTree, type Node, type ParseError } from "jsonc-parser";

/** A new file's text: two-space JSON and a trailing newline, as every content file. */
export function formatNewJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** `original` with its values changed to `next`, keeping everything else as it was. */
export function editJson(original: string, next: unknown): string {
  const errors: ParseError[] = [];
  const root = parseTree(original, errors, { allowTrailingComma: false, disallowComments: true });
  if (!root || errors.length) return formatNewJson(next);
  if (sameJson(getNodeValue(root), next)) return original;
  const text = original.slice(0, root.offset) + render(original, root, next) + original.slice(root.offset + root.length);
  return text.replace(/\s*$/, "\n");
}

/** Deep equality of JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameJson(x, bb[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const spanOf = (text: string, node: Node) => text.slice(node.offset, node.offset + node.length);

/** The whitespace a line starts with, for the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** The whitespace before `offset` when nothing else is before it on its line, else undefined. */
function ownLineIndent(text: string, offset: number): string | undefined {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(start, offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

/** The new text of the value at `node`. */
function render(text: string, node: Node, next: unknown): string {
  if (sameJson(getNodeValue(node), next)) return spanOf(text, node);
  if (node.type === "object" && isObject(next)) return renderObject(text, node, next);
  if (node.type === "array" && Array.isArray(next)) return renderArray(text, node, next);
  const span = spanOf(text, node);
  const oneLine = !span.includes("\n") && (((node.type === "object" || node.type === "array") && (node.children?.length ?? 0) > 0) || (flat(next) && inline(next).length <= 80));
  return fresh(next, lineIndent(text, node.offset), oneLine);
}

/** Whether a value has no list or map inside a list or map (a one-line candidate). */
function flat(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((v) => typeof v !== "object" || v === null);
  if (isObject(value)) return Object.values(value).every((v) => typeof v !== "object" || v === null);
  return true;
}

/** A value on one line in the files' style: `{ "a": 1 }`, `["x", "y"]`, `{}`, `[]`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => inline(v ?? null)).join(", ")}]`;
  if (isObject(value)) {
    const members = Object.entries(value).filter(([, v]) => v !== undefined);
    return members.length ? `{ ${members.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(", ")} }` : "{}";
  }
  return JSON.stringify(value ?? null);
}

/** A new value's text: on one line, or two-space JSON whose later lines start at `indent`. */
function fresh(value: unknown, indent: string, oneLine: boolean): string {
  if (oneLine || typeof value !== "object" || value === null) return inline(value);
  return JSON.stringify(value, null, 2).split("\n").join("\n" + indent);
}

/** How a list or map is laid out: on one line (with `pad` inside the brackets), or one member per line. */
interface Layout {
  oneLine: boolean;
  pad: string;
  childIndent: string;
  closeIndent: string;
}

function layoutOf(text: string, node: Node): Layout {
  const children = node.children ?? [];
  const oneLine = !spanOf(text, node).includes("\n");
  const baseIndent = lineIndent(text, node.offset);
  const first = children[0];
  const pad = first ? (text.slice(node.offset + 1, first.offset).includes(" ") ? " " : "") : node.type === "object" ? " " : "";
  const childIndent = (first && ownLineIndent(text, first.offset)) ?? baseIndent + "  ";
  const closeIndent = ownLineIndent(text, node.offset + node.length - 1) ?? baseIndent;
  return { oneLine, pad, childIndent, closeIndent };
}

function lay(layout: Layout, members: string[], open: string, close: string): string {
  if (!members.length) return open + close;
  if (layout.oneLine) return open + layout.pad + members.join(", ") + layout.pad + close;
  return `${open}\n${members.map((m) => layout.childIndent + m).join(",\n")}\n${layout.closeIndent}${close}`;
}

/** The text of `node` with the spans of `parts` (values inside it) replaced. */
function splice(text: string, node: Node, parts: { node: Node; text: string }[]): string {
  let out = "";
  let at = node.offset;
  for (const p of [...parts].sort((a, b) => a.node.offset - b.node.offset)) {
    out += text.slice(at, p.node.offset) + p.text;
    at = p.node.offset + p.node.length;
  }
  return out + text.slice(at, node.offset + node.length);
}

function renderObject(text: string, node: Node, next: Record<string, unknown>): string {
  const props = (node.children ?? []).filter((p) => p.children?.[0] && p.children[1]);
  const byKey = new Map(props.map((p) => [p.children![0]!.value as string, p]));
  const nextKeys = Object.keys(next).filter((k) => next[k] !== undefined);
  const kept = props.filter((p) => nextKeys.includes(p.children![0]!.value as string) && byKey.get(p.children![0]!.value as string) === p);
  const added = nextKeys.filter((k) => !byKey.has(k));
  if (kept.length === props.length && !added.length)
    return splice(text, node, kept.map((p) => ({ node: p.children![1]!, text: render(text, p.children![1]!, next[p.children![0]!.value as string]) })));

  const layout = layoutOf(text, node);
  // The members in order: the kept ones where they were, each new key after the key it follows in `next`.
  const order: (Node | string)[] = [...kept];
  for (const key of added) {
    const i = nextKeys.indexOf(key);
    let at = 0;
    for (let j = i - 1; j >= 0; j--) {
      const found = order.findIndex((m) => (typeof m === "string" ? m : (m.children![0]!.value as string)) === nextKeys[j]);
      if (found !== -1) {
        at = found + 1;
        break;
      }
    }
    order.splice(at, 0, key);
  }
  const members = order.map((m) => {
    if (typeof m === "string") return `${JSON.stringify(m)}: ${fresh(next[m], layout.childIndent, layout.oneLine)}`;
    const value = m.children![1]!;
    return text.slice(m.offset, value.offset) + render(text, value, next[m.children![0]!.value as string]);
  });
  return lay(layout, members, "{", "}");
}

/** Pairs of old item index and new item index that stay, the longest run of deep-equal items in order. */
function commonRun(old: unknown[], next: unknown[]): [number, number][] {
  const n = old.length;
  const m = next.length;
  if (n * m > 250_000) return [];
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) table[i]![j] = sameJson(old[i], next[j]) ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (sameJson(old[i], next[j])) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

function renderArray(text: string, node: Node, next: unknown[]): string {
  const items = node.children ?? [];
  const old = items.map((c) => getNodeValue(c) as unknown);
  // Each new item: the old item it continues (kept, or paired in a gap between kept ones), or none.
  const source: (number | undefined)[] = new Array(next.length).fill(undefined);
  const anchors = [...commonRun(old, next), [old.length, next.length] as [number, number]];
  let oi = 0;
  let nj = 0;
  for (const [ai, aj] of anchors) {
    for (let k = 0; k < Math.min(ai - oi, aj - nj); k++) source[nj + k] = oi + k;
    if (aj < next.length) source[aj] = ai;
    oi = ai + 1;
    nj = aj + 1;
  }
  const unchangedShape = next.length === items.length && source.every((s, j) => s === j);
  if (unchangedShape) {
    return splice(text, node, items.map((c, j) => ({ node: c, text: render(text, c, next[j]) })));
  }
  const layout = layoutOf(text, node);
  // A new item is on one line when the list is, or when every list or map among its old items was.
  const containers = items.filter((c) => c.type === "object" || c.type === "array");
  const newOnOneLine = layout.oneLine || (containers.length > 0 && containers.every((c) => !spanOf(text, c).includes("\n")));
  const members = next.map((v, j) => {
    const s = source[j];
    return s === undefined ? fresh(v ?? null, layout.childIndent, newOnOneLine) : render(text, items[s]!, v ?? null);
  });
  return lay(layout, members, "[", "]");
}
