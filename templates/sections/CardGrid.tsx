/** Section "cardGrid": a heading and a grid of cards (audiences, features, problems, roadmap items, links). */
import type { CardGridSection } from "../content-types.ts";
import { useRender } from "../context.ts";
import { Actions } from "../ui/Action.tsx";
import { Badge } from "../ui/Badge.tsx";
import { cx } from "../ui/cx.ts";
import { Icon } from "../ui/Icon.tsx";
import { isExternal, NEW_TAB } from "../ui/links.ts";
import { Inline } from "../ui/Markdown.tsx";
import { cardSurface, CheckList, Section, SectionHeading, type Tone } from "../ui/Section.tsx";

type Card = CardGridSection["cards"][number];

const COLUMNS = { 2: "md:grid-cols-2", 3: "md:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" } as const;

function CardView({ card, tone }: { card: Card; tone: Tone }) {
  const { labels } = useRender().site;
  const dark = tone === "dark";
  const external = card.href ? isExternal(card.href) : false;
  return (
    <li
      className={cx(
        "relative flex flex-col rounded-card border p-6 transition-shadow",
        cardSurface(tone),
        card.href && (dark ? "hover:bg-white/10" : "hover:shadow-lg"),
      )}
    >
      <div className="flex items-start justify-between gap-3">
        {card.icon ? (
          <span className={cx("grid size-11 place-items-center rounded-xl", dark ? "bg-accent-400/15 text-accent-300" : "bg-brand-50 text-brand-600")}>
            <Icon name={card.icon} className="size-5" />
          </span>
        ) : null}
        {card.badge ? (
          <Badge tone={tone}>{card.badge}</Badge>
        ) : null}
      </div>
      {card.label ? <p className={cx("text-sm font-semibold", card.icon || card.badge ? "mt-4" : "", dark ? "text-accent-300" : "text-brand-600")}>{card.label}</p> : null}
      <h3 className={cx("text-lg font-semibold", card.icon && !card.label ? "mt-4" : "mt-1", dark ? "text-white" : "text-ink-900")}>
        {card.href ? (
          <a href={card.href} className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none" {...(external ? NEW_TAB : {})}>
            {card.title}
            {external ? <span className="sr-only"> {labels.newTab}</span> : null}
          </a>
        ) : (
          card.title
        )}
      </h3>
      <p className={cx("mt-2 leading-7", dark ? "text-ink-300" : "text-ink-600")}>
        <Inline md={card.description} />
      </p>
      <CheckList points={card.points} tone={tone} className="mt-4" />
      {card.href && card.linkLabel ? (
        <span aria-hidden="true" className={cx("mt-auto inline-flex items-center gap-1 pt-5 font-semibold", dark ? "text-accent-300" : "text-brand-600")}>
          {card.linkLabel}
          <Icon name="arrow-right" className="size-4" />
        </span>
      ) : null}
    </li>
  );
}

export function CardGrid({ section }: { section: CardGridSection }) {
  const tone = section.tone ?? "light";
  return (
    <Section id={section.id} tone={tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={tone} />
      <ul className={cx("mt-12 grid gap-6", COLUMNS[section.columns ?? 3])}>
        {section.cards.map((card) => (
          <CardView key={card.title} card={card} tone={tone} />
        ))}
      </ul>
      <Actions actions={section.actions} className="mt-12 flex flex-wrap justify-center gap-3" />
    </Section>
  );
}
