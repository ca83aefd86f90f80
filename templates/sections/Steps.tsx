/** Section "steps": a numbered sequence, such as how an event goes from idea to sign-up, or a timeline (each step labelled with its year). */
import type { StepsSection } from "../content-types.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { Inline } from "../ui/Markdown.tsx";
import { cardSurface, Section, SectionHeading } from "../ui/Section.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

export function Steps({ section }: { section: StepsSection }) {
  const tone = section.tone ?? "light";
  const dark = tone === "dark";
  return (
    <Section id={section.id} tone={tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={tone} />
      <ol className={cx("mt-12 grid gap-6", section.steps.length === 4 ? "md:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3")}>
        {section.steps.map((step, i) => (
          <li key={step.title} className={cx("relative rounded-card border p-6", cardSurface(tone))}>
            {/* The step's number in a quiet ring, and its label as a caption beside it: nothing here looks like a button, since nothing here is one. */}
            <p className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={cx("grid size-10 shrink-0 place-items-center rounded-full font-bold tabular-nums ring-1", dark ? "bg-white/10 text-accent-300 ring-white/20" : "bg-brand-50 text-brand-700 ring-brand-200")}
              >
                {i + 1}
              </span>
              {step.label ? <span className={cx("text-sm font-semibold tracking-wide uppercase", dark ? "text-accent-300" : "text-brand-700")}>{step.label}</span> : null}
            </p>
            <h3 className={cx("mt-4 text-lg font-semibold", dark ? "text-white" : "text-ink-900")}>{keepCompounds(step.title)}</h3>
            <p className={cx("mt-2 leading-7", dark ? "text-ink-300" : "text-ink-600")}>
              <Inline md={step.description} />
            </p>
          </li>
        ))}
      </ol>
      <Actions actions={section.actions} className={cx("mt-12", CENTERED_ACTIONS)} />
    </Section>
  );
}
