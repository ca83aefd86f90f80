/**
 * Builds the site from a throw-away copy of content/ in which script-injection
 * payloads are written into every text field the schemas allow them in, so a
 * browser test can prove that content cannot run script:
 *   tsx tests/e2e/support/build-payloads.ts <out-dir> <manifest.json>
 *
 * - Plain text fields (every string that is not a link, an image path, a record id
 *   or a keyword) get "<script>…</script>", an <img onerror>, a quote-and-bracket
 *   break-out and "</script>" appended: site.json labels, headings, image alt texts,
 *   dialog texts, and the values that travel to the browser as island props JSON.
 * - Markdown fields (x-markdown) and the guides' Markdown bodies get the same
 *   payloads in the three ways Markdown lets them through as text: a backslash
 *   escape, a code span and character references. (Raw HTML in Markdown stops the
 *   build: tests/unit/content-injection.test.ts.)
 * - Guide front matter (title, description) gets the plain payloads.
 * Each field gets its own number N: every payload calls __pwned(N), so a run shows
 * which field leaked. A field the schemas or checks refuse with a payload (length
 * limits, enums) is put back and listed as skipped; the build must then succeed.
 * Links cannot take a payload at all: javascript:, data: and vbscript: addresses
 * are refused by the build (tests/unit/content-injection.test.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../../scripts/lib/paths.ts";
import { load } from "../../../scripts/pipeline/stages/load/load.ts";
import { loadSchemas } from "../../../scripts/pipeline/stages/validate/schemas.ts";
import { createValidator, validateContent } from "../../../scripts/pipeline/stages/validate/validate.ts";
import { runPipeline } from "../../../scripts/pipeline/index.ts";
import { tempProject } from "../../unit/project.ts";

export interface PayloadField {
  id: number;
  file: string;
  pointer: string;
  kind: "text" | "markdown" | "front matter" | "guide body";
  /** The whole value written into the content file. */
  value: string;
  /** What a reader must see, literally, within the rendered value. */
  literal: string;
}

interface Candidate {
  value: string;
  literal: string;
}

interface Slot {
  id: number;
  file: string;
  pointer: string;
  kind: PayloadField["kind"];
  original: string;
  /** From the most thorough payload to the shortest; the first the build accepts is kept. */
  candidates: Candidate[];
  at: number;
}

/** Every payload at once: a script element, a handler, a quote-and-bracket break-out, and the end of a script element. */
export function plainPayload(id: number): string {
  return `<script>__pwned(${id})</script><img src=x onerror=__pwned(${id})>"'><svg onload=__pwned(${id})></script>`;
}
/** For fields with a length limit. */
export function shortPayload(id: number): string {
  return `"><svg/onload=__pwned(${id})>`;
}

/** Markdown that renders as the literal text markdownLiteral(id), never as markup. */
export function markdownPayload(id: number): string {
  return `\\<script>__pwned(${id})\\</script> \`<img src=x onerror=__pwned(${id})>\` &lt;svg onload=__pwned(${id})&gt;`;
}
export function markdownLiteral(id: number): string {
  return `<script>__pwned(${id})</script> <img src=x onerror=__pwned(${id})> <svg onload=__pwned(${id})>`;
}
function shortMarkdownPayload(id: number): string {
  return `\\<img onerror=__pwned(${id})>`;
}
function shortMarkdownLiteral(id: number): string {
  return `<img onerror=__pwned(${id})>`;
}

/** The original with the payload added; or, to keep within a length limit, its end replaced by it; or the payload alone. */
function candidates(original: string, payloads: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const p of payloads) out.push({ value: `${original} ${p.value}`, literal: p.literal });
  const last = payloads[payloads.length - 1]!;
  if (original.length > last.value.length + 1) out.push({ value: `${original.slice(0, original.length - last.value.length - 1)} ${last.value}`, literal: last.literal });
  out.push(last);
  return out;
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

