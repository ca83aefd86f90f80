/**
 * A content button (schema "action"). A dialog button is a <button data-open>
 * (see ActionView.tsx) whose fallback, the calendar (demo) or an e-mail
 * (assessment), is kept for the dialog loader and for browsers without script.
 * A menu button (menu: "appStores") is the AppMenu island: a button with its
 * list of links, which CSS shows on hover and focus until the island is ready.
 */
import { useId } from "react";
import defs from "../../schemas/defs.schema.json" with { type: "json" };
import type { Action as ActionData } from "../content-types.ts";
import { useRender, type RenderContext } from "../context.ts";
import AppMenu from "../islands/AppMenu.tsx";
import { buttonClass, type Surface } from "./Button.tsx";
import { Icon } from "./Icon.tsx";
import { ActionView, type ActionLink } from "./ActionView.tsx";
import { Island } from "json-site/api";

export type { ActionLink };
import { isExternal, mailto, NEW_TAB } from "./links.ts";

/** The subject of an e-mail button without its own: the schema's default. */
const EMAIL_SUBJECT = defs.$defs.action.properties.subject.default;

function MenuAction({ action, surface }: { action: ActionData; surface: Surface }) {
  const { site } = useRender();
  // useId is unique per render; its punctuation is not wanted in an id attribute.
  const id = `menu${useId().replace(/[^A-Za-z0-9]/g, "")}`;
  return (
    <Island
      name="AppMenu"
      component={AppMenu}
      props={{
        id,
        label: action.label,
        links: site.appStores,
        labels: { newTab: site.labels.newTab, hiring: site.labels.hiring },
        triggerClass: buttonClass(action.variant, action.size ?? "lg", undefined, surface),
      }}
    />
  );
}


/** Where a button leads: its href, a site.json address, or for a dialog button the page that works without script. */
function hrefOf(action: ActionData, site: RenderContext["site"]): string {
  if (action.href) return action.href;
  if (action.to === "email") return mailto(site.contactEmail, action.subject ?? EMAIL_SUBJECT);
  if (action.to) return site.links[action.to];
  if (action.opens === "demo") return site.links.calendar;
  return mailto(site.contactEmail, "Free property assessment"); // opens: "assessment" (the schema requires a target)
}

export function actionLink(action: ActionData, ctx: RenderContext, surface: Surface = "light", extra?: string): ActionLink {
  const { site, page, dialogTriggers } = ctx;
  if (action.opens) dialogTriggers.add(action.opens);
  const href = hrefOf(action, site);
  const external = isExternal(href) && !action.opens;
  return {
    label: action.label,
    href,
    className: buttonClass(action.variant, action.size ?? "lg", extra, surface),
    ...(action.opens ? { opens: action.opens } : {}),
    ...(action.opens === "demo" ? { dialogTitle: action.dialogTitle ?? page.demoTitle ?? site.dialogs.demo.title } : {}),
    attrs: external ? { ...NEW_TAB } : {},
    ...(external ? { newTab: site.labels.newTab } : {}),
  };
}

export function Action({ action, className, surface = "light" }: { action: ActionData; className?: string; surface?: Surface }) {
  const ctx = useRender();
  if (action.hidden) return null;
  if (action.menu) return <MenuAction action={action} surface={surface} />;
  const link = actionLink(action, ctx, surface, className);
  return (
    <ActionView link={link}>
      {action.srLabel ? <span className="sr-only"> {action.srLabel}</span> : null}
      {action.variant === "link" ? <Icon name="arrow-right" /> : null}
    </ActionView>
  );
}

/**
 * A centred row of buttons: stacked at full width on phones (two buttons that wrapped side by
 * side had different widths), in a wrapping row from 480 px.
 */
export const CENTERED_ACTIONS = "flex flex-col gap-3 min-[480px]:flex-row min-[480px]:flex-wrap min-[480px]:justify-center";

export function Actions({ actions, className, surface }: { actions: ActionData[] | undefined; className?: string; surface?: Surface }) {
  const visible = (actions ?? []).filter((a) => !a.hidden);
  if (visible.length === 0) return null;
  return (
    <div className={className ?? "flex flex-wrap gap-3"}>
      {visible.map((a) => (
        <Action key={a.label} action={a} surface={surface} />
      ))}
    </div>
  );
}
