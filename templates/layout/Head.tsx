/** The <head> of every page: title, description, canonical link, social cards, icons, structured data, styles and the page's islands. */
import type { DocumentHeadProps } from "json-site/api";
import { Cached } from "json-site/api";
import { useRender } from "../context.ts";
import { StructuredData } from "./StructuredData.tsx";

/** The brand mark (templates/site.ts lists it among the template assets). */
export const FAVICON = "assets/favicon.svg";

export function Head(p: DocumentHeadProps) {
  const { site, page, assetUrl } = useRender();
  const title = page.title.includes(site.brand) ? page.title : `${page.title} | ${site.brand}`;
  const description = page.description;
  const favicon = assetUrl(FAVICON);
  const { image } = p.seo;
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {/* Fonts are always fetched in CORS mode: without crossorigin the preload would not be used. */}
      <link rel="preload" href={p.font} as="font" type="font/woff2" crossOrigin="" />
      {/* The page's main image (its hero), before the stylesheet: found by the preload scanner at once. */}
      {p.imagePreload ? <link rel="preload" as="image" fetchPriority="high" {...p.imagePreload} /> : null}
      <title>{title}</title>
      <meta name="description" content={description} />
      {p.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={p.canonicalUrl} />}
      <meta property="og:type" content={p.seo.ogType} />
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={p.canonicalUrl} />
      <meta property="og:image" content={image.url} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
      <meta name="theme-color" content={p.seo.themeColor} />
      <link rel="icon" href={p.seo.icons.png32} type="image/png" sizes="32x32" />
      <link rel="icon" href={favicon} type="image/svg+xml" />
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
