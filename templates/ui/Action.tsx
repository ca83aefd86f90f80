/**
 * A content button (schema "action"). Dialog buttons are plain links with
 * data-open: before any script has loaded they lead to the calendar (demo) or
 * to an e-mail (assessment); the dialog islands take them over by delegation.
 */
import type { Action as ActionData } from "../content-types.ts";
import { useRender } from "../context.ts";
import { ButtonLink } from "./Button.tsx";
import { Icon } from "./Icon.tsx";
import { isExternal, NEW_TAB } from "./links.ts";

export function Action({ action, className }: { action: ActionData; className?: string }) {
  const { site, page, dialogTriggers } = useRender();
  if (action.hidden) return null;
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
    <ButtonLink href={href} variant={action.variant} size={action.size ?? "lg"} className={className} {...dialog} {...(external ? NEW_TAB : {})}>
      {action.label}
      {external ? <span className="sr-only"> {site.labels.newTab}</span> : null}
      {action.variant === "link" ? <Icon name="arrow-right" /> : null}
    </ButtonLink>
  );
}

export function Actions({ actions, className }: { actions: ActionData[] | undefined; className?: string }) {
  const visible = (actions ?? []).filter((a) => !a.hidden);
  if (visible.length === 0) return null;
  return (
    <div className={className ?? "flex flex-wrap gap-3"}>
      {visible.map((a) => (
        <Action key={a.label} action={a} />
      ))}
    </div>
  );
}
