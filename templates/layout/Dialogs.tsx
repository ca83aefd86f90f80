/** The dialogs every page can open. Each loads on its first use (see templates/lazy.browser.ts). */
import { useRender } from "../context.ts";
import DemoDialog from "../islands/DemoDialog.tsx";
import { Island } from "../ui/Island.tsx";

export function Dialogs() {
  const { site } = useRender();
  return (
    <>
      <Island name="DemoDialog" component={DemoDialog} load="interaction" trigger="demo" props={{ ...site.dialogs.demo, calendarUrl: site.links.calendar }} />
    </>
  );
}
