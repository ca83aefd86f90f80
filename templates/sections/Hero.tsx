/** Section "hero": the page's opening block and its only h1, over a background image. */
import type { HeroSection } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { Inline } from "../ui/Markdown.tsx";

export function Hero({ section }: { section: HeroSection }) {
  const image = section.images[0]!;
  return (
    <section className="relative isolate overflow-hidden bg-ink-950 text-white">
      <img
        src={image.src.src}
        width={image.src.width}
        height={image.src.height}
        alt={image.alt}
        fetchPriority="high"
        className="absolute inset-0 -z-20 size-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-linear-to-r from-ink-950/95 via-ink-950/75 to-ink-950/30" />
      <div className="mx-auto max-w-7xl px-4 pt-32 pb-16 sm:px-6 sm:pt-40 sm:pb-24 lg:px-8 lg:pt-48 lg:pb-32">
        <div className="max-w-3xl">
          {section.eyebrow ? (
            <p className="inline-flex items-center rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-accent-300">{section.eyebrow}</p>
          ) : null}
          <h1 className="mt-5 text-4xl leading-[1.08] font-bold tracking-tight text-balance sm:text-6xl">{section.heading}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-ink-200 sm:text-xl">
            <Inline md={section.text} />
          </p>
          <Actions actions={section.actions} className="mt-9 flex flex-wrap gap-3 [&>a:not(:first-child)]:border-white/40 [&>a:not(:first-child)]:text-white" />
        </div>
        {section.highlights?.length ? (
          <dl className="mt-14 grid max-w-4xl grid-cols-2 gap-x-6 gap-y-8 border-t border-white/15 pt-8 sm:grid-cols-4">
            {section.highlights.map((h) => (
              <div key={h.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm text-ink-300">{h.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-white">{h.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
