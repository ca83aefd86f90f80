/**
 * The generator's public API for a site. A site is a folder with content/, schemas/
 * and templates/; templates/site.ts default-exports defineSite({...}) to tell the
 * generator what it cannot guess: the document shell, and the site's extensions to
 * what the build writes (response headers). Everything else follows conventions:
 * a section type's schema in schemas/sections/<type>.schema.json and its component,
 * named after it, in templates/sections/<Type>.tsx; islands in templates/islands/.
 *
 * Templates use the generator only through this module (what renders on the server:
 * the render context, <Island>, <Cached>, the types) and scripts/islands-api.ts (what
 * islands run in the browser too: hooks, dialog requests, the text-answer rule); the
 * generator reaches the site only through the site module. tests/unit/boundary.test.ts
 * holds both to it.
 */
import type { ComponentType, ReactNode } from "react";
import type { PageSeo } from "./runtime/model.ts";
import type { ImagePreload } from "./runtime/Picture.tsx";
import type { SubmissionRules } from "./runtime/forms.ts";

export type { PageSeo } from "./runtime/model.ts";
export type { Asset, BlockMarkdown, InlineMarkdown, MdNode } from "./runtime/model.ts";
// What templates render with (on the server): the render context, islands, shared parts.
export { useRenderContext, type RenderContext } from "./runtime/context.ts";
export { Island, serializeProps } from "./runtime/Island.tsx";
export { Cached } from "./runtime/Cached.tsx";
export { Picture, type ImagePreload, type PictureProps } from "./runtime/Picture.tsx";
export { Markdown, headingId, plainText } from "./runtime/Markdown.tsx";
export { useEntries, type EntriesOptions } from "./runtime/entries.ts";

/**
 * What the generator reads of content/site.json (the site's own schema, schemas/
 * site.schema.json, must require these): its name, published address and language, and
 * the names and share images of the web app and its pages.
 */
export interface SiteSettings {
  brand: string;
  /** The published address, without a slash at the end ("https://www.example.com"). */
  url: string;
  language: string;
  seo: {
    /** The web app's name and short name (site.webmanifest). */
    name: string;
    shortName: string;
    /** Pages drawn a share image of their own ("also": further pages that use it); every other page uses the nearest one above it. */
    shareImages: Array<{ page: string; also?: string[] }>;
  };
}

/** What the generator gives the site's <head> component (the rest it reads from the render context). */
export interface DocumentHeadProps {
  /** The whole stylesheet, to inline: no render-blocking request before the first paint. */
  css: string;
  /** The brand font's address (one WOFF2 file), to preload. */
  font: string;
  /** Island entry scripts this page needs, and the shared chunks they import (modulepreload). */
  scripts: string[];
  preloads: string[];
  /** The not-found page: no canonical link, not indexed. */
  noindex: boolean;
  /** The page's full canonical address. */
  canonicalUrl: string;
  /** Share image, icons, manifest and structured data (pipeline/stages/render/seo.ts). */
  seo: PageSeo;
  /** The page's main image (its first <Picture priority>), for <link rel="preload" as="image" fetchPriority="high" {...imagePreload}>. */
  imagePreload?: ImagePreload;
}

/**
 * A kind of content beyond pages and collections: a folder of Markdown files, each an
 * entry with its front matter (checked against `schema`) and its text, and a page of
 * its own. Entries are also records of the collection `collection`, so sections can
 * list them by name (x-ref) like any collection's records.
 */
export interface MarkdownKind {
  /** The kind's name ("article"): what `kind` says of its files, in facts and messages. */
  name: string;
  /** Its folder in content/ ("articles"): content/articles/<name>.md is one entry. */
  dir: string;
  /** The schema of its front matter, in schemas/ ("article.schema.json"). */
  schema: string;
  /** The address of an entry's page; ":name" is the file name without .md ("/articles/:name"). */
  route: string;
  /** The collection its entries are records of (default: `dir`). */
  collection?: string;
  /** Renders an entry's page inside the document's Body; gets the entry (front matter fields and `body`). */
  component: ComponentType<{ entry: never }>;
  /** The rules of an article the generator can check for it (all off by default). */
  rules?: {
    /** The title is the page's only h1: the text may have no # heading. */
    noH1?: boolean;
    /** Each heading is unique (each becomes an anchor of a table of contents). */
    uniqueHeadings?: boolean;
    /** This front matter field gives the reading time in minutes, checked against the text (at 200 words a minute unless given). */
    readTime?: { field: string; wordsPerMinute?: number };
  };
}

/** Origins the site's pages connect to, besides their own, for the Content-Security-Policy. */
export interface PolicySources {
  /** Pages that may be shown in a frame (frame-src). */
  frames?: string[];
  /** Addresses scripts may send requests to (connect-src). */
  connect?: string[];
}

/**
 * The site's typeface, served from the site itself: one variable WOFF2 file with a
 * weight axis, cut at build time to the characters of content and templates, plus
 * metric-matched local fallbacks ("<family> Fallback", "<family> Fallback Roboto",
 * "<family> Fallback DejaVu"; name them after the family in styles.css).
 * Files are package paths resolved from the project ("@fontsource-variable/x/files/x.woff2")
 * or paths relative to the project ("./fonts/x.woff2").
 */
