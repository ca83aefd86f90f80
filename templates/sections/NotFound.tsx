/** Section "notFound": the message of the not-found page; also logs the missing address to the console. */
import type { NotFoundSection } from "../content-types.ts";
import PathLogger from "../islands/PathLogger.tsx";
import { useRender } from "../context.ts";
import { ButtonLink } from "../ui/Button.tsx";
import { Island } from "json-site/api";
import { Inline } from "../ui/Markdown.tsx";
import { keepCompounds } from "../ui/compounds.tsx";

export function NotFound({ section }: { section: NotFoundSection }) {
  const { labels } = useRender().site;
  return (
    <section className="grid min-h-[70vh] place-items-center px-4 pt-28 pb-20 text-center">
      <div className="max-w-xl">
        {section.code ? <p className="text-7xl font-bold tracking-tight text-brand-600 sm:text-8xl">{section.code}</p> : null}
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">{keepCompounds(section.heading)}</h1>
        {section.text ? (
          <p className="mt-4 text-lg text-ink-600">
            <Inline md={section.text} />
          </p>
        ) : null}
        <ButtonLink href={section.link.href} size="lg" className="mt-8">
          {section.link.label}
        </ButtonLink>
        <Island name="PathLogger" component={PathLogger} props={{ message: labels.notFoundLog }} />
      </div>
    </section>
  );
}
