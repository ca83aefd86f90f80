/** The <head> of every page: title, description, canonical link, social cards, styles and the page's islands. */
export interface HeadProps {
  title: string;
  description: string;
  canonicalUrl: string;
  siteName: string;
  favicon: string;
  /** The whole stylesheet, inlined: no render-blocking request before the first paint. */
  css: string;
  /** Island entry scripts this page needs, and the shared chunks they import. */
  scripts: string[];
  preloads: string[];
  noindex: boolean;
}

export function Head(p: HeadProps) {
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{p.title}</title>
      <meta name="description" content={p.description} />
      {p.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={p.canonicalUrl} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={p.siteName} />
      <meta property="og:title" content={p.title} />
      <meta property="og:description" content={p.description} />
      <meta property="og:url" content={p.canonicalUrl} />
      <meta name="theme-color" content="#2554eb" />
      <link rel="icon" href={p.favicon} type="image/svg+xml" />
      <style dangerouslySetInnerHTML={{ __html: p.css }} />
      {p.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {p.scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}
