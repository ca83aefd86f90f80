/**
 * The site's own checks (SiteModule.checks, scripts/api.ts): its findings become
 * warnings located at the content field they name, under the generic code site-rule.
 * A finding that names a field the file does not have is placed at the nearest field
 * above it, one that names a file the content does not have at 1:1 of that name: never lost.
 */
import type { SiteModule } from "../../../api.ts";
import type { ResolvedContent } from "../resolve/resolve.ts";
import { problem } from "../../../problems/errors.ts";
import { issueAt, issueIn, type Issue } from "../../../problems/issues.ts";

export function siteRuleIssues(siteModule: Pick<SiteModule<unknown>, "checks">, content: Pick<ResolvedContent, "files" | "sources">): Issue[] {
  if (!siteModule.checks) return [];
  const site = content.files.find((f) => f.kind === "site")?.data;
  if (!site) return [];
  return siteModule.checks(site).map((finding) => {
    const p = problem("site-rule", { message: finding.message, ...(finding.hint ? { hint: finding.hint } : {}) });
    const source = content.sources.get(finding.file);
    if (!source) return issueIn(finding.file, p);
    return issueAt(source, finding.pointer, p);
  });
}
