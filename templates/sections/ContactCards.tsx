/** Section "contactCards": an e-mail card (site contactEmail, with a subject) and a help centre card (site links.help). */
import type { ReactNode } from "react";
import type { ContactCardsSection, IconName } from "../content-types.ts";
import { useRender } from "../context.ts";
import { buttonClass } from "../ui/Button.tsx";
import { Icon } from "../ui/Icon.tsx";
import { mailto, NEW_TAB } from "../ui/links.ts";
import { cardSurface, Section, SectionHeading } from "../ui/Section.tsx";

function ContactCard({ icon, title, description, children }: { icon: IconName; title: string; description: string; children: ReactNode }) {
  return (
    <li className={`flex flex-col rounded-card border p-7 sm:p-8 ${cardSurface("light")}`}>
      <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600">
        <Icon name={icon} className="size-6" />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-ink-900">{title}</h3>
      <p className="mt-2 flex-1 leading-7 text-ink-600">{description}</p>
      {children}
    </li>
  );
}

export function ContactCards({ section }: { section: ContactCardsSection }) {
  const { site } = useRender();
  const { email, help } = section;
  return (
    <Section id={section.id}>
      <SectionHeading heading={section.heading} text={section.text} />
      <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        <ContactCard icon="mail" title={email.title} description={email.description}>
          <p className="mt-4 font-semibold break-all text-brand-700">{site.contactEmail}</p>
          <a href={mailto(site.contactEmail, email.subject)} className={buttonClass("default", "lg", "mt-6 self-start")}>
            {email.label}
          </a>
        </ContactCard>
        <ContactCard icon="life-buoy" title={help.title} description={help.description}>
          <a href={site.links.help} className={buttonClass("outline", "lg", "mt-6 self-start")} {...NEW_TAB}>
            {help.label}
            <span className="sr-only"> {site.labels.newTab}</span>
          </a>
        </ContactCard>
      </ul>
    </Section>
  );
}
