/**
 * The Building OS site's own content rules (SiteModule.checks): how settings of
 * content/site.json go together, beyond what schemas/site.schema.json can say.
 * Today: the lead webhook's address, its provider and the request's Content-Type.
 */
import type { SiteFinding } from "json-site/api";
import type { Site } from "./content-types.ts";
import { contentTypeFor } from "./islands/assessment/webhook.ts";

type Provider = NonNullable<Site["leads"]["provider"]>;

const NAMES: Record<Provider, string> = { zapier: "Zapier", make: "Make", n8n: "n8n", generic: "generic" };

/** What each service's webhook addresses look like, for the messages. */
const SHAPES: Record<Exclude<Provider, "generic">, string> = {
  zapier: "https://hooks.zapier.com/hooks/catch/<account>/<hook>/",
  make: "https://hook.<region>.make.com/<token>",
  n8n: "https://<your n8n>/webhook/<path>",
};

/** The service an address belongs to, when its shape says so. */
export function providerOf(url: string): Exclude<Provider, "generic"> | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const host = u.hostname.toLowerCase();
  if (host === "hooks.zapier.com") return "zapier";
  if (/^hook\.([a-z0-9-]+\.)?(make\.com|integromat\.com)$/.test(host)) return "make";
  if (host.endsWith(".app.n8n.cloud") || /\/webhook-test\//.test(u.pathname)) return "n8n";
  return undefined;
}

export function siteChecks(site: Site): SiteFinding[] {
  const findings: SiteFinding[] = [];
  const leads = site.leads;
  const provider: Provider = leads.provider ?? "generic";
  const live = providerOf(leads.live);
  const sent = contentTypeFor(leads);
  const at = (pointer: string, message: string, hint: string) => findings.push({ file: "content/site.json", pointer, message, hint });

  // A JSON POST from another origin needs a CORS preflight (OPTIONS), which Zapier's catch
  // hooks do not answer, so the browser never sends the lead. text/plain needs none.
  if (live === "zapier" && sent === "application/json")
    at(
      provider === "generic" ? "/leads/contentType" : "/leads/provider",
      `The live webhook is a Zapier catch hook, and the wizard would send it application/json${provider === "generic" ? "" : ` (provider ${provider})`}: browsers ask Zapier's permission first for such a request (a CORS preflight), Zapier does not give it, and every lead would be lost on the published site.`,
      'Set "provider" to "zapier": the wizard then sends text/plain. The body stays the same JSON, and Zapier reads it as before.',
    );
  else if (live && provider !== "generic" && live !== provider)
    at("/leads/provider", `The live webhook looks like ${NAMES[live]}'s, but "provider" is ${provider}.`, `Set "provider" to "${live}", or put your ${NAMES[provider]} address (${SHAPES[provider]}) in "live".`);
  else if ((provider === "zapier" || provider === "make") && live !== provider)
    at("/leads/live", `"provider" is ${provider}, but the live webhook does not look like a ${NAMES[provider]} address (${SHAPES[provider]}).`, `Copy the address from ${NAMES[provider]} into "live", or set "provider" to "generic" for another service.`);

  if (provider === "n8n") {
    const path = pathOf(leads.live);
    if (/\/webhook-test\//.test(path))
      at(
        "/leads/live",
        "The live webhook is n8n's test address (/webhook-test/): it only listens while the workflow is being tested in n8n's editor, so leads on the published site would be lost.",
        'Use the node\'s production address (with /webhook/ instead of /webhook-test/) in "live", and activate the workflow. The test address can go in "test".',
      );
    else if (!/\/webhook\//.test(path))
      at("/leads/live", `"provider" is n8n, but the live webhook has no /webhook/ in its path, as n8n's production addresses do (${SHAPES.n8n}).`, 'Copy the Webhook node\'s production address into "live".');
  }

  // contentType is read for generic webhooks only: a different one set beside a named provider would be silently ignored.
  if (provider !== "generic" && leads.contentType !== undefined && leads.contentType !== sent)
    at("/leads/contentType", `"contentType" says ${leads.contentType}, but with "provider" ${provider} the wizard sends ${sent}: the setting is only read for generic webhooks.`, 'Remove "contentType", or set "provider" to "generic" to choose the type yourself.');
  return findings;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}
