/** The dialogs every page can open. Each loads on its first use (see templates/lazy.browser.ts). */
import leadSchema from "../../schemas/lead.schema.json" with { type: "json" };
import { useRender } from "../context.ts";
import AssessmentDialog from "../islands/AssessmentDialog.tsx";
import { deriveRules } from "../islands/assessment/rules.ts";
import DemoDialog from "../islands/DemoDialog.tsx";
import { Island } from "../ui/Island.tsx";

/** The wizard's rules, from the lead schema: the browser gets this small object, never the schema or ajv. */
const LEAD_RULES = deriveRules(leadSchema);

export function Dialogs() {
  const { site } = useRender();
  return (
    <>
      <Island name="DemoDialog" component={DemoDialog} load="interaction" trigger="demo" props={{ ...site.dialogs.demo, calendarUrl: site.links.calendar, newTabNote: site.labels.newTab }} />
      <Island name="AssessmentDialog" component={AssessmentDialog} load="interaction" trigger="assessment" props={{ texts: site.dialogs.assessment, leads: site.leads, rules: LEAD_RULES }} />
    </>
  );
}
