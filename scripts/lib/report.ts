/** Prints issues for people: errors first, then a one-line summary. */
import { formatIssue, type Issue } from "../pipeline/issues.ts";

export function printIssues(issues: Issue[], stream: NodeJS.WriteStream = process.stderr): void {
  const errors = issues.filter((i) => i.severity === "error");
  const warnings = issues.filter((i) => i.severity === "warning");
  for (const i of [...errors, ...warnings]) stream.write(formatIssue(i) + "\n\n");
  if (errors.length)
    stream.write(`${errors.length} error${errors.length === 1 ? "" : "s"} in content${warnings.length ? `, ${warnings.length} warning(s)` : ""}. Nothing was written; dist/ is unchanged.\n`);
}
