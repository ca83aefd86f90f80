/**
 * The script the Studio adds to a previewed page (and only there: drafts.ts serves
 * previews, a build never has it). It runs at the end of the body, before first paint:
 *
 * - turns the renderer's <studio-section data-section="i"> markers into a
 *   data-studio-section attribute on each section's first element, and removes them;
 * - restores the scroll position the Studio passes (?__y=), so that a new render of
 *   the draft does not jump to the top;
 * - shows a new render of the same page in place when it can (the Studio posts
 *   "studio-render" with its address): it reads the new render's HTML and the one shown,
 *   and puts in the page only the elements that differ, so that a keystroke costs the
 *   parts it changed, not a page load. It loads the new render instead whenever an
 *   in-place update could differ from loading it: the head or the body's attributes
 *   changed, an island or a script is in what changed, the page has a script of its
 *   own (it may have bound what would be replaced), or the page's elements no longer
 *   match the HTML they came from. The result is the render's HTML, element for element
 *   (tests/studio/preview.spec.ts compares it with a fresh load);
 * - reports to the Studio (postMessage to its origin only): clicks (the section, or the
 *   header or footer, and the clicked text, so that the form selects that field; a link to
 *   another page of the site is followed unless Alt is held, one off the site never), the
 *   scroll position, and that the page is shown (with the time, for the bench).
 */
export function previewScript(studioOrigin: string): string {
  // `__name`: what a TypeScript runner may wrap named functions in (esbuild's keepNames); the page has no such helper.
  return `<script data-studio-preview>(()=>{const __name=(f)=>f;(${main.toString()})(${JSON.stringify(studioOrigin)});})();</script>`;
}

function main(studio: string): void {
  const post = (message: object) => parent.postMessage(message, studio);
  const shown = () => requestAnimationFrame(() => post({ type: "studio-shown", address: location.pathname, version: Number(new URLSearchParams(location.search).get("v")), y: Math.round(scrollY) }));
  /** The renderer's section markers made attributes of the sections' first elements (in the page, and in each render read for an update). */
  const mark = (doc: Document) => {
    for (const marker of Array.from(doc.querySelectorAll("studio-section"))) {
      const next = marker.nextElementSibling;
      if (next) next.setAttribute("data-studio-section", marker.getAttribute("data-section") ?? "");
      marker.remove();
    }
  };
  mark(document);

  // In-place updates. `source`: the HTML the page's elements now come from, parsed and marked as the page was.
  let sourceUrl = location.href;
  let source: Document | undefined;
  let latest = 0;
  const parse = (html: string) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    mark(doc);
    return doc;
  };
  const read = async (url: string) => {
    const res = await fetch(url, { credentials: "same-origin" });
    if (!res.ok) throw new Error(String(res.status));
    return res.text();
  };
  const sameAttributes = (a: Element, b: Element) => a.attributes.length === b.attributes.length && Array.from(a.attributes).every((x) => b.getAttribute(x.name) === x.value);
  /** Scripts the generator writes (islands' modules, data) and this one; any other may have bound elements when the page loaded. */
  const ownScripts = (doc: Document) =>
    Array.from(doc.scripts).every((s) => s.hasAttribute("data-studio-preview") || /^application\/(ld\+)?json$/.test(s.type) || (s.type === "module" && (s.getAttribute("src") ?? "").startsWith("/assets/islands/")));
  const live = (el: Node) => el instanceof Element && (el.matches("ssg-island, script") || el.querySelector("ssg-island, script") !== null);
  /** Makes `shown` (the page's node that came from `before`) what `after` is; false when it cannot be done in place. */
  const update = (before: Node, after: Node, shown: Node): boolean => {
    if (before.nodeType !== shown.nodeType || before.nodeName !== shown.nodeName) return false;
    if (before.isEqualNode(after)) return true;
    if (before instanceof Element && after instanceof Element && before.tagName === after.tagName && sameAttributes(before, after) && !before.matches("ssg-island, script")) {
      const [b, a, s] = [before.childNodes, after.childNodes, shown.childNodes];
      if (b.length === a.length && b.length === s.length) {
        for (let i = 0; i < b.length; i++) if (!update(b[i]!, a[i]!, s[i]!)) return false;
        return true;
      }
    }
    if (live(before) || live(after)) return false;
    (shown as ChildNode).replaceWith(document.importNode(after, true));
    return true;
  };
  const render = async (src: string, y: number, given: string | undefined) => {
    const asked = ++latest;
    const target = new URL(src, location.href);
    const load = () => {
      post({ type: "studio-loading" });
      location.replace(`${target.pathname}${target.search}&__y=${y}`);
    };
    if (target.origin !== location.origin || target.pathname !== location.pathname) return load();
    try {
      const [was, html] = await Promise.all([source ?? read(sourceUrl).then(parse), given ?? read(target.href)]);
      if (asked !== latest) return;
      const next = parse(html);
      const inPlace =
        ownScripts(was) &&
        ownScripts(next) &&
        was.head.isEqualNode(next.head) &&
        sameAttributes(was.documentElement, next.documentElement) &&
        sameAttributes(was.body, next.body) &&
        update(was.body, next.body, document.body);
      // A failed update may have changed some elements already: the page is loaded whole.
      if (!inPlace) return load();
      source = next;
      sourceUrl = target.href;
      history.replaceState(history.state, "", `${target.pathname}${target.search}`);
      shown();
    } catch {
      if (asked === latest) load();
    }
  };
  addEventListener("message", (event) => {
    const m = event.data as { type?: unknown; src?: unknown; html?: unknown; y?: unknown } | null;
    if (event.origin !== studio || event.source !== parent || m?.type !== "studio-render" || typeof m.src !== "string") return;
    void render(m.src, Number(m.y) || 0, m.html instanceof ArrayBuffer ? new TextDecoder().decode(m.html) : undefined);
  });

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
  shown();
}
