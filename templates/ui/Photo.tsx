/**
 * A content image (schemas/defs.schema.json "image") through the generator's Picture:
 * its alt text, or none when it is marked decorative. `sizes` is the slot's width at
 * each screen width (see scripts/runtime/Picture.tsx); the sizes of this site's slots
 * are below, one per layout, so that a template and its slot never disagree.
 */
import { Picture, type PictureProps } from "json-site/api";
import type { Image } from "../content-types.ts";

/** Slot widths of the site's layouts: the page's content column is 80rem wide at most, with 1rem, 1.5rem or 2rem of padding each side. */
export const SLOT = {
  /** Behind a hero: the whole screen. */
  fullBleed: "100vw",
  /** A product screen beside a hero's text: 1.15 parts of the content column's two columns from lg up. */
  heroScreen: "(min-width: 1280px) 640px, (min-width: 1024px) calc(53vw - 64px), calc(100vw - 32px)",
  /** Half the content column beside text (split sections, feature groups): 4rem between the columns. */
  halfWithGap: "(min-width: 1280px) 576px, (min-width: 1024px) calc(50vw - 64px), calc(100vw - 32px)",
  /** Half of a full-width card (the case study). */
  halfCard: "(min-width: 1280px) 608px, (min-width: 1024px) calc(50vw - 32px), calc(100vw - 32px)",
  /** A figure up to 64rem wide (the video poster). */
  wideFigure: "(min-width: 1088px) 1024px, calc(100vw - 32px)",
} as const;

export function Photo({ image, ...rest }: { image: Image } & Omit<PictureProps, "image" | "alt">) {
  return <Picture image={image.src} alt={image.decorative ? "" : (image.alt ?? "")} {...rest} />;
}
