/**
 * Stage "routes" (stages/routes/routes.ts): the route table, then every check of content that needs it:
 * links written in content, texts, titles and descriptions, the site's own rules, placeholder
 * addresses, and content nothing uses (only once there is no error). Stops on any error;
 * `npm run check` ends here.
 */
import type { Stage } from "../../build.ts";
import { buildRoutes } from "./routes.ts";
import { checkContentLinks } from "./links.ts";
import { seoIssues } from "../render/seo.ts";
import { siteRuleIssues } from "./site-rules.ts";
import { textIssues } from "./text-checks.ts";
import { unusedContent } from "./unused.ts";

const hasError = (issues: { severity: string }[]) => issues.some((i) => i.severity === "error");

export const routesStage: Stage = {
  name: "routes+links",
  run(b) {
    const { resolved, validated, schemas, siteModule, options } = b;
    const { routes, issues: routeIssues } = buildRoutes(resolved);
    b.routes = routes;
    const issues = [...validated.issues, ...resolved.issues, ...routeIssues, ...checkContentLinks(resolved, routes), ...textIssues(validated.files, schemas), ...seoIssues(resolved, routes), ...siteRuleIssues(siteModule, resolved)];
    if (options.strict || !hasError(issues)) issues.push(...b.placeholders);
    if (!hasError(issues)) issues.push(...unusedContent(resolved, resolved.annotations, routes, siteModule.templateAssets));
    b.issues = issues;
    if (hasError(issues)) return { issues, routes };
  },
};
