/**
 * Section "featureDetails": a category's feature blocks on its own page, from
 * content/collections/features.json. Each block is a split (text and features on
 * one side, the illustration on the other); the sides swap and the backgrounds
 * alternate from block to block.
 */
import type { FeatureDetailsSection } from "../content-types.ts";
import { cx } from "../ui/cx.ts";
import { FeatureList } from "../ui/FeatureList.tsx";
import { Markdown } from "../ui/Markdown.tsx";
import { SplitKicker, SplitLayout } from "./Split.tsx";

export function FeatureDetails({ section }: { section: FeatureDetailsSection }) {
  const first = section.firstImageSide ?? "right";
  const other = first === "right" ? "left" : "right";
  const firstTone = section.firstTone ?? "light";
  const otherTone = firstTone === "light" ? "muted" : "light";
  return (
    <>
      {section.category.groups.map((group, i) => {
        const tone = i % 2 === 0 ? firstTone : otherTone;
        return (
          <SplitLayout key={group.heading} id={group.id} tone={tone} image={group.image} imageSide={i % 2 === 0 ? first : other}>
            <SplitKicker eyebrow={group.eyebrow} tone={tone} />
            <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance text-ink-900 sm:text-4xl">{group.heading}</h2>
            <Markdown md={group.text} className={cx("prose mt-5 text-lg leading-8 text-ink-600")} />
            <FeatureList items={group.items} where="page" tone={tone} className="mt-8 space-y-4 text-base leading-7" />
          </SplitLayout>
        );
      })}
    </>
  );
}
