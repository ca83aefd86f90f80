/**
 * A content button (schema "action"). Dialog buttons are plain links with
 * data-open: before any script has loaded they lead to the calendar (demo) or
 * to an e-mail (assessment); the dialog islands take them over by delegation.
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
import { Island } from "./Island.tsx";
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

/**
 * A link button as plain data, for islands that draw content buttons in the browser
 * (they cannot read the render context). Registers the dialog the button opens.
 */
export interface ActionLink {
  label: string;
  href: string;
  className: string;
  /** data-open / data-dialog-title for dialog buttons, target / rel for other sites. */
  attrs: Record<string, string>;
  /** Read out after the label for links that open a new tab. */
  newTab?: string;
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
  const attrs: Record<string, string> = action.opens
    ? { "data-open": action.opens, ...(action.opens === "demo" ? { "data-dialog-title": action.dialogTitle ?? page.demoTitle ?? site.dialogs.demo.title } : {}) }
    : external
      ? { ...NEW_TAB }
      : {};
  return {
    label: action.label,
    href,
    className: buttonClass(action.variant, action.size ?? "lg", extra, surface),
    attrs,
    ...(external ? { newTab: site.labels.newTab } : {}),
  };
}

export function Action({ action, className, surface = "light" }: { action: ActionData; className?: string; surface?: Surface }) {
  const ctx = useRender();
  if (action.hidden) return null;
  if (action.menu) return <MenuAction action={action} surface={surface} />;
  const link = actionLink(action, ctx, surface, className);
  return (
    <a href={link.href} className={link.className} {...link.attrs}>
      {link.label}
      {action.srLabel ? <span className="sr-only"> {action.srLabel}</span> : null}
      {link.newTab ? <span className="sr-only"> {link.newTab}</span> : null}
      {action.variant === "link" ? <Icon name="arrow-right" /> : null}
    </a>
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
