import { locate, type Located } from "../lib/json.ts";

/**
 * Content problems found by any stage. A stage never throws for bad content: it
 * returns issues, each pinned to a file, a line:column and a JSON pointer, so that
 * an editor can go straight to the mistake.
 */
export interface Issue {
  severity: "error" | "warning";
  /** Path relative to the project root, with forward slashes. */
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the field ("" for the whole file). */
  pointer: string;
  message: string;
  hint?: string;
}

/** An error pinned to a field of a parsed file (the key's position with onKey, for unknown fields). */
export function issueAt(
  file: { file: string; positions: Map<string, Located> },
  pointer: string,
  message: string,
  hint?: string,
  onKey = false,
): Issue {
  const pos = locate(file.positions, pointer, onKey);
  return { severity: "error", file: file.file, line: pos.line, column: pos.column, pointer, message, ...(hint ? { hint } : {}) };
}

export class ContentError extends Error {
  constructor(public readonly issues: Issue[]) {
    super(formatIssues(issues));
    this.name = "ContentError";
  }
}

export function formatIssue(issue: Issue): string {
  const where = `${issue.file}:${issue.line}:${issue.column}`;
  const field = issue.pointer === "" ? "" : ` ${issue.pointer}`;
  const head = `${issue.severity}: ${where}${field}\n  ${issue.message}`;
  return issue.hint ? `${head}\n  hint: ${issue.hint}` : head;
}

export function formatIssues(issues: Issue[]): string {
  return issues.map(formatIssue).join("\n\n");
}

export function sortIssues(issues: Issue[]): Issue[] {
  return [...issues].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
}

/** Levenshtein distance, for did-you-mean hints. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** The closest candidate, if it is close enough to be a likely typo. */
export function didYouMean(value: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = distance(value.toLowerCase(), c.toLowerCase());
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  if (best === undefined) return undefined;
  return bestScore <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}
