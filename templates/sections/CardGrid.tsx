/** Section "cardGrid": a heading and a grid of cards (audiences, features, problems, roadmap items, links), or of compact list rows (layout "list"), or of illustrative scenarios (layout "scenarios"). */
import type { CardGridSection } from "../content-types.ts";
import { useRender } from "../context.ts";
import { Actions, CENTERED_ACTIONS } from "../ui/Action.tsx";
import { Badge } from "../ui/Badge.tsx";
import { cx } from "../ui/cx.ts";
import { Icon } from "../ui/Icon.tsx";
import { isExternal, NEW_TAB } from "../ui/links.ts";
import { Inline } from "../ui/Markdown.tsx";
import { keepCompounds } from "../ui/compounds.tsx";
import { cardSurface, CheckList, Section, SectionHeading, type Tone } from "../ui/Section.tsx";

type Card = CardGridSection["cards"][number];

const COLUMNS = { 2: "md:grid-cols-2", 3: "md:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" } as const;

/** A card's title, a link over the whole card when it has an address (the link's pseudo-element covers the card). */
function CardTitle({ card, linkClassName }: { card: Card; linkClassName: string }) {
  const { labels } = useRender().site;
  if (!card.href) return <>{keepCompounds(card.title)}</>;
  const external = isExternal(card.href);
  return (
    <a href={card.href} className={linkClassName} {...(external ? NEW_TAB : {})}>
      {keepCompounds(card.title)}
      {external ? <span className="sr-only"> {labels.newTab}</span> : null}
    </a>
  );
}

/**
 * A card. On phones it is a compact row (icon beside the text) so long grids stay
 * short; from 640 px the icon sits above the text. A badge every card of the grid
 * shares (twelve "Coming Soon" in a roadmap) stays on each card, since it belongs
 * to each, but as a quiet label under the title rather than a row of loud pills.
 */
