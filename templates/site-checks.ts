/**
 * The Building OS site's own content rules (SiteModule.checks): how settings of
 * content/site.json go together, beyond what schemas/site.schema.json can say.
 */
import type { SiteFinding } from "#ssg/api";
import type { Site } from "./content-types.ts";

/** Zapier's catch hooks: https://hooks.zapier.com/hooks/catch/<account>/<hook>/. */
const ZAPIER = /^hooks\.zapier\.com$/i;

export function siteChecks(site: Site): SiteFinding[] {
  const findings: SiteFinding[] = [];
  const live = hostOf(site.leads.live);
  // A JSON POST from another origin needs a CORS preflight (OPTIONS), which Zapier's catch
  // hooks do not answer, so the browser never sends the lead. text/plain needs none.
  if (live && ZAPIER.test(live) && site.leads.contentType === "application/json")
    findings.push({
      file: "content/site.json",
      pointer: "/leads/contentType",
      message:
        "The live webhook is a Zapier catch hook, and \"contentType\" is application/json: browsers ask Zapier's permission first for such a request (a CORS preflight), Zapier does not give it, and every lead would be lost on the published site.",
      hint: 'Set "contentType" to "text/plain". The body stays the same JSON, and Zapier reads it as before.',
    });
  return findings;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
