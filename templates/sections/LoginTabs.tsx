/** Section "loginTabs": the /login card (the LoginTabs island), its links prepared with the render context. */
import type { LoginTabsSection } from "../content-types.ts";
import { useRender } from "../context.ts";
import LoginTabsIsland from "../islands/LoginTabs.tsx";
import { actionLink } from "../ui/Action.tsx";
import { Island } from "json-site/api";

export function LoginTabs({ section }: { section: LoginTabsSection }) {
  const ctx = useRender();
  return (
    <section className="bg-white px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <Island
        name="LoginTabs"
        component={LoginTabsIsland}
        props={{
          label: section.label,
          fields: section.fields,
          notice: section.notice,
          tabs: section.tabs.map((t) => ({ ...t, forgot: actionLink(t.forgot, ctx), requestAccess: actionLink(t.requestAccess, ctx) })),
        }}
      />
    </section>
  );
}
