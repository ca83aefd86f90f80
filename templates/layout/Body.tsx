/**
 * The body of every page: skip link, header, the page's sections, footer. The header,
 * footer and dialogs are the same on most pages: the build renders each once per
 * distinct input and splices it in (Cached).
 */
import type { ReactNode } from "react";
import { useRender } from "../context.ts";
import { Cached, Island } from "json-site/api";
import Attribution from "../islands/Attribution.tsx";
import { Dialogs } from "./Dialogs.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

export function Body({ children }: { children: ReactNode }) {
  const { site, page, dialogTriggers } = useRender();
  const { labels } = site;
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        {labels.skipToContent}
      </a>
      {/* The header reads only the site and these two page fields (Header.tsx). */}
      <Cached id="header" by={() => [page.demoTitle ?? null, page.header ?? null]}>
        <Header />
      </Cached>
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Cached id="footer">
        <Footer />
      </Cached>
      {/* Which dialogs a page includes depends on the triggers its sections registered (Dialogs.tsx). */}
      <Cached id="dialogs" by={() => [dialogTriggers.has("assessment")]}>
        <Dialogs />
      </Cached>
      {/* leads.attribution: every page notes the visit, for the context of a later lead. */}
      {site.leads.attribution ? <Island name="Attribution" component={Attribution} props={{}} /> : null}
    </>
  );
}
