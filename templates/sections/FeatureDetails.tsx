/**
 * Section "featureDetails": a category's feature blocks on its own page, from
 * content/collections/features.json. Each block is a split (text and features on
 * one side, the illustration on the other); the sides swap and the backgrounds
 * alternate from block to block.
 */
import type { FeatureDetailsSection } from "../content-types.ts";
import { FeatureList } from "../ui/FeatureList.tsx";
import { SplitIntro, SplitLayout } from "./Split.tsx";

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
            <SplitIntro eyebrow={group.eyebrow} heading={group.heading} text={group.text} tone={tone} />
            <FeatureList items={group.items} where="page" tone={tone} className="mt-8 space-y-4 text-base leading-7" />
          </SplitLayout>
        );
      })}
    </>
  );
}
