/** The <head> of every page: title, description, canonical link, social cards, icons, structured data, styles and the page's islands. */
import type { PageSeo } from "../../scripts/runtime/model.ts";
import { Cached } from "../../scripts/runtime/Cached.tsx";
import { StructuredData } from "./StructuredData.tsx";

export interface HeadProps {
  title: string;
  description: string;
  canonicalUrl: string;
  siteName: string;
  favicon: string;
  /** The whole stylesheet, inlined: no render-blocking request before the first paint. */
  css: string;
  /** The brand font (one WOFF2 file), preloaded so that it is there by the first paint. */
  font: string;
  /** Island entry scripts this page needs, and the shared chunks they import. */
  scripts: string[];
  preloads: string[];
  noindex: boolean;
  /** Share image, icons, manifest and JSON-LD (scripts/pipeline/seo.ts). */
  seo: PageSeo;
}

export function Head(p: HeadProps) {
  const { image } = p.seo;
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {/* Fonts are always fetched in CORS mode: without crossorigin the preload would not be used. */}
      <link rel="preload" href={p.font} as="font" type="font/woff2" crossOrigin="" />
      <title>{p.title}</title>
      <meta name="description" content={p.description} />
      {p.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={p.canonicalUrl} />}
      <meta property="og:type" content={p.seo.ogType} />
      <meta property="og:site_name" content={p.siteName} />
      <meta property="og:title" content={p.title} />
      <meta property="og:description" content={p.description} />
      <meta property="og:url" content={p.canonicalUrl} />
      <meta property="og:image" content={image.url} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={p.title} />
      <meta name="twitter:description" content={p.description} />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
      <meta name="theme-color" content={p.seo.themeColor} />
      <link rel="icon" href={p.seo.icons.png32} type="image/png" sizes="32x32" />
      <link rel="icon" href={p.favicon} type="image/svg+xml" />
      <link rel="apple-touch-icon" href={p.seo.icons.appleTouch} />
      <link rel="manifest" href={p.seo.manifest} />
      {/* The same on every page: spliced in as one shared string, not copied per page. */}
      <Cached id="css">
        <style dangerouslySetInnerHTML={{ __html: p.css }} />
      </Cached>
      {p.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {p.scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
      <StructuredData data={p.seo.jsonLd} />
    </>
  );
}
