/**
 * Property: whatever an editor does to a content file, the build either succeeds or
 * fails with located errors (file, line, column, a sentence); it never throws, never
 * prints a stack trace, and never leaves a half-written dist/ (a failed build keeps
 * the previous output byte for byte).
 *
 * Mutations are of two kinds: typing accidents on the raw text (a deleted, inserted
 * or doubled character or line) and structural edits on the parsed JSON (a value
 * replaced by another kind of value, a field removed, renamed or added). Runs:
 * FUZZ_RUNS (default 60) in check mode, FUZZ_BUILD_RUNS (default 6) full builds.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import type { Issue } from "../../scripts/problems/issues.ts";
import { tempProject } from "./project.ts";
import { fingerprint } from "./support/fingerprint.ts";

const RUNS = Number(process.env["FUZZ_RUNS"] ?? 60);
const BUILD_RUNS = Number(process.env["FUZZ_BUILD_RUNS"] ?? 6);

const project = tempProject();
afterAll(() => project.cleanup());

/** The files mutated: the site settings, pages of every kind, collections and a guide. */
const TARGETS = [
  "content/site.json",
  "content/pages/index.json",
  "content/pages/pricing.json",
  "content/pages/features/index.json",
  "content/pages/solutions/property-managers.json",
  "content/pages/login.json",
  "content/collections/plans.json",
  "content/collections/features.json",
  "content/collections/testimonials.json",
  "content/guides/communication.md",
];
const original = new Map(TARGETS.map((f) => [f, readFileSync(path.join(project.root, f), "utf8")]));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value inside a JSON document. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

const jsonValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 500 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", "hero", "/pricng", "assets/missing.svg", "javascript:alert(1)", "<b>bold</b>", "buildings", "Coming Soon – now"),
  fc.constant([] as Json[]),
  fc.constant({} as Json),
);

type Mutation =
  | { kind: "text"; op: "delete" | "insert" | "double"; at: number; char: string }
  | { kind: "line"; op: "delete" | "double"; at: number }
  | { kind: "json"; op: "replace" | "remove" | "rename" | "add"; at: number; value: Json; key: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("text" as const), op: fc.constantFrom("delete", "insert", "double"), at: fc.nat(), char: fc.constantFrom("{", "}", "[", "]", ",", '"', ":", "\\", "x", " ", "\n", "é") }),
  fc.record({ kind: fc.constant("line" as const), op: fc.constantFrom("delete", "double"), at: fc.nat() }),
  fc.record({ kind: fc.constant("json" as const), op: fc.constantFrom("replace", "remove", "rename", "add"), at: fc.nat(), value: jsonValue, key: fc.constantFrom("heading", "headline", "type", "items", "x", "") }),
);

function apply(text: string, m: Mutation, isJson: boolean): string {
  if (m.kind === "text") {
    const i = m.at % (text.length + 1);
    if (m.op === "delete") return text.slice(0, i) + text.slice(i + 1);
    if (m.op === "insert") return text.slice(0, i) + m.char + text.slice(i);
    return text.slice(0, i) + text.slice(i, i + 1) + text.slice(i);
  }
  if (m.kind === "line") {
    const lines = text.split("\n");
    const i = m.at % lines.length;
    if (m.op === "delete") lines.splice(i, 1);
    else lines.splice(i, 0, lines[i]!);
    return lines.join("\n");
  }
  if (!isJson) return text;
  let doc: Json;
  try {
    doc = JSON.parse(text) as Json;
  } catch {
    return text; // an earlier typing accident already broke the JSON
  }
  const all = paths(doc).filter((p) => p.length > 0);
  const p = all[m.at % all.length]!;
  const parent = p.slice(0, -1).reduce<Json>((node, k) => (node as Record<string, Json>)[k as string]!, doc) as Record<string, Json> | Json[];
  const last = p.at(-1)!;
  if (m.op === "replace") (parent as Record<string | number, Json>)[last] = m.value;
  else if (m.op === "remove") Array.isArray(parent) ? parent.splice(last as number, 1) : delete parent[last as string];
  else if (m.op === "rename" && !Array.isArray(parent)) {
    parent[m.key || "renamed"] = parent[last as string]!;
    delete parent[last as string];
  } else if (m.op === "add" && !Array.isArray(parent)) parent[m.key || "extra"] = m.value;
  return JSON.stringify(doc, null, 2);
}

function expectLocated(issues: Issue[]) {
  const errors = issues.filter((i) => i.severity === "error");
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(e.file).toMatch(/^content\//);
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.message.length).toBeGreaterThan(10);
    expect(`${e.message} ${e.hint ?? ""}`).not.toMatch(/\n\s+at |\[object Object\]|undefined|NaN/);
  }
}

function restore() {
  for (const [f, text] of original) writeFileSync(path.join(project.root, f), text);
}

describe("random mutations of valid content", () => {
  it(`build or fail with located errors, never an exception (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TARGETS), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (file, mutations) => {
        restore();
        const text = mutations.reduce((t, m) => apply(t, m, file.endsWith(".json")), original.get(file)!);
        writeFileSync(path.join(project.root, file), text);
        const result = await runPipeline(project, { mode: "check" });
        if (!result.ok) expectLocated(result.issues);
      }),
      { numRuns: RUNS },
    );
    restore();
  }, Math.max(120_000, RUNS * 250));

  it(`a failed full build leaves dist/ exactly as it was; a good one replaces it whole (${BUILD_RUNS} runs)`, async () => {
    restore();
    const first = await runPipeline(project, { mode: "build" });
    expect(first.ok).toBe(true);
    let before = fingerprint(project.dist);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TARGETS), mutation, async (file, m) => {
        restore();
        writeFileSync(path.join(project.root, file), apply(original.get(file)!, m, file.endsWith(".json")));
        const result = await runPipeline(project, { mode: "build" });
        const after = fingerprint(project.dist);
        if (!result.ok) {
          expectLocated(result.issues);
          expect(after).toBe(before);
        } else {
          const routes = JSON.parse(readFileSync(path.join(project.dist, "routes.json"), "utf8")) as { output: string }[];
          for (const r of routes) expect(readFileSync(path.join(project.dist, r.output), "utf8")).toMatch(/<\/html>\s*$/);
          before = after;
        }
      }),
      { numRuns: BUILD_RUNS },
    );
    restore();
  }, Math.max(180_000, BUILD_RUNS * 5_000));
});
