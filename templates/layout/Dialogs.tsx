/**
 * The dialogs a page can open. Each loads on its first use (see scripts/runtime/lazy.browser.ts).
 * The demo dialog is on every page (the header's Request Demo); the wizard only on
 * pages whose buttons open it. This renders after the page's sections, so every
 * Action has registered its dialog in dialogTriggers by then.
 */
import leadSchema from "../../schemas/lead.schema.json" with { type: "json" };
import { useRender } from "../context.ts";
import AssessmentDialog from "../islands/AssessmentDialog.tsx";
import { deriveRules } from "../islands/assessment/rules.ts";
import DemoDialog from "../islands/DemoDialog.tsx";
import { Island } from "json-site/api";

/** The wizard's rules, from the lead schema: the browser gets this small object, never the schema or ajv. */
const LEAD_RULES = deriveRules(leadSchema);

export function Dialogs() {
  const { site, dialogTriggers } = useRender();
  return (
    <>
      <Island name="DemoDialog" component={DemoDialog} load="interaction" trigger="demo" props={{ ...site.dialogs.demo, calendarUrl: site.links.calendar, newTabNote: site.labels.newTab }} />
      {dialogTriggers.has("assessment") ? (
        <Island name="AssessmentDialog" component={AssessmentDialog} load="interaction" trigger="assessment" props={{ texts: site.dialogs.assessment, leads: site.leads, rules: LEAD_RULES }} />
      ) : null}
    </>
  );
}
