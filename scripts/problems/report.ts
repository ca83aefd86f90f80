/**
 * Prints issues for people: errors first, then warnings, then a one-line summary when
 * there are errors.
 *
 * Issues that come in numbers share a group (Issue.group: placeholder addresses, one
 * per occurrence). A group is printed as one block after the other issues of its
 * severity, one line per issue instead of three or four:
 *
 *   29 placeholder addresses in 4 files, on names reserved for examples (…) that lead nowhere …:
 *   warning[placeholder-address]: content/site.json:4:10 /url  https://www.example.com
 *     The site's own address is still a placeholder (www.example.com): canonical links, …
 *   warning[placeholder-address]: content/site.json:161:21 /header/nav/3/links/1/href  https://help.example.com
 *   hint: Replace them with the real addresses before publishing; …
 *   see: npx json-site explain placeholder-address
 *
 * Every issue starts with its severity and code (error[unknown-section-type]) and ends
 * with the chapter of ERRORS.md that explains it.
 *
 * `brief` (the dev server, which rebuilds on every save) shows each group as one line
 * with its count instead.
 */
import { reference } from "./errors.ts";
import { formatIssue, label, location, type Issue, type IssueGroup } from "./issues.ts";

export interface PrintOptions {
  /** One line per group instead of one per issue. */
  brief?: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The issues of each group, in order of first appearance, and those in none. */
function split(issues: Issue[]): { single: Issue[]; groups: [IssueGroup, Issue[]][] } {
  const single: Issue[] = [];
  const groups = new Map<string, [IssueGroup, Issue[]]>();
  for (const i of issues) {
    if (!i.group) single.push(i);
    else if (groups.has(i.group.name)) groups.get(i.group.name)![1].push(i);
    else groups.set(i.group.name, [i.group, [i]]);
  }
  return { single, groups: [...groups.values()] };
}

/** "27 placeholder addresses in 4 files". */
function groupCount(group: IssueGroup, issues: Issue[]): string {
  return `${issues.length} ${issues.length === 1 ? group.singular : group.name} in ${plural(new Set(issues.map((i) => i.file)).size, "file")}`;
}

/**
 * What a list of issues consists of, when some are grouped: "27 placeholder addresses
 * in 4 files" or "27 placeholder addresses in 4 files, 2 others"; "" when none is.
 */
export function describeIssues(issues: Issue[]): string {
  const { single, groups } = split(issues);
  if (!groups.length) return "";
  return [...groups.map(([g, list]) => groupCount(g, list)), ...(single.length ? [`${single.length} other${single.length === 1 ? "" : "s"}`] : [])].join(", ");
}

/** "27 warnings: 27 placeholder addresses in 4 files (above).", for the end of a run that succeeded; "" without warnings. */
export function warningSummary(issues: Issue[]): string {
  const warnings = issues.filter((i) => i.severity === "warning");
  if (!warnings.length) return "";
  const what = describeIssues(warnings);
  return `${plural(warnings.length, "warning")}${what ? `: ${what}` : ""} (above).`;
}

/** A group's block: heading, a line per issue (and its note), the shared hint. */
export function formatGroup(group: IssueGroup, issues: Issue[], options: PrintOptions = {}): string {
  if (options.brief) return `${label(issues[0]!)}: ${groupCount(group, issues)} (run \`npm run check\` to list them).`;
  if (issues.length === 1) return formatIssue(issues[0]!);
  const lines = [`${groupCount(group, issues)}, ${group.heading}:`];
  for (const i of issues) {
    lines.push(`${label(i)}: ${location(i)}${i.detail ? `  ${i.detail}` : ""}`);
    if (i.note) lines.push(`  ${i.note}`);
  }
  lines.push(`hint: ${group.hint}`);
  for (const code of new Set(issues.map((i) => i.code))) lines.push(`see: ${reference(code)}`);
  return lines.join("\n");
}

function formatSeverity(issues: Issue[], options: PrintOptions): string[] {
  const { single, groups } = split(issues);
  return [...single.map((i) => formatIssue(i)), ...groups.map(([g, list]) => formatGroup(g, list, options))];
}

export function printIssues(issues: Issue[], stream: NodeJS.WriteStream = process.stderr, options: PrintOptions = {}): void {
  const errors = issues.filter((i) => i.severity === "error");
  const warnings = issues.filter((i) => i.severity === "warning");
  for (const block of [...formatSeverity(errors, options), ...formatSeverity(warnings, options)]) stream.write(block + "\n\n");
  if (errors.length) {
    const what = describeIssues(errors);
    stream.write(
      `${plural(errors.length, "error")} in ${errors.every((i) => i.file.startsWith("schemas/") || /\/schemas\//.test(i.file)) ? "schemas" : "content"}${what ? ` (${what})` : ""}${warnings.length ? `, ${warnings.length} warning(s)` : ""}. Nothing was written; dist/ is unchanged.\n`,
    );
  }
}
