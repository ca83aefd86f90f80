/** The body of every page: skip link, header, the page's sections, footer. */
import type { ReactNode } from "react";
import { useRender } from "../context.ts";
import { Dialogs } from "./Dialogs.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

export function Body({ children }: { children: ReactNode }) {
  const { labels } = useRender().site;
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        {labels.skipToContent}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <Dialogs />
    </>
  );
}
