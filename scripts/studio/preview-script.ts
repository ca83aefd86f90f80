/**
 * The script the Studio adds to a previewed page (and only there: drafts.ts serves
 * previews, a build never has it). It runs at the end of the body, before first paint:
 *
 * - turns the renderer's <studio-section data-section="i"> markers into a
 *   data-studio-section attribute on each section's first element, and removes them;
 * - restores the scroll position the Studio passes (?__y=), so that a new render of
 *   the draft does not jump to the top;
 * - reports to the Studio (postMessage to its origin only): clicks (the section, or the
 *   header or footer, and the clicked text, so that the form selects that field; a link to
 *   another page of the site is followed unless Alt is held, one off the site never), the
 *   scroll position, and that the page is shown (with the time, for the bench).
 */
export function previewScript(studioOrigin: string): string {
  // `__name`: what a TypeScript runner may wrap named functions in (esbuild's keepNames); the page has no such helper.
  return `<script>(()=>{const __name=(f)=>f;(${main.toString()})(${JSON.stringify(studioOrigin)});})();</script>`;
}

function main(studio: string): void {
  const post = (message: object) => parent.postMessage(message, studio);
  for (const marker of Array.from(document.querySelectorAll("studio-section"))) {
    const next = marker.nextElementSibling;
    if (next) next.setAttribute("data-studio-section", marker.getAttribute("data-section") ?? "");
    marker.remove();
  }
  const y = Number(new URLSearchParams(location.search).get("__y"));
  if (y > 0) {
    document.documentElement.style.scrollBehavior = "auto";
    scrollTo(0, y);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  addEventListener(
    "scroll",
    () => {
      clearTimeout(timer);
      timer = setTimeout(() => post({ type: "studio-scroll", y: Math.round(scrollY) }), 80);
    },
    { passive: true },
  );
  addEventListener(
    "click",
    (event) => {
      const start = event.target instanceof Element ? event.target : (event.target as Node | null)?.parentElement;
      if (!start) return;
      const link = start.closest("a[href]");
      const href = link?.getAttribute("href") ?? "";
      // A link to another page of the site is followed (the preview shows that page, the Studio opens its file);
      // Alt+click selects its field instead, and a link off the site is never followed from the preview.
      if (link && !href.startsWith("#")) {
        if (href.startsWith("/") && !href.startsWith("//") && !(event as MouseEvent).altKey) return;
        event.preventDefault();
        if (!href.startsWith("/") || href.startsWith("//")) post({ type: "studio-external", href });
      }
      const section = start.closest("[data-studio-section]");
      const block = start.closest("h1,h2,h3,h4,h5,h6,p,li,a,button,figcaption,blockquote,dt,dd,td,th,label,summary") ?? start;
      const text = (block.textContent ?? "").replace(/\s+/g, " ").trim();
      const img = start.closest("img");
      // Outside the sections: the site's header or footer (content/site.json), which the Studio searches first.
      const chrome = start.closest("footer") ? "footer" : start.closest("header") ? "header" : undefined;
      post({ type: "studio-select", section: section ? Number(section.getAttribute("data-studio-section")) : -1, text, image: img?.getAttribute("src") ?? undefined, chrome });
    },
    true,
  );
  requestAnimationFrame(() => post({ type: "studio-shown", address: location.pathname, version: Number(new URLSearchParams(location.search).get("v")) }));
}