function setAt(data: unknown, pointer: string, value: string): void {
  const keys = pointer.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node = data as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

function strings(data: unknown, pointer = ""): Array<[string, string]> {
  if (typeof data === "string") return [[pointer, data]];
  if (Array.isArray(data)) return data.flatMap((v, i) => strings(v, `${pointer}/${i}`));
  if (data && typeof data === "object") return Object.entries(data).flatMap(([k, v]) => (k === "$schema" ? [] : strings(v, `${pointer}/${escapePointer(k)}`)));
  return [];
}

const current = (slot: Slot): Candidate | undefined => slot.candidates[slot.at];

async function main(): Promise<void> {
  const [out, manifest] = process.argv.slice(2);
  if (!out || !manifest) throw new Error("usage: build-payloads.ts <out-dir> <manifest.json>");
  const project = tempProject();
  try {
    const schemas = await loadSchemas(project.schemas);
    const validated = validateContent(await load(project), schemas, createValidator(schemas));
    if (validated.issues.some((i) => i.severity === "error")) throw new Error("The real content does not validate");
    const kindOf = new Map(validated.annotations.map((a) => [`${a.file}#${a.pointer}`, a.kind]));
    const texts = new Map(validated.files.map((f) => [f.file, readFileSync(path.join(project.root, f.file), "utf8")]));

    let next = 1;
    const slots: Slot[] = [];
    const add = (file: string, pointer: string, kind: Slot["kind"], original: string, payloads: Candidate[]) =>
      slots.push({ id: next, file, pointer, kind, original, candidates: candidates(original, payloads), at: 0 });
    const plain = (id: number) => [
      { value: plainPayload(id), literal: plainPayload(id) },
      { value: shortPayload(id), literal: shortPayload(id) },
    ];
    const markdown = (id: number) => [
      { value: markdownPayload(id), literal: markdownLiteral(id) },
      { value: shortMarkdownPayload(id), literal: shortMarkdownLiteral(id) },
    ];
    for (const source of validated.files) {
      if (source.kind === "guide") {
        const data = source.data as Record<string, unknown>;
        for (const key of ["title", "description"]) {
          add(source.file, `/${key}`, "front matter", String(data[key]), plain(next));
          next++;
        }
        slots.push({ id: next, file: source.file, pointer: "/body", kind: "guide body", original: "", candidates: [{ value: `\n\nIn closing: ${markdownPayload(next)}\n`, literal: markdownLiteral(next) }], at: 0 });
        next++;
        continue;
      }
      for (const [pointer, value] of strings(source.data)) {
        const kind = kindOf.get(`${source.file}#${pointer}`);
        if (kind === "link" || kind === "asset" || kind === "ref") continue;
        if (/^[a-z0-9.-]*$/.test(value) || /^(https?:|mailto:|tel:|\/)/.test(value)) continue; // keywords, ids, addresses
        add(source.file, pointer, kind === "markdown" ? "markdown" : "text", value, kind === "markdown" ? markdown(next) : plain(next));
        next++;
      }
    }

    const write = () => {
      for (const source of validated.files) {
        const mine = slots.filter((s) => s.file === source.file && current(s));
        if (source.kind === "guide") {
          let text = texts.get(source.file)!;
          for (const s of mine) {
            if (s.pointer === "/body") text += current(s)!.value;
            // Front matter is YAML: a JSON string is a YAML double-quoted scalar, so any payload reads back as written.
            else text = text.replace(new RegExp(`^${s.pointer.slice(1)}:.*$`, "m"), () => `${s.pointer.slice(1)}: ${JSON.stringify(current(s)!.value)}`);
          }
          writeFileSync(path.join(project.root, source.file), text);
        } else {
          const data = structuredClone(source.data);
          for (const s of mine) setAt(data, s.pointer, current(s)!.value);
          writeFileSync(path.join(project.root, source.file), JSON.stringify(data, null, 2));
        }
      }
    };
    // A payload the schemas or checks refuse gives way to a shorter one, then to the original text.
    for (let round = 0; ; round++) {
      write();
      const check = await runPipeline(project, { mode: "check" });
      const errors = check.issues.filter((i) => i.severity === "error");
      if (errors.length === 0) break;
      if (round === 8) throw new Error(errors.map((i) => `${i.file}:${i.line}:${i.column} ${i.pointer} ${i.message}`).join("\n"));
      for (const issue of errors) {
        const mine = slots.filter((s) => s.file === issue.file && current(s));
        let hit = mine.filter((s) => s.pointer === issue.pointer || s.pointer.startsWith(issue.pointer + "/") || issue.pointer.startsWith(s.pointer + "/"));
        if (hit.length === 0 && issue.file.endsWith(".md")) hit = mine.filter((s) => s.pointer === "/body"); // e.g. readTime
        if (hit.length === 0) throw new Error(`Cannot place payloads: ${issue.file}:${issue.line} ${issue.pointer} ${issue.message}`);
        for (const s of hit) s.at++;
      }
    }

    const result = await runPipeline({ ...project, dist: path.resolve(out) }, { mode: "build" });
    if (!result.ok) throw new Error(result.issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.message}`).join("\n"));
    const fields: PayloadField[] = slots
      .filter((s) => current(s))
      .map((s) => ({ id: s.id, file: s.file, pointer: s.pointer, kind: s.kind, value: current(s)!.value, literal: current(s)!.literal }));
    const skipped = slots.filter((s) => !current(s)).map((s) => ({ id: s.id, file: s.file, pointer: s.pointer, kind: s.kind }));
    writeFileSync(manifest, JSON.stringify({ fields, skipped }, null, 2));
  } finally {
    project.cleanup();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, "tests/e2e/support/build-payloads.ts")) await main();