export interface SiteFont {
  family: string;
  file: string;
  /** The weights templates use: the axis is cut to them. */
  weights: { min: number; max: number };
  /** OpenType features kept (kerning, ligatures, tabular figures, …); the rest are dropped. */
  features: string[];
  /** Static TrueType files the share images are set in (their renderer reads no WOFF2). */
  imageFiles: { regular: string; bold: string };
}

export interface SiteModule<Site = never> {
  document: {
    /** Everything inside <head>. */
    Head: ComponentType<DocumentHeadProps>;
    /** Everything inside <body>, around the page's content (its sections, or a Markdown entry's article). */
    Body: ComponentType<{ children: ReactNode }>;
  };
  /** The site's language, for <html lang>. */
  language(site: Site): string;
  /** Its typeface (stages/media/font.ts): preloaded by every page, and the share images' text. */
  font: SiteFont;
  /**
   * Files in content/assets that templates use by name rather than through a content
   * field. The first is the site's mark: share images and app icons are drawn from it.
   */
  templateAssets: [mark: string, ...others: string[]];
  /** Kinds of content beyond pages and collections (Markdown entries with pages of their own). */
  kinds?: MarkdownKind[];
  /** What the web app manifest (site.webmanifest) says about the site beyond its names. */
  manifest?(site: Site): {
    description?: string;
    /** The app's background while it starts, a CSS colour: the pages' background (default "#ffffff"). */
    background?: string;
  };
  /** The site's extensions to what search engines read. */
  seo?: {
    /** The page's JSON-LD (a schema.org object), escaped and put in its <head>; undefined for none. */
    structuredData?(page: PageFacts<Site>): object | undefined;
  };
  /** The share images and app icons the build draws from the mark (share-images.ts). */
  images?: {
    /** By role: a hex colour, or the name of a --color-<name> of templates/styles.css. */
    colours?: Partial<Record<"background" | "shapes" | "brand" | "text" | "muted" | "accent", string>>;
  };
  /** How the Studio (npm run studio) works with this site. */
  studio?: {
    /**
     * Publish sends each version to this branch of the shared copy (git's remote), for
     * someone to review and merge, rather than to the current branch's own remote branch
     * (the default): for sites whose main branch deploys as soon as it changes.
     */
    reviewBranch?: string;
  };
  /** The site's extensions to dist/_headers. */
  headers?: {
    /** Origins beyond the site's own that its pages frame or connect to. */
    sources?(site: Site): PolicySources;
    /** Browser features denied to every page (Permissions-Policy: name=()). */
    deniedFeatures?: readonly string[];
    /** Prefix of the CloudFront response headers policies' names (default "site"). */
    name?: string;
  };
  /**
   * The site's own rules about its content, beyond what its schemas say (typically how two
   * settings go together). Each finding is a warning located at a content file's field,
   * shown like the generator's (code site-rule, ERRORS.md#site-rule) with the site's words.
   */
  checks?(site: Site): SiteFinding[];
  /**
   * A local stand-in for the site's form webhook: `npm start` and `npm run dev` answer
   * POSTs to `path`, check each against schemas/<schema> and append it as one JSON line to
   * `file` (relative to the project folder; LEADS_FILE overrides). See scripts/lib/leads.ts.
   */
  receiver?: {
    path: string;
    schema: string;
    file: string;
    /**
     * The form's rules beyond its schema, from the site's content (content/site.json,
     * read again when it changes): the form's own message per field, answered with a
     * 400 as the browser shows it; whether consent is required; the honeypot.
     */
    rules?(site: Site): ReceiverRules;
  };
}

/** What a site's receiver applies beyond the form's schema (scripts/runtime/forms.ts, scripts/lib/leads.ts). */
export interface ReceiverRules extends SubmissionRules {
  /** The form's message per field ("Name must be at least 2 characters"). */
  messages?: Record<string, string>;
}

/** A warning from the site's own checks: where, and what to do, in plain words. */
export interface SiteFinding {
  /** The content file, from the project folder ("content/site.json"). */
  file: string;
  /** The field, as a JSON pointer ("/leads/contentType"); "" for the whole file. */
  pointer: string;
  message: string;
  hint?: string;
}

/** A link in a page's trail of breadcrumbs. */
export interface Crumb {
  name: string;
  /** Full address. */
  url: string;
}

/** What the generator knows about a page, for the site's structured data. */
export interface PageFacts<Site> {
  site: Site;
  /** The content kind: "page", or a Markdown kind the site declares ("article"). */
  kind: string;
  /** The page's content: a page file's data, or a Markdown entry's front matter and text. */
  data: unknown;
  /** Its full canonical address. */
  url: string;
  /** The primary pages above it and itself, from the home page down (none for the home page). */
  crumbs: Crumb[];
  /** The site's mark as a 512 px icon, full address (an Organization's logo). */
  logo: string;
  /** The records of a collection (content/collections/<name>.json), or none. */
  collection(name: string): Record<string, unknown>[];
}

/** Declares a site (the default export of templates/site.ts); typed with the site's own content types. */
export function defineSite<Site>(site: SiteModule<Site>): SiteModule<Site> {
  return site;
}
