/**
 * The frame shared by content sections: background tone, vertical rhythm, the page
 * width, and the eyebrow / heading / intro text block.
 */
import type { ReactNode } from "react";
import type { InlineMarkdown } from "json-site/api";
import { cx } from "./cx.ts";
import { Inline } from "./Markdown.tsx";
import { keepCompounds } from "./compounds.tsx";

export type Tone = "light" | "muted" | "dark";

const TONES: Record<Tone, string> = {
  light: "bg-white text-ink-900",
  muted: "bg-ink-50 text-ink-900",
  dark: "bg-ink-950 text-white",
};

export function Section({ id, tone = "light", className, children }: { id?: string | undefined; tone?: Tone | undefined; className?: string; children: ReactNode }) {
  return (
    <section id={id} className={cx("py-14 sm:py-24", TONES[tone], className)} data-tone={tone}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

/** The surface of a card on a block of the given tone. */
export function cardSurface(tone: Tone | undefined): string {
  return tone === "dark" ? "border-white/10 bg-white/5" : "border-ink-200 bg-white shadow-card";
}

/** The short uppercase line above a heading. */
export function Eyebrow({ tone, as: Tag = "p", children }: { tone?: Tone | undefined; as?: "p" | "span"; children: ReactNode }) {
  return <Tag className={cx("text-sm font-semibold tracking-wide uppercase", tone === "dark" ? "text-accent-300" : "text-brand-600")}>{children}</Tag>;
}

export function SectionHeading({
  eyebrow,
  heading,
  text,
  tone = "light",
  align = "center",
}: {
  eyebrow?: string | undefined;
  heading: string;
  text?: InlineMarkdown | undefined;
  tone?: Tone | undefined;
  align?: "center" | "left";
}) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-2xl"}>
      {eyebrow ? <Eyebrow tone={tone}>{eyebrow}</Eyebrow> : null}
      <h2 className={cx("mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl", dark ? "text-white" : "text-ink-900")}>{keepCompounds(heading)}</h2>
      {text ? (
        <p className={cx("mt-5 text-base leading-7 sm:text-lg sm:leading-8", dark ? "text-ink-300" : "text-ink-600")}>
          <Inline md={text} />
        </p>
      ) : null}
    </div>
  );
}

export function CheckList({ points, tone = "light", className }: { points: string[] | undefined; tone?: Tone | undefined; className?: string }) {
  if (!points?.length) return null;
  return (
    <ul className={cx("space-y-2 text-sm", tone === "dark" ? "text-ink-200" : "text-ink-700", className)}>
      {points.map((p) => (
        <li key={p} className="flex gap-2">
          <svg className={cx("icon-stroke mt-0.5 size-4 shrink-0", tone === "dark" ? "text-accent-300" : "text-accent-600")} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M20 6L9 17l-5-5" />
          </svg>
          <span>{keepCompounds(p)}</span>
        </li>
      ))}
    </ul>
  );
}
