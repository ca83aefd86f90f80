/**
 * Section "featureCategories": the /features overview. One card per category of
 * content/collections/features.json with its name (and a Coming Soon badge when the
 * category is marked so), its summary, every feature of its page as
 * "Title – description" (the title on its line, the description under it, the dash
 * read but not shown), and a Read more link to /features/<id>.
 */
import featuresSchema from "../../schemas/collections/features.schema.json" with { type: "json" };
import type { FeatureCategoriesSection, FeatureCategory } from "../content-types.ts";
import { useRender } from "../context.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { Badge } from "../ui/Badge.tsx";
import { cx } from "../ui/cx.ts";
import { FeatureList } from "../ui/FeatureList.tsx";
import { Icon } from "../ui/Icon.tsx";
import { cardSurface, Section, SectionHeading, type Tone } from "../ui/Section.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

/** The address of a category's page: the prefix the schema's x-page gives its id, which the build checks. */
const PAGE_PREFIX = featuresSchema.$defs.category.properties.id["x-page"];
export const categoryHref = (category: FeatureCategory) => `${PAGE_PREFIX}${category.id}`;

/**
 * A category as one row: its name, summary and Read more link on the left, its features
 * in two columns on the right (each title on its line, the description under it), so
 * that the overview scans by title. On phones the two parts stack.
 */
function CategoryCard({ category, tone }: { category: FeatureCategory; tone: Tone }) {
  const { labels } = useRender().site;
  const dark = tone === "dark";
  return (
    <li id={category.id} className={cx("scroll-mt-24 rounded-card border p-6 sm:p-8 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10", cardSurface(tone))}>
      <div className="flex flex-col">
        <span className={cx("grid size-11 shrink-0 place-items-center rounded-xl", dark ? "bg-accent-400/15 text-accent-300" : "bg-brand-50 text-brand-600")}>
          <Icon name={category.icon} className="size-5" />
        </span>
        <h3 className={cx("mt-4 text-xl font-semibold", dark ? "text-white" : "text-ink-900")}>
          {category.title}
          {category.comingSoon ? (
            <>
              {" "}
              <Badge tone={tone}>{labels.comingSoon}</Badge>
            </>
          ) : null}
        </h3>
        <p className={cx("mt-3 leading-7", dark ? "text-ink-300" : "text-ink-600")}>{keepCompounds(category.summary)}</p>
        <a
          href={categoryHref(category)}
          className={cx("mt-5 inline-flex items-center gap-1 self-start font-semibold", dark ? "text-accent-300 hover:text-white" : "text-brand-600 hover:text-brand-800")}
        >
          {labels.readMore}
          <span className="sr-only"> {labels.readMoreAbout.replace("{title}", category.title)}</span>
          <Icon name="arrow-right" className="size-4" />
        </a>
      </div>
      <FeatureList
        items={category.groups.flatMap((g) => g.items)}
        where="overview"
        tone={tone}
        stacked
        className={cx("mt-6 grid content-start gap-x-8 gap-y-2.5 border-t pt-6 sm:gap-y-4 text-sm leading-6 sm:grid-cols-2 lg:mt-0 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-10", dark ? "border-white/10" : "border-ink-100")}
      />
    </li>
  );
}

export function FeatureCategories({ section }: { section: FeatureCategoriesSection }) {
  const tone = section.tone ?? "light";
  return (
    <Section id={section.id} tone={tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={tone} />
      <ul className="mt-12 grid gap-6">
        {section.categories.map((category) => (
          <CategoryCard key={category.id} category={category} tone={tone} />
        ))}
      </ul>
      <Actions actions={section.actions} surface={tone === "dark" ? "dark" : "light"} className={cx("mt-12", CENTERED_ACTIONS)} />
    </Section>
  );
}
