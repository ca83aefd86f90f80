/**
 * Section "videoPoster": a video's poster before the video exists, as a designed state:
 * the picture, a caption that says the video is coming (beside a decorative play mark,
 * so the poster is a figure, not a control that does nothing) and buttons to what a
 * visitor can see now.
 */
import type { VideoPosterSection } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { cx } from "../ui/cx.ts";
import { Photo, SLOT } from "../ui/Photo.tsx";
import { Section, SectionHeading } from "../ui/Section.tsx";

export function VideoPoster({ section }: { section: VideoPosterSection }) {
  const { image } = section;
  return (
    <Section id={section.id} tone={section.tone ?? "light"}>
      {section.heading ? <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} /> : null}
      <div className={cx("relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-ink-950 shadow-card", section.heading && "mt-12")}>
        <figure className="relative">
          <Photo image={image} sizes={SLOT.wideFigure} className="h-auto w-full" />
          {/* The caption says the video is on its way, beside a decorative play mark: under the picture on phones, over its foot from sm up. */}
          <figcaption className="poster-shade flex items-center gap-3 px-6 pt-6 text-white sm:absolute sm:inset-x-0 sm:bottom-0 sm:px-8 sm:pt-28 sm:pb-8">
            <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-full bg-white/15 ring-1 ring-white/30">
              <svg className="ml-0.5 size-5" viewBox="0 0 24 24" fill="currentColor" focusable="false">
                <path d="M8 5.5v13l10.5-6.5z" />
              </svg>
            </span>
            <span className="text-lg font-semibold">{section.label}</span>
          </figcaption>
        </figure>
        {/* What a visitor can see now: under the caption on phones, at the poster's lower right from sm up. */}
        <Actions actions={section.actions} surface="dark" className="flex flex-col gap-3 p-6 min-[480px]:flex-row min-[480px]:flex-wrap sm:absolute sm:right-8 sm:bottom-8 sm:p-0" />
      </div>
    </Section>
  );
}