function CardView({ card, tone, sharedBadge }: { card: Card; tone: Tone; sharedBadge: boolean }) {
  const dark = tone === "dark";
  const badge = card.badge && !sharedBadge ? card.badge : undefined;
  const quiet = card.badge && sharedBadge ? card.badge : undefined;
  return (
    <li
      className={cx(
        "relative flex gap-4 rounded-card border p-5 transition-shadow sm:flex-col sm:gap-0 sm:p-6",
        cardSurface(tone),
        card.href && (dark ? "hover:bg-white/10" : "hover:shadow-lg"),
      )}
    >
      {card.icon ? (
        <span className={cx("grid size-10 shrink-0 place-items-center rounded-xl sm:size-11", dark ? "bg-accent-400/15 text-accent-300" : "bg-brand-50 text-brand-600")}>
          <Icon name={card.icon} className="size-5" />
        </span>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        {/* One badge: above the title on phones, in the card's top corner from 640 px. */}
        {badge ? (
          <span className={cx("mb-2 self-start sm:absolute sm:top-6 sm:right-6 sm:mb-0", !card.icon && "sm:static sm:mb-2")}>
            <Badge tone={tone}>{badge}</Badge>
          </span>
        ) : null}
        {card.label ? <p className={cx("text-sm font-semibold", card.icon ? "sm:mt-4" : "", dark ? "text-accent-300" : "text-brand-600")}>{card.label}</p> : null}
        <h3 className={cx("text-lg font-semibold", card.label ? "mt-1" : card.icon ? "sm:mt-4" : "", dark ? "text-white" : "text-ink-900")}>
          <CardTitle card={card} linkClassName="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none" />
        </h3>
        {quiet ? <p className={cx("mt-0.5 text-xs font-semibold tracking-wide uppercase", dark ? "text-accent-300" : "text-brand-700")}>{quiet}</p> : null}
        {card.description ? (
          <p className={cx("mt-1 leading-7 sm:mt-2", dark ? "text-ink-300" : "text-ink-600")}>
            <Inline md={card.description} />
          </p>
        ) : null}
        <CheckList points={card.points} tone={tone} className="mt-4" />
        {card.href && card.linkLabel ? (
          <span aria-hidden="true" className={cx("mt-auto inline-flex items-center gap-1 pt-4 font-semibold sm:pt-5", dark ? "text-accent-300" : "text-brand-600")}>
            {card.linkLabel}
            <Icon name="arrow-right" className="size-4" />
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** The badge every card carries, when there are several cards and they all carry the same one. */
export function sharedBadge(cards: Card[]): string | undefined {
  const first = cards[0]?.badge;
  return cards.length > 1 && first && cards.every((c) => c.badge === first) ? first : undefined;
}

/** The list layout's columns: two from 640 px, then as many as content asks. */
const LIST_COLUMNS = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" } as const;

/**
 * An item of the list layout: a row with a small icon, the title and its line of text,
 * no box (titles alone, as in a roadmap, go two to a row even on phones; so do the
 * titles of a long list, whose texts phones leave to screen readers). A badge the whole list shares is shown once above the list (see CardGrid), and
 * read with each item by screen readers; a badge of its own sits after the title.
 */
function ListItem({ card, tone, shared, compact }: { card: Card; tone: Tone; shared: string | undefined; compact: boolean }) {
  const dark = tone === "dark";
  return (
    <li className={cx("relative flex gap-3.5 border-t py-4 sm:py-5", dark ? "border-white/10" : "border-ink-200")}>
      {card.icon ? (
        <span className={cx("mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg", dark ? "bg-accent-400/15 text-accent-300" : "bg-brand-50 text-brand-600")}>
          <Icon name={card.icon} className="size-4" />
        </span>
      ) : null}
      <div className="min-w-0">
        <h3 className={cx("font-semibold", dark ? "text-white" : "text-ink-900")}>
          <CardTitle card={card} linkClassName="after:absolute after:inset-0 focus-visible:outline-none hover:underline" />
          {shared ? <span className="sr-only">, {shared}</span> : card.badge ? (
            <span className="ml-2 align-middle">
              <Badge tone={tone}>{card.badge}</Badge>
            </span>
          ) : null}
        </h3>
        {card.description ? (
          <p className={cx("mt-1 text-sm leading-6", compact && "max-sm:sr-only", dark ? "text-ink-300" : "text-ink-600")}>
            <Inline md={card.description} />
          </p>
        ) : null}
        <CheckList points={card.points} tone={tone} className="mt-3" />
      </div>
    </li>
  );
}

/**
 * A card of the scenarios layout: an illustrative example rather than a customer. The
 * dashed frame and tinted ground set it apart from the site's cards and quotes; the
 * result (the title) is the largest type, under the kind of building (the label).
 */
function ScenarioCard({ card, tone }: { card: Card; tone: Tone }) {
  const dark = tone === "dark";
  return (
    <li className={cx("flex flex-col rounded-card border-2 border-dashed p-6", dark ? "border-white/20 bg-white/5" : "border-brand-200 bg-brand-50/50")}>
      <div className="flex items-center gap-3">
        {card.icon ? (
          <span className={cx("grid size-9 shrink-0 place-items-center rounded-lg", dark ? "bg-accent-400/15 text-accent-300" : "bg-white text-brand-600 shadow-card")}>
            <Icon name={card.icon} className="size-5" />
          </span>
        ) : null}
        {card.label ? <p className={cx("text-sm leading-5 font-semibold", dark ? "text-accent-300" : "text-brand-700")}>{card.label}</p> : null}
      </div>
      <h3 className={cx("mt-5 text-2xl leading-tight font-bold tracking-tight text-balance", dark ? "text-white" : "text-ink-900")}>{keepCompounds(card.title)}</h3>
      {card.description ? (
        <p className={cx("mt-3 leading-7", dark ? "text-ink-300" : "text-ink-600")}>
          <Inline md={card.description} />
        </p>
      ) : null}
      <CheckList points={card.points} tone={tone} className="mt-4" />
    </li>
  );
}

export function CardGrid({ section }: { section: CardGridSection }) {
  const tone = section.tone ?? "light";
  const shared = sharedBadge(section.cards);
  const list = section.layout === "list";
  // A long list (eight items or more, none with points) goes two titles to a row on phones; each text stays for screen readers (the wide layout shows it).
  const compact = list && section.cards.length >= 8 && !section.cards.some((c) => c.points?.length);
  return (
    <Section id={section.id} tone={tone}>
      <SectionHeading eyebrow={section.eyebrow} heading={section.heading} text={section.text} tone={tone} />
      {list ? (
        <>
          {shared ? (
            <p className="mt-8 flex justify-center" aria-hidden="true">
              <Badge tone={tone}>{shared}</Badge>
            </p>
          ) : null}
          <ul className={cx("grid gap-x-6 sm:gap-x-10", compact || !section.cards.some((c) => c.description) ? "grid-cols-2" : "", shared ? "mt-6" : "mt-10 sm:mt-12", LIST_COLUMNS[section.columns ?? 3])}>
            {section.cards.map((card) => (
              <ListItem key={card.title} card={card} tone={tone} shared={shared} compact={compact} />
            ))}
          </ul>
        </>
      ) : section.layout === "scenarios" ? (
        <ul className={cx("mt-10 grid gap-4 sm:mt-12 sm:gap-6", COLUMNS[section.columns ?? 3])}>
          {section.cards.map((card) => (
            <ScenarioCard key={card.title} card={card} tone={tone} />
          ))}
        </ul>
      ) : (
        <ul className={cx("mt-10 grid gap-4 sm:mt-12 sm:gap-6", COLUMNS[section.columns ?? 3])}>
          {section.cards.map((card) => (
            <CardView key={card.title} card={card} tone={tone} sharedBadge={Boolean(shared)} />
          ))}
        </ul>
      )}
      <Actions actions={section.actions} className={cx("mt-12", CENTERED_ACTIONS)} />
    </Section>
  );
}
