/** Section "split": text beside an illustration, on either side. */
import type { ReactNode } from "react";
import type { SplitSection } from "../content-types.ts";
import { Actions } from "../ui/Action.tsx";
import { Badge } from "../ui/Badge.tsx";
import { cx } from "../ui/cx.ts";
import { Markdown } from "../ui/Markdown.tsx";
import { SLOT } from "../ui/Photo.tsx";
import { Screen } from "../ui/Screen.tsx";
import { CheckList, Eyebrow, Section, type Tone } from "../ui/Section.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

/** The two-column frame of a split: children beside the image; on phones the image comes after, a drawing of screens enlarged and cropped (ui/Screen.tsx). */
export function SplitLayout({
  id,
  tone,
  image,
  imageSide,
  children,
}: {
  id?: string | undefined;
  tone: Tone;
  image: SplitSection["image"];
  imageSide?: "left" | "right" | undefined;
  children: ReactNode;
}) {
  return (
    <Section id={id} tone={tone}>
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className={cx(imageSide === "left" && "lg:order-2")}>{children}</div>
        <Screen image={image} sizes={SLOT.halfWithGap} className={cx(imageSide === "left" && "lg:order-1")} />
      </div>
    </Section>
  );
}

/** The text side's opening: eyebrow and badge, the heading, the text. */
export function SplitIntro({
  eyebrow,
  badge,
  heading,
  text,
  tone,
}: {
  eyebrow?: string | undefined;
  badge?: string | undefined;
  heading: string;
  text: SplitSection["text"];
  tone: Tone;
}) {
  const dark = tone === "dark";
  return (
    <>
      {eyebrow || badge ? (
        <p className="flex flex-wrap items-center gap-3">
          {eyebrow ? (
            <Eyebrow tone={tone} as="span">
              {eyebrow}
            </Eyebrow>
          ) : null}
          {badge ? <Badge tone={tone}>{badge}</Badge> : null}
        </p>
      ) : null}
      <h2 className={cx("mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl", dark ? "text-white" : "text-ink-900")}>{keepCompounds(heading)}</h2>
      <Markdown md={text} className={cx("prose mt-5 text-base leading-7 sm:text-lg sm:leading-8", dark ? "text-ink-300" : "text-ink-600")} />
    </>
  );
}

export function Split({ section }: { section: SplitSection }) {
  const tone = section.tone ?? "light";
  const dark = tone === "dark";
  return (
    <SplitLayout id={section.id} tone={tone} image={section.image} imageSide={section.imageSide}>
      <SplitIntro eyebrow={section.eyebrow} badge={section.badge} heading={section.heading} text={section.text} tone={tone} />
      <CheckList points={section.points} tone={tone} className="mt-6 text-base" />
      <Actions actions={section.actions} surface={dark ? "dark" : "light"} className="mt-8 flex flex-wrap gap-3" />
    </SplitLayout>
  );
}
