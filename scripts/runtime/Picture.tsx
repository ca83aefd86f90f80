/**
 * An image as templates draw it: a photo (an Asset with copies, made by
 * scripts/pipeline/stages/media/images.ts) becomes <picture> with AVIF and WebP sources and
 * its fallback, each with a srcset; an SVG drawing stays one <img>. Always width and
 * height (no layout shift), the photo's placeholder colour and focal point (classes of
 * the generator's CSS), and the loading the slot calls for:
 *
 * - `sizes` says how wide the slot is at each screen width (the `sizes` attribute), so
 *   the browser fetches the smallest copy that is sharp there: "100vw" for a full-bleed
 *   hero, "(min-width: 1024px) 50vw, 100vw" for half a row on laptops. Every template
 *   states its own; the build also warns when a photo is narrower than its slot ever is.
 * - `priority`: the page's main image (its hero): fetched at high priority and preloaded
 *   from the head (the first such image of the page only); every other image loads
 *   lazily and decodes off the main thread.
 *
 * Classes given to Picture go on the <img>; <picture> itself adds no box (display:
 * contents), so a template lays the image out as it would a bare <img>. An image in a
 * shared part (Cached) cannot be the preloaded one.
 */
import type { ImgHTMLAttributes } from "react";
import { useContext } from "react";
import { Ctx } from "./context.ts";
import type { Asset, ImagePreload } from "./model.ts";
export type { ImagePreload } from "./model.ts";
import { largestSlotWidth } from "./responsive.ts";

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height" | "alt" | "loading"> {
  image: Asset;
  /** The text alternative; "" for a decorative image. */
  alt: string;
  /** The slot's width at each screen width, as the HTML sizes attribute says it. */
  sizes: string;
  /** The page's main image: high priority and preloaded, not lazy. */
  priority?: boolean;
}

/** What the head preloads for a page's main image (link rel="preload" as="image"). */

export function Picture({ image, alt, sizes, priority = false, className, ...rest }: PictureProps) {
  const ctx = useContext(Ctx);
  const first = image.sources?.[0];
  if (priority && ctx && !ctx.imagePreload)
    ctx.imagePreload = first ? { imageSrcSet: first.srcset, imageSizes: sizes, type: first.type } : image.srcset ? { imageSrcSet: image.srcset, imageSizes: sizes } : { href: image.src };
  if (image.file && ctx?.photoSlots) {
    const slot = largestSlotWidth(sizes);
    if (slot !== undefined) ctx.photoSlots.push([image.file, slot]);
  }
  const loading = priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const };
  const classes = [className, image.className].filter(Boolean).join(" ") || undefined;
  return (
    <picture className="ssg-picture">
      {image.sources?.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />)}
      <img
        src={image.src}
        {...(image.srcset ? { srcSet: image.srcset, sizes } : {})}
        width={image.width}
        height={image.height}
        alt={alt}
        {...loading}
        {...rest}
        className={classes}
      />
    </picture>
  );
}
