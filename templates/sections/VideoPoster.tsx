/**
 * Section "videoPoster": a video's poster before the video exists. The play mark is
 * decorative and the label says the video is coming, so the poster is a figure, not
 * a control that does nothing.
 */
import type { VideoPosterSection } from "../content-types.ts";
import { cx } from "../ui/cx.ts";
import { Photo, SLOT } from "../ui/Photo.tsx";
import { Section, SectionHeading } from "../ui/Section.tsx";

export function VideoPoster({ section }: { section: VideoPosterSection }) {
  const { image } = section;
  return (
    <Section id={section.id} tone={section.tone ?? "light"}>
      {section.heading ? <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} /> : null}
      <figure className={cx("relative mx-auto max-w-5xl overflow-hidden rounded-3xl shadow-card", section.heading && "mt-12")}>
        <Photo image={image} sizes={SLOT.wideFigure} className="h-auto w-full" />
        <div aria-hidden="true" className="absolute inset-0 grid place-items-center bg-ink-950/25">
          <span className="grid size-20 place-items-center rounded-full bg-white/90 text-brand-700 shadow-lg sm:size-24">
            <svg className="ml-1 size-9 sm:size-10" viewBox="0 0 24 24" fill="currentColor" focusable="false">
              <path d="M8 5.5v13l10.5-6.5z" />
            </svg>
          </span>
        </div>
        <figcaption className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-ink-950/80 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white">
          {section.label}
        </figcaption>
      </figure>
    </Section>
  );
}
