/**
 * Feature items (content/collections/features.json) in the spec's written form,
 * "Title – description": the template adds the en dash and the Coming Soon badge,
 * so content holds neither. Available features get a check, coming ones a clock.
 */
import type { FeatureItem } from "../content-types.ts";
import { useRender } from "../context.ts";
import { Badge } from "./Badge.tsx";
import { cx } from "./cx.ts";
import { Icon } from "./Icon.tsx";
import type { Tone } from "./Section.tsx";
import { keepCompounds } from "./compounds.tsx";

/** Where a feature is listed: the /features overview, or its category's page. */
export type FeatureContext = "overview" | "page";

/**
 * Whether the feature shows as Coming Soon here. One item may read differently in
 * the two places (overviewAvailable): the spec lists the audit trail as available in
 * the overview but labels its own entry Coming Soon.
 */
export function comingSoonIn(item: FeatureItem, where: FeatureContext): boolean {
  return item.comingSoon === true && !(where === "overview" && item.overviewAvailable === true);
}

export function FeatureList({
  items,
  where,
  tone = "light",
  stacked = false,
  className,
}: {
  items: FeatureItem[];
  where: FeatureContext;
  tone?: Tone | undefined;
  /** The description on its own line under the title (the /features overview), instead of after an en dash. */
  stacked?: boolean;
  className?: string;
}) {
  const { labels } = useRender().site;
  const dark = tone === "dark";
  return (
    <ul className={cx(dark ? "text-ink-300" : "text-ink-600", className)}>
      {items.map((item) => {
        const soon = comingSoonIn(item, where);
        return (
          <li key={item.title} className="flex gap-3" data-coming-soon={soon ? "" : undefined}>
            <Icon
              name={soon ? "clock" : "check"}
              className={cx("mt-1 size-4 shrink-0", soon ? "text-ink-500" : dark ? "text-accent-300" : "text-accent-600")}
            />
            {/* Stacked: the title on its line and the description under it, for scanning; the en dash stays in the text (read, copied), not on screen. On phones the overview shows the titles only (the category's page has the details); screen readers still read each description. */}
            <p>
              <span className={cx("font-semibold", dark ? "text-white" : "text-ink-900")}>{keepCompounds(item.title)}</span>
              {soon ? (
                <>
                  {" "}
                  <Badge tone={tone}>{labels.comingSoon}</Badge>
                </>
              ) : null}
              {stacked ? (
                <>
                  <span className="sr-only"> – </span>
                  <span className="block max-sm:sr-only">{keepCompounds(item.description)}</span>
                </>
              ) : (
                <> – {keepCompounds(item.description)}</>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
