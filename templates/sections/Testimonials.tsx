/**
 * Section "testimonials": customer quotes with their star ratings, or, before a page
 * has any, a "coming soon" note in their place. The stars are drawn for sighted
 * readers; screen readers hear the rating as text ("Rated 5 out of 5"). A quote is
 * attributed by role, with a name and company only where content gives them (people
 * who agreed to be named).
 */
import type { Testimonial, TestimonialsSection } from "../content-types.ts";
import { useRender } from "../context.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { cardSurface, Section, SectionHeading, type Tone } from "../ui/Section.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

const STAR = "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z";

export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <p className="flex gap-0.5">
      <span className="sr-only">{label.replace("{rating}", String(rating))}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} className={cx("size-5", n <= rating ? "text-amber-400" : "text-ink-300")} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </p>
  );
}

function Quote({ item, tone }: { item: Testimonial; tone: Tone }) {
  const { labels } = useRender().site;
  const dark = tone === "dark";
  return (
    <li>
      <figure className={cx("flex h-full flex-col rounded-card border p-7", cardSurface(tone))}>
        <Stars rating={item.rating} label={labels.rating} />
        <blockquote className={cx("mt-5 flex-1 text-lg leading-8", dark ? "text-ink-100" : "text-ink-800")}>
          <p>“{keepCompounds(item.content)}”</p>
        </blockquote>
        <figcaption className={cx("mt-6 border-t pt-5", dark ? "border-white/10" : "border-ink-100")}>
          {item.name ? <span className={cx("block font-semibold", dark ? "text-white" : "text-ink-900")}>{item.name}</span> : null}
          <span className={cx("block", item.name ? cx("text-sm", dark ? "text-ink-300" : "text-ink-600") : cx("font-semibold", dark ? "text-white" : "text-ink-900"))}>
            {item.company ? `${item.title}, ${item.company}` : item.title}
          </span>
          {item.portfolio ? <span className={cx("mt-1 block text-sm", dark ? "text-accent-300" : "text-brand-700")}>{item.portfolio}</span> : null}
        </figcaption>
      </figure>
    </li>
  );
}

export function Testimonials({ section }: { section: TestimonialsSection }) {
  const tone = section.tone ?? "light";
  const dark = tone === "dark";
  const items = section.items ?? [];
  return (
    <Section id={section.id} tone={tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={tone} />
      {items.length ? (
        <ul className={cx("mt-12 grid gap-6", items.length === 1 ? "mx-auto max-w-3xl" : items.length === 2 ? "md:grid-cols-2" : "md:grid-cols-2 lg:grid-cols-3")}>
          {items.map((item) => (
            <Quote key={item.id} item={item} tone={tone} />
          ))}
        </ul>
      ) : (
        /* No quotes yet: a panel that says so plainly and, with the block's buttons, points to what exists now (the case study, a demo). */
        <div className={cx("mx-auto mt-10 flex max-w-3xl flex-col items-center gap-5 rounded-card border px-6 py-9 text-center sm:px-10", cardSurface(tone))}>
          <span aria-hidden="true" className={cx("grid size-12 place-items-center rounded-full", dark ? "bg-accent-400/15 text-accent-300" : "bg-brand-50 text-brand-600")}>
            <svg className="size-6" viewBox="0 0 24 24" fill="currentColor" focusable="false">
              <path d="M9.5 6C6.5 6.6 4.5 9 4.5 12.3V18h6v-6h-3c0-1.9 1-3.2 2.8-3.7zm10 0c-3 .6-5 3-5 6.3V18h6v-6h-3c0-1.9 1-3.2 2.8-3.7z" />
            </svg>
          </span>
          <p className={cx("max-w-xl text-lg leading-8", dark ? "text-ink-100" : "text-ink-800")}>{section.comingSoon}</p>
          <Actions actions={section.actions} className={CENTERED_ACTIONS} />
        </div>
      )}
      {items.length ? <Actions actions={section.actions} className={cx("mt-12", CENTERED_ACTIONS)} /> : null}
    </Section>
  );
}
