/**
 * Types of values that the build produces from content fields (the generated
 * content types refer to them): Markdown becomes a small syntax tree, an asset
 * path becomes a hashed URL with the image's size. Also what the build gives the
 * page head (PageSeo). Templates read these types, never the generator's modules.
 */

export type MdNode =
  | { type: "text"; value: string }
  | { type: "inlineCode"; value: string }
  | { type: "break" }
  | { type: "strong" | "emphasis"; children: MdNode[] }
  | { type: "link"; url: string; title?: string; children: MdNode[] }
  | { type: "paragraph"; children: MdNode[] }
  | { type: "heading"; depth: number; children: MdNode[] }
  | { type: "list"; ordered: boolean; start?: number; children: MdNode[] }
  | { type: "listItem"; children: MdNode[] }
  | { type: "blockquote"; children: MdNode[] }
  | { type: "code"; value: string }
  | { type: "thematicBreak" };

export interface InlineMarkdown {
  markdown: "inline";
  children: MdNode[];
}

export interface BlockMarkdown {
  markdown: "block";
  children: MdNode[];
}

export interface Asset {
  /** The URL of the hashed file, e.g. /assets/hero-1a2b3c4d5e.svg; for a photo, its widest fallback copy. */
  src: string;
  /** For a photo: of its widest copy (scripts/pipeline/stages/media/images.ts), which keeps the original's proportions. */
  width: number;
  height: number;
  /** Photos only (PNG, JPEG, WebP, AVIF), resized by the build: the fallback's copies, "url 480w, url 960w". */
  srcset?: string;
  /** Photos only: the modern formats' copies, best first, for <source> elements. */
  sources?: { type: string; srcset: string }[];
  /** Photos only: classes of the generator's CSS (placeholder colour, focal point) for the <img>. */
  className?: string;
  /** The file in content, "assets/lobby.jpg", for messages. */
  file?: string;
}

/** What the head of a page shows for sharing, icons and structured data (made by scripts/pipeline/stages/render/seo.ts). */
export interface PageSeo {
  ogType: "website" | "article";
  image: { url: string; width: number; height: number; alt: string };
  themeColor: string;
  icons: { png32: string; appleTouch: string };
  manifest: string;
  jsonLd: Record<string, unknown>;
}

export interface ImagePreload {
  /** Without imageSrcSet: the file itself (an SVG drawing). */
  href?: string;
  imageSrcSet?: string;
  imageSizes?: string;
  /** The type of the sources preloaded: a browser that cannot show it skips the preload (and picks another source). */
  type?: string;
}
