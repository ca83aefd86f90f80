/**
 * The /login card: WAI-ARIA tabs (arrow keys, Home and End move between tabs and
 * select them; one tab stop), each panel a sign-in form. No sign-in service is
 * connected, so submitting shows the tab's notice with window.alert, as the spec
 * asks, and sends nothing anywhere. The sign-in buttons stay disabled until the
 * island is ready, so a form can never be submitted (with the password in the
 * address) before the script runs.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from "react";
import type { LoginTabsSection } from "../content-types.ts";
import { useRef, useState } from "json-site/islands-api";
import { useHydrated } from "./parts/useHydrated.ts";
import { buttonClass } from "../ui/Button.tsx";
import { cx } from "../ui/cx.ts";
import { ActionView, type ActionLink } from "../ui/ActionView.tsx";

/** A tab of the content, its two links prepared by the section template (they need the render context). */
export type LoginTab = Omit<LoginTabsSection["tabs"][number], "forgot" | "requestAccess"> & { forgot: ActionLink; requestAccess: ActionLink };

export type LoginTabsProps = Omit<LoginTabsSection, "type" | "tabs"> & { tabs: LoginTab[] };

/** The notice for a tab's portal. */
export const noticeFor = (notice: string, portal: string) => notice.replace("{portal}", portal);

function Field({ id, label, ...input }: { id: string; label: string; name: string; type: string; autoComplete: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        {label}
      </label>
      <input id={id} {...input} className="mt-2 block h-11 w-full rounded-lg border border-ink-300 px-3 text-base text-ink-900 shadow-sm" />
    </div>
  );
}

const LINK_LOOK = "rounded-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/**
 * "Forgot your password" and "Request Access" are buttons (spec §5): one opens the
 * demo dialog, the others start an e-mail. Without script, the twin link does the same.
 */
function LinkButton({ link }: { link: ActionLink }) {
  return <ActionView link={{ ...link, className: LINK_LOOK }} onClick={() => window.location.assign(link.href)} />;
}

export default function LoginTabs({ label, tabs, fields, notice }: LoginTabsProps) {
  const [selected, setSelected] = useState(0);
  const ready = useHydrated();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const n = tabs.length;
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1 + n, Home: 0, End: n - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const i = next % n;
    setSelected(i);
    tabRefs.current[i]?.focus();
  };

  return (
    <div className="mx-auto max-w-xl rounded-3xl border border-ink-200 bg-white p-2 shadow-card">
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-2xl bg-ink-100 p-1" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`login-tab-${tab.id}`}
            aria-selected={i === selected ? "true" : "false"}
            aria-controls={`login-panel-${tab.id}`}
            tabIndex={i === selected ? 0 : -1}
            className={cx(
              "rounded-xl px-1.5 py-2.5 text-[0.8125rem] font-semibold transition-colors min-[400px]:px-3 min-[400px]:text-sm sm:text-base",
              i === selected ? "bg-white text-ink-900 shadow-sm" : "text-ink-600 hover:text-ink-900",
            )}
            onClick={() => setSelected(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.id} role="tabpanel" id={`login-panel-${tab.id}`} aria-labelledby={`login-tab-${tab.id}`} hidden={i !== selected} tabIndex={0} className="p-5 sm:p-8">
          <h2 className="text-2xl font-bold tracking-tight text-ink-900">{tab.heading}</h2>
          <p className="mt-2 leading-7 text-ink-600">{tab.description}</p>
          {/* What the portal holds, as a plain list with check marks (pills here read as filters or buttons). */}
          <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-ink-700">
            {tab.features.map((f) => (
              <li key={f} className="flex items-center gap-1.5">
                <svg className="icon-stroke size-4 shrink-0 text-accent-600" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M20 6L9 17l-5-5" />
                </svg>
                {f}
              </li>
            ))}
          </ul>
          <form
            className="mt-7 space-y-5"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              window.alert(noticeFor(notice, tab.portal));
            }}
          >
            <Field id={`login-email-${tab.id}`} label={fields.email} name="email" type="email" autoComplete="username" />
            <Field id={`login-password-${tab.id}`} label={fields.password} name="password" type="password" autoComplete="current-password" />
            <button type="submit" disabled={!ready} className={buttonClass("default", "lg", "w-full")}>
              {fields.signIn}
            </button>
          </form>
          <p className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
            <LinkButton link={tab.forgot} />
            <LinkButton link={tab.requestAccess} />
          </p>
        </div>
      ))}
    </div>
  );
}
