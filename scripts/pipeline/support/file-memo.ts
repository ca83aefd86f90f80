/**
 * What the build learns of one content file from its text alone (with the schemas and
 * templates, which a memo is only kept with): its validation, issues and annotations, and
 * the characters it uses for the font. Kept by the file's key (1-load.ts sourceKey: its
 * text's hash and its path) from one build to the next, in memory by the dev server's
 * builder and in the stored memo by `npm run build` (stored-memo.ts), so a build with a
 * memo validates and walks only the files whose text changed (4,000 guides: ~100 ms each
 * build for validation alone).
 */
import { unescapePointerToken } from "../../lib/json.ts";
import type { Annotation } from "../2-validate.ts";
import type { Issue } from "./issues.ts";

/** An annotation without its file's path, and without its value when that is the text at its pointer (a guide's body is not kept twice). */
export type KeptAnnotation = Omit<Annotation, "file" | "value"> & { value?: string };

export interface FileFacts {
  issues: Issue[];
  annotations: KeptAnnotation[];
  /** The code points of its strings (font.ts contentCharacters), once walked. */
  chars?: number[];
}

export interface FileMemo {
  /** The last build's facts, by file key. */
  previous: ReadonlyMap<string, FileFacts> | undefined;
  /** This build's, by file key (for the next). */
  used: Map<string, FileFacts>;
}

function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const token of pointer.split("/").slice(1)) node = (node as Record<string, unknown> | null | undefined)?.[unescapePointerToken(token)];
  return node;
}

export function keepFacts(issues: Issue[], annotations: Annotation[], data: unknown): FileFacts {
  return {
    issues,
    annotations: annotations.map(({ file: _, value, ...rest }) => (valueAt(data, rest.pointer) === value ? rest : { ...rest, value })),
  };
}

/** The issues and annotations kept of a file, as its validation gave them (new objects: the stages may add to them). */
export function keptValidation(facts: FileFacts, file: string, data: unknown): { issues: Issue[]; annotations: Annotation[] } {
  return {
    issues: facts.issues.map((i) => ({ ...i })),
    annotations: facts.annotations.map((a) => ({ ...a, file, value: a.value ?? (valueAt(data, a.pointer) as string) })),
  };
}
