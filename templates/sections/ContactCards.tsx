/** Section "contactCards": an e-mail card (site contactEmail, with a subject) and a help centre card (site links.help). */
import type { ContactCardsSection } from "../content-types.ts";
import { useRender } from "../context.ts";
import { buttonClass } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";
import { mailto, NEW_TAB } from "../ui/links.ts";
import { cardSurface, Section, SectionHeading } from "../ui/Section.tsx";

export function ContactCards({ section }: { section: ContactCardsSection }) {
  const { site } = useRender();
  const card = `flex flex-col rounded-card border p-7 sm:p-8 ${cardSurface("light")}`;
  return (
    <Section id={section.id}>
      <SectionHeading heading={section.heading} text={section.text} />
      <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        <li className={card}>
          <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600">
            <Icon name="mail" className="size-6" />
          </span>
          <h3 className="mt-5 text-xl font-semibold text-ink-900">{section.email.title}</h3>
          <p className="mt-2 flex-1 leading-7 text-ink-600">{section.email.description}</p>
          <p className="mt-4 font-semibold break-all text-brand-700">{site.contactEmail}</p>
          <a href={mailto(site.contactEmail, section.email.subject)} className={buttonClass("default", "lg", "mt-6 self-start")}>
            {section.email.label}
          </a>
        </li>
        <li className={card}>
          <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600">
            <Icon name="document" className="size-6" />
          </span>
          <h3 className="mt-5 text-xl font-semibold text-ink-900">{section.help.title}</h3>
          <p className="mt-2 flex-1 leading-7 text-ink-600">{section.help.description}</p>
          <a href={site.links.help} className={buttonClass("outline", "lg", "mt-6 self-start")} {...NEW_TAB}>
            {section.help.label}
            <span className="sr-only"> {site.labels.newTab}</span>
          </a>
        </li>
      </ul>
    </Section>
  );
}
