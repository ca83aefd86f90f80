/**
 * The page of a guide (content/guides/<name>.md): breadcrumb, title, level and
 * reading time, a table of contents built from the ## headings, and the article.
 * On wide screens the contents stay beside the text as the reader scrolls.
 */
import type { Guide } from "../content-types.ts";
import { useRender } from "../context.ts";
import type { MdNode } from "json-site/api";
import { Badge } from "../ui/Badge.tsx";
import { Icon } from "../ui/Icon.tsx";
import { Markdown, plainText, slug } from "../ui/Markdown.tsx";

/** A guide as the build resolves it: its record id and its page's address added. */
export type GuideRecord = Guide & { id: string; href: string };

/** The ## headings of a guide, with the anchors the article gives them. */
export function tableOfContents(guide: Guide): { id: string; text: string }[] {
  return guide.body.children
    .filter((n): n is Extract<MdNode, { type: "heading" }> => n.type === "heading" && n.depth === 2)
    .map((n) => ({ text: plainText(n.children), id: slug(plainText(n.children)) }));
}

/** Where a guide's breadcrumb leads: the page that lists the guides. */
export const GUIDES_HOME = "/resources";

export function GuideArticle({ guide }: { guide: Guide }) {
  const { labels } = useRender().site;
  const toc = tableOfContents(guide);
  return (
    <article className="bg-white pt-28 pb-20 sm:pt-32">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="text-sm text-ink-600">
          <a href={GUIDES_HOME} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:text-brand-900">
            <span aria-hidden="true" className="inline-block rotate-180">
              <Icon name="arrow-right" className="size-4" />
            </span>
            {labels.allResources}
          </a>
        </p>
        <header className="mt-6 max-w-3xl">
          <p className="flex flex-wrap items-center gap-3 text-sm text-ink-600">
            <Badge>{guide.level}</Badge>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="clock" className="size-4" />
              {labels.minutesRead.replace("{minutes}", String(guide.readTime))}
            </span>
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-ink-900 sm:text-5xl">{guide.title}</h1>
          <p className="mt-5 text-xl leading-8 text-ink-600">{guide.description}</p>
        </header>
        <div className="mt-12 grid gap-12 border-t border-ink-100 pt-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
          <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="toc-heading" className="text-sm font-semibold tracking-wide text-ink-900 uppercase">
              {labels.onThisPage}
            </h2>
            <ol className="mt-4 space-y-2 border-l border-ink-200 text-sm">
              {toc.map((t) => (
                <li key={t.id}>
                  <a href={`#${t.id}`} className="-ml-px block border-l-2 border-transparent py-1 pl-4 text-ink-600 hover:border-brand-500 hover:text-ink-900">
                    {t.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <Markdown md={guide.body} headings="article" className="prose article max-w-3xl [&>h2:first-child]:mt-0" />
        </div>
      </div>
    </article>
  );
}

/** A guide's page as the guide kind draws it (templates/site.ts). */
export function GuideEntry({ entry }: { entry: Guide }) {
  return <GuideArticle guide={entry} />;
}
