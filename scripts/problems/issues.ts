import { locate, type Located } from "../lib/json.ts";
import { reference, type Code, type Problem } from "./errors.ts";

export type { Code, Problem } from "./errors.ts";

/**
 * Content problems found by any stage. A stage never throws for bad content: it
 * returns issues, each pinned to a file, a line:column and a JSON pointer, so that
 * an editor can go straight to the mistake. What an issue says comes from the catalogue
 * of problems (errors.ts): a stage calls problem(code, params) and pins the result
 * with issueAt or issueIn, so wording lives in one place and ERRORS.md explains each code.
 */
export interface Issue {
  /** What kind of problem it is: a code of the catalogue (errors.ts), explained in ERRORS.md#<code>. */
  code: Code;
  severity: "error" | "warning";
  /** Path relative to the project root, with forward slashes. */
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the field ("" for the whole file). */
  pointer: string;
  /** What happened (the catalogue's message for the code, filled from the occurrence). */
  message: string;
  /** What to do, when the catalogue has a hint for the code. */
  hint?: string;
  /**
   * Issues that come in numbers, one per occurrence (placeholder addresses: the same
   * help-centre address in the header, the footer and a page), share a group. The
   * report lists a group under one heading, one line per issue (its location and
   * `detail`, then `note` if it has one) and the group's hint once, instead of a
   * message and a hint each (scripts/problems/report.ts). `message` and `hint` still say
   * everything on their own, for any other reader.
   */
  group?: IssueGroup;
  /** With a group: what the issue's line shows after its location (e.g. the address). */
  detail?: string;
  /** With a group: a line under the issue's, for an issue that has more to say than the group's heading. */
  note?: string;
}

export interface IssueGroup {
  /** What the issues are, in the plural, for counts: "placeholder addresses". Issues with the same name form one group. */
  name: string;
  /** The same for one: "placeholder address". */
  singular: string;
  /** Printed once above the group's lines, after their count ("29 placeholder addresses in 4 files, "): what is wrong with each. */
  heading: string;
  /** Printed once below them: what to do. */
  hint: string;
}

/** A problem (errors.ts: problem()) pinned to a field of a parsed file (the key's position with onKey, for unknown fields). */
export function issueAt(file: { file: string; positions: Map<string, Located> }, pointer: string, problem: Problem, onKey = false): Issue {
  const pos = locate(file.positions, pointer, onKey);
  return { ...problem, file: file.file, line: pos.line, column: pos.column, pointer };
}

/** A problem pinned to a line and column of a file (1:1 for the whole file). */
export function issueIn(file: string, problem: Problem, line = 1, column = 1, pointer = ""): Issue {
  return { ...problem, file, line, column, pointer };
}

export class ContentError extends Error {
  constructor(public readonly issues: Issue[]) {
    super(formatIssues(issues));
    this.name = "ContentError";
  }
}

/** "error[unknown-section-type]": the severity and the code, at the start of an issue's line. */
export const label = (issue: Pick<Issue, "severity" | "code">) => `${issue.severity}[${issue.code}]`;

/** "content/pages/index.json:23:15 /sections/1/type". */
export const location = (issue: Pick<Issue, "file" | "line" | "column" | "pointer">) =>
  `${issue.file}:${issue.line}:${issue.column}${issue.pointer === "" ? "" : ` ${issue.pointer}`}`;

/**
 *   error[unknown-section-type]: content/pages/index.json:23:15 /sections/1/type
 *     Unknown section type "heroo".
 *     hint: Did you mean "hero"?
 *     see: npx json-site explain unknown-section-type
 *
 * `see` false leaves out the last line (ERRORS.md's own examples).
 */
export function formatIssue(issue: Issue, see = true): string {
  const lines = [`${label(issue)}: ${location(issue)}`, `  ${issue.message}`];
  if (issue.hint) lines.push(`  hint: ${issue.hint}`);
  if (see) lines.push(`  see: ${reference(issue.code)}`);
  return lines.join("\n");
}

export function formatIssues(issues: Issue[]): string {
  return issues.map((i) => formatIssue(i)).join("\n\n");
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
