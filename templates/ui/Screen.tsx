/**
 * A drawing of the product's screens (a UI mock-up) framed as a window: beside the
 * text from `sm` up, shown whole; on phones, enlarged and cropped to a 4:5 window
 * (60% of its width, at 1.67× the size it would have whole), so that its words stay
 * readable instead of shrinking to a thumbnail, fading out where it is cut (styles.css) into
 * the drawings' own light ground, so that a dark section never shows through as a dark band.
 * The image's `focus` says which part a phone keeps: left (the default), center or right. A photo is shown whole
 * everywhere: its copies and focal point are the generator's.
 */
import type { Image } from "../content-types.ts";
import { cx } from "./cx.ts";
import { Photo } from "./Photo.tsx";

/** The phone crop's position, by the focus words an editor writes (classes spelled out, so that Tailwind keeps them). */
const PHONE_CROP: Record<string, string> = {
  left: "max-sm:object-left screen-cut-right",
  "top left": "max-sm:object-left screen-cut-right",
  "bottom left": "max-sm:object-left screen-cut-right",
  center: "max-sm:object-center screen-cut-both",
  top: "max-sm:object-center screen-cut-both",
  bottom: "max-sm:object-center screen-cut-both",
  right: "max-sm:object-right screen-cut-left",
  "top right": "max-sm:object-right screen-cut-left",
  "bottom right": "max-sm:object-right screen-cut-left",
};

/**
 * A 4:3 drawing (every body drawing of the site) below the first screen is drawn only once it comes near the
 * screen (content-visibility: auto, styles.css), since the browser lays out and paints a drawing on the page's
 * main thread; its box keeps its size meanwhile from its aspect ratio (4:5 on phones, 4:3 from `sm`).
 */
const DEFERRED = "screen-defer sm:aspect-[4/3]";

/** Whether the image is a drawing (an SVG, published as it is) rather than a photo. */
export function isDrawing(image: Image): boolean {
  return !(image.src as { sources?: unknown[] }).sources?.length;
}

export function Screen({
  image,
  sizes,
  priority = false,
  dark = false,
  className,
}: {
  image: Image;
  sizes: string;
  priority?: boolean;
  dark?: boolean;
  className?: string | undefined;
}) {
  const crop = isDrawing(image);
  // Not the hero's: what the first screen shows is drawn at once.
  const deferred = crop && !priority && image.src.width * 3 === image.src.height * 4;
  return (
    <div
      className={cx(
        "overflow-hidden rounded-2xl",
        dark ? "shadow-2xl ring-1 shadow-black/40 ring-white/15" : "shadow-card ring-1 ring-ink-900/5",
        crop && "max-sm:aspect-[4/5] max-sm:bg-brand-50",
        deferred && DEFERRED,
        className,
      )}
    >
      <Photo
        image={image}
        sizes={sizes}
        priority={priority}
        className={cx("block h-auto w-full", crop && "max-sm:h-full max-sm:object-cover", crop && (PHONE_CROP[image.focus?.trim().toLowerCase() ?? "left"] ?? PHONE_CROP["left"]))}
      />
    </div>
  );
}
