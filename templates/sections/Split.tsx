/** Section "split": text beside an illustration, on either side. */
import type { SplitSection } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { Badge } from "../ui/Badge.tsx";
import { cx } from "../ui/cx.ts";
import { Markdown } from "../ui/Markdown.tsx";
import { CheckList, Eyebrow, Section } from "../ui/Section.tsx";

export function Split({ section }: { section: SplitSection }) {
  const tone = section.tone ?? "light";
  const dark = tone === "dark";
  const { image } = section;
  return (
    <Section id={section.id} tone={tone}>
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className={cx(section.imageSide === "left" && "lg:order-2")}>
          {section.eyebrow || section.badge ? (
            <p className="flex flex-wrap items-center gap-3">
              {section.eyebrow ? (
                <Eyebrow tone={tone} as="span">
                  {section.eyebrow}
                </Eyebrow>
              ) : null}
              {section.badge ? <Badge tone={tone}>{section.badge}</Badge> : null}
            </p>
          ) : null}
          <h2 className={cx("mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl", dark ? "text-white" : "text-ink-900")}>{section.heading}</h2>
          <Markdown md={section.text} className={cx("prose mt-5 text-lg leading-8", dark ? "text-ink-300" : "text-ink-600")} />
          <CheckList points={section.points} tone={tone} className="mt-6 text-base" />
          <Actions actions={section.actions} className="mt-8 flex flex-wrap gap-3" />
        </div>
        <img
          src={image.src.src}
          width={image.src.width}
          height={image.src.height}
          alt={image.alt}
          loading="lazy"
          decoding="async"
          className={cx("h-auto w-full rounded-2xl shadow-card", section.imageSide === "left" && "lg:order-1")}
        />
      </div>
    </Section>
  );
}
