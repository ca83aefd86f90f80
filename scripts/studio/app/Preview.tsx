/**
 * The preview: the page rendered from the drafts by the site's own templates, in a
 * frame titled "Preview", at a phone's or a laptop's width. A new render replaces the
 * frame's page at the same scroll position (the preview's script restores it), in place
 * when it is the page already shown (preview-script.ts updates only what changed); clicks
 * in it come back as "select this" messages, only from the preview's origin.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { previewOrigin } from "./api.ts";

export interface PreviewSelect {
  section: number;
  text: string;
  image?: string;
  /** A click outside the sections: in the site's header or footer. */
  chrome?: "header" | "footer";
}

/**
 * The newest render's address (with its version), kept outside the app's state: a render
 * re-renders the preview alone, not the form beside it, whose render would hold the page's
 * thread (the frame's too) while the preview updates.
 */
export interface Render {
  /** The page's address and the render's version: "/pricing?v=12". */
  src: string;
  /** Its HTML's bytes, when the app has them (the draft's reply): the frame then need not ask for it. */
  html?: ArrayBuffer;
}

export interface PreviewSource {
  get(): Render | undefined;
  set(render: Render): void;
  subscribe(listener: () => void): () => void;
}

export function previewSource(): PreviewSource {
  let render: Render | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => render,
    set(next) {
      if (next.src === render?.src) return;
      render = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function Preview({ source, stale = false, onSelect, onNavigate }: { source: PreviewSource; stale?: boolean; onSelect: (m: PreviewSelect) => void; onNavigate: (address: string) => void }) {
  const render = useSyncExternalStore(source.subscribe, source.get);
  const src = render?.src;
  const [note, setNote] = useState("");
  const [width, setWidth] = useState<"phone" | "desktop">("desktop");
  const frame = useRef<HTMLIFrameElement>(null);
  const scroll = useRef(0);
  const handlers = useRef({ onSelect, onNavigate });
  handlers.current = { onSelect, onNavigate };
  const shownAddress = useRef<string | undefined>(undefined);
  /** The address the frame's page reported shown, its script ready for a "studio-render" (undefined while a page loads). */
  const ready = useRef<string | undefined>(undefined);
  /** The newest render asked of the frame. */
  const wantedSrc = useRef<string | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  // The laptop's width (1280 px) drawn smaller to fit the pane, so the page shows its desktop layout.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / 1280));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (e.origin !== previewOrigin || e.source !== frame.current?.contentWindow) return;
      const m = e.data as { type?: string; y?: number; address?: string; version?: number } & PreviewSelect;
      if (m.type === "studio-scroll") scroll.current = m.y ?? 0;
      if (m.type === "studio-select") handlers.current.onSelect(m);
      if (m.type === "studio-external") setNote(`The preview does not leave the site: that link goes to ${String((m as { href?: unknown }).href ?? "another site")}. Use “Open in a new tab” to follow it.`);
      if (m.type === "studio-loading") ready.current = undefined;
      if (m.type === "studio-shown") {
        ready.current = m.address;
        // A render asked for while the frame was loading an older one: asked again, now that it listens.
        const wanted = wantedSrc.current;
        if (wanted && wanted.split("?")[0] === m.address && new URLSearchParams(wanted.split("?")[1]).get("v") !== String(m.version))
          frame.current?.contentWindow?.postMessage({ type: "studio-render", src: wanted, y: scroll.current }, previewOrigin);
        document.dispatchEvent(new CustomEvent("studio-preview-shown", { detail: { version: m.version, at: performance.now() } }));
        // A page the frame went to by a link (no render version in its address): the Studio opens its file.
        // A render of another page asked for earlier, shown after the editor opened this one: the frame loads the one wanted.
        if (m.address && shownAddress.current && m.address !== shownAddress.current) {
          if (!m.version) {
            // The frame shows that page now, scrolled where it is: its render, when it comes, keeps the place.
            shownAddress.current = m.address;
            scroll.current = m.y ?? 0;
            handlers.current.onNavigate(m.address);
          }
          else if (wanted && wanted.split("?")[0] === shownAddress.current) {
            ready.current = undefined;
            frame.current?.contentWindow?.location.replace(`${previewOrigin}${wanted}&__y=${scroll.current}`);
          }
        }
      }
    };
    addEventListener("message", listen);
    return () => removeEventListener("message", listen);
  }, []);

  // A layout effect: the frame gets the render now, not after the app's next paint.
  useLayoutEffect(() => {
    if (!src || !frame.current) return;
    const address = src.split("?")[0]!;
    if (address !== shownAddress.current) scroll.current = 0;
    shownAddress.current = address;
    wantedSrc.current = src;
    const win = frame.current.contentWindow;
    if (ready.current === address) {
      // The page's HTML as bytes handed over, not copied: a copy of a long page's text costs the frame tens of ms.
      // A copy of the bytes is what goes (a memory copy, well under a millisecond), so that the render keeps its own.
      const bytes = render?.html?.slice(0);
      win?.postMessage({ type: "studio-render", src, html: bytes, y: scroll.current }, { targetOrigin: previewOrigin, transfer: bytes ? [bytes] : [] });
    }
    else {
      ready.current = undefined;
      win?.location.replace(`${previewOrigin}${src}&__y=${scroll.current}`);
    }
  }, [render]);

  return (
    <section className="st-preview" id="st-preview" tabIndex={-1} aria-label="Preview">
      <div className="st-preview-bar">
        <div role="group" aria-label="Preview width" className="st-toggle">
          <button type="button" aria-pressed={width === "phone"} onClick={() => setWidth("phone")}>
            Phone
          </button>
          <button type="button" aria-pressed={width === "desktop"} onClick={() => setWidth("desktop")}>
            Desktop
          </button>
        </div>
        {src && (
          <a className="st-link" href={`${previewOrigin}${src}`} target="_blank" rel="noreferrer">
            Open in a new tab
          </a>
        )}
      </div>
      <p className="st-preview-hint">
        Click a text to edit it. Links go to their page; Alt+click a link to edit it. <span role="status">{note}</span>
      </p>
      {stale && (
        <p className="st-preview-stale" role="status">
          The preview shows the page as it was before the last change: fix the problems listed with the form to see it again.
        </p>
      )}
      {!src && (
        <p className="st-preview-waiting" role="status" aria-busy="true">
          Preparing the preview: the Studio builds the site once when it starts, which takes longest the first time after an install. The form can be used meanwhile.
        </p>
      )}
      <div className={`st-frame st-frame-${width}`} ref={box}>
        <iframe
          ref={frame}
          title="Preview"
          src="about:blank"
          style={width === "desktop" ? { width: 1280, height: `${100 / scale}%`, transform: `scale(${scale})`, transformOrigin: "0 0" } : { width: 390, height: "100%" }}
        />
      </div>
    </section>
  );
}
