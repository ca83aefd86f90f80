/**
 * Section "carousel": a heading, then the Carousel island (every card or slide is
 * in the server HTML; the island adds rotation and controls), then an optional
 * button. The schema's defaults (variant, tone, interval, control names) apply
 * where content leaves them out.
 */
import carouselSchema from "../../schemas/sections/carousel.schema.json" with { type: "json" };
import type { CarouselSection } from "../content-types.ts";
import CarouselIsland, { type CarouselLabels } from "../islands/Carousel.tsx";
import { Action } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { iconShape } from "../ui/Icon.tsx";
import { Island } from "json-site/api";
import { Inline } from "../ui/Markdown.tsx";
import { Eyebrow } from "../ui/Section.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

const props = carouselSchema.properties;
const DEFAULT_LABELS = Object.fromEntries(Object.entries(props.labels.properties).map(([k, v]) => [k, v.default])) as unknown as CarouselLabels;

const TONES = {
  light: "bg-white text-ink-900",
  muted: "bg-ink-50 text-ink-900",
  dark: "bg-ink-950 bg-[radial-gradient(70rem_32rem_at_50%_-6rem,rgb(37_84_235/0.22),transparent)] text-white",
} as const;

/** A stable id for the heading, from the section's id or its heading. */
export function headingId(section: Pick<CarouselSection, "id" | "heading">): string {
  const slug =
    section.id ??
    section.heading
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48);
  return `carousel-${slug || "section"}-heading`;
}

export function Carousel({ section }: { section: CarouselSection }) {
  const tone = section.tone ?? (props.tone.default as "light");
  const dark = tone === "dark";
  const id = headingId(section);
  return (
    <section id={section.id} className={cx("overflow-hidden py-20 sm:py-24", TONES[tone])} data-tone={tone}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          {section.eyebrow ? (
            <Eyebrow tone={tone}>{section.eyebrow}</Eyebrow>
          ) : null}
          <h2 id={id} className={cx("mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl", dark ? "text-white" : "text-ink-900")}>
            {keepCompounds(section.heading)}
          </h2>
          {section.text ? (
            <p className={cx("mt-5 text-lg leading-8", dark ? "text-ink-300" : "text-ink-600")}>
              <Inline md={section.text} />
            </p>
          ) : null}
        </div>
        <Island
          name="Carousel"
          component={CarouselIsland}
          props={{
            labelledBy: id,
            variant: section.variant ?? (props.variant.default as "cards"),
            tone,
            intervalMs: section.intervalMs ?? props.intervalMs.default,
            items: section.items.map(({ category, title, description, icon, image, points }) => ({
              ...(category ? { category } : {}),
              title,
              description,
              icon: iconShape(icon),
              ...(image ? { image } : {}),
              ...(points?.length ? { points } : {}),
            })),
            labels: { ...DEFAULT_LABELS, ...section.labels },
          }}
        />
        {section.action && !section.action.hidden ? (
          <div className="mt-12 flex justify-center">
            <Action action={section.action} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
