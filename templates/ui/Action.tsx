/**
 * A content button (schema "action"). Dialog buttons are plain links with
 * data-open: before any script has loaded they lead to the calendar (demo) or
 * to an e-mail (assessment); the dialog islands take them over by delegation.
 * A menu button (menu: "appStores") is the AppMenu island: a button with its
 * list of links, which CSS shows on hover and focus until the island is ready.
 */
import { useId } from "react";
import type { Action as ActionData } from "../content-types.ts";
import { useRender } from "../context.ts";
import AppMenu from "../islands/AppMenu.tsx";
import { buttonClass, ButtonLink, type Surface } from "./Button.tsx";
import { Icon } from "./Icon.tsx";
import { Island } from "./Island.tsx";
import { isExternal, NEW_TAB } from "./links.ts";

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

export function Action({ action, className, surface = "light" }: { action: ActionData; className?: string; surface?: Surface }) {
  const { site, page, dialogTriggers } = useRender();
  if (action.hidden) return null;
  if (action.menu) return <MenuAction action={action} surface={surface} />;
  if (action.opens) dialogTriggers.add(action.opens);
  const fallback =
    action.opens === "demo"
      ? site.links.calendar
      : action.opens === "assessment"
        ? `mailto:${site.contactEmail}?subject=${encodeURIComponent("Free property assessment")}`
        : undefined;
  const href = action.href ?? fallback!;
  const dialog = action.opens
    ? { "data-open": action.opens, ...(action.opens === "demo" ? { "data-dialog-title": action.dialogTitle ?? page.demoTitle ?? site.dialogs.demo.title } : {}) }
    : {};
  const external = isExternal(href) && !action.opens;
  return (
    <ButtonLink href={href} variant={action.variant} size={action.size ?? "lg"} surface={surface} className={className} {...dialog} {...(external ? NEW_TAB : {})}>
      {action.label}
      {external ? <span className="sr-only"> {site.labels.newTab}</span> : null}
      {action.variant === "link" ? <Icon name="arrow-right" /> : null}
    </ButtonLink>
  );
}

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
