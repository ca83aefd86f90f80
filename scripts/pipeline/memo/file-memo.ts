/**
 * What the build learns of one content file from its text alone (with the schemas and
 * templates, which a memo is only kept with): a Markdown entry's parsed front matter, the
 * file's validation (issues and annotations), and the characters it uses for the font.
 * Kept by the file's key (its text's hash and its path) from one build to the next, in
 * memory by the dev server's builder and in the stored memo by `npm run build`
 * (stored-memo.ts), so that a build with a memo parses, validates and walks only the files
 * whose text changed (4,000 guides: ~0.26 s of YAML and ~0.1 s of validation each build).
 *
 * stages/load/load.ts gives each file it reads with a memo its facts (factsOf); the later stages
 * use them and fill in what they learn.
 */
import type { KeptAnnotation, FileFacts, FileMemo, Annotation, SourceFile } from "../model.ts";
export type { KeptAnnotation, FileFacts, FileMemo };
import { unescapePointerToken } from "../../lib/json.ts";
import type { FrontMatterFile } from "../../lib/front-matter.ts";
import type { Issue } from "../../problems/issues.ts";

const factsOfFile = new WeakMap<SourceFile, FileFacts>();

/** The facts of a file read with a memo (stages/load/load.ts), or undefined. */
export const factsOf = (file: SourceFile): FileFacts | undefined => factsOfFile.get(file);

/** The facts of the text with this key for this build: the last build's (the same object), or new ones. */
export function factsFor(memo: FileMemo, key: string): FileFacts {
  let facts = memo.used.get(key);
  if (!facts) memo.used.set(key, (facts = memo.previous?.get(key) ?? {}));
  return facts;
}

/** Gives a file its facts (stages/load/load.ts). */
export function attachFacts(file: SourceFile, facts: FileFacts): SourceFile {
  factsOfFile.set(file, facts);
  return file;
}

function valueAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const token of pointer.split("/").slice(1)) node = (node as Record<string, unknown> | null | undefined)?.[unescapePointerToken(token)];
  return node;
}

/** A file's validation as kept. */
export function keepValidation(issues: Issue[], annotations: Annotation[], data: unknown): NonNullable<FileFacts["validation"]> {
  return {
    issues,
    annotations: annotations.map(({ file: _, value, ...rest }) => (valueAt(data, rest.pointer) === value ? rest : { ...rest, value })),
  };
}

/** The issues and annotations kept of a file, as its validation gave them (new objects: the stages may add to them). */
export function keptValidation(kept: NonNullable<FileFacts["validation"]>, file: string, data: unknown): { issues: Issue[]; annotations: Annotation[] } {
  return {
    issues: kept.issues.map((i) => ({ ...i })),
    annotations: kept.annotations.map((a) => ({ ...a, file, value: a.value ?? (valueAt(data, a.pointer) as string) })),
  };
}
