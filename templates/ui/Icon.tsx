/**
 * Inline SVG icons rendered on the server: no icon font, no JavaScript, and a page
 * carries only the icons it shows. The stroke icons are Lucide's (templates/ui/icons.ts
 * lists the ones the site offers, by their lucide.dev names); the four brand marks,
 * which Lucide does not draw, are filled paths kept here. The names are the enum "icon"
 * in schemas/defs.schema.json (a unit test keeps both in step).
 */
import type { IconName } from "../content-types.ts";
import { LUCIDE, type IconNode } from "./icons.ts";
import { IconSvg, type IconShape } from "./IconSvg.tsx";

type BrandName = "linkedin" | "x-social" | "facebook" | "instagram";

/** Every stroke icon the schema allows must have its Lucide data (a missing one fails the type check). */
const STROKE: Record<Exclude<IconName, BrandName>, IconNode> = LUCIDE;

const BRAND: Record<BrandName, string> = {
  linkedin:
    "M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45z",
  "x-social": "M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2z",
  facebook:
    "M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12z",
  instagram:
    "M12 2.16c3.2 0 3.58.01 4.85.07 1.17.05 1.8.25 2.23.41.56.22.96.48 1.38.9.42.42.68.82.9 1.38.16.42.36 1.06.41 2.23.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.05 1.17-.25 1.8-.41 2.23-.22.56-.48.96-.9 1.38-.42.42-.82.68-1.38.9-.42.16-1.06.36-2.23.41-1.27.06-1.65.07-4.85.07s-3.58-.01-4.85-.07c-1.17-.05-1.8-.25-2.23-.41a3.7 3.7 0 0 1-1.38-.9 3.7 3.7 0 0 1-.9-1.38c-.16-.42-.36-1.06-.41-2.23C2.17 15.58 2.16 15.2 2.16 12s.01-3.58.07-4.85c.05-1.17.25-1.8.41-2.23.22-.56.48-.96.9-1.38.42-.42.82-.68 1.38-.9.42-.16 1.06-.36 2.23-.41C8.42 2.17 8.8 2.16 12 2.16zM12 6.86a5.14 5.14 0 1 0 0 10.28 5.14 5.14 0 0 0 0-10.28zm0 8.48a3.34 3.34 0 1 1 0-6.68 3.34 3.34 0 0 1 0 6.68zm5.34-9.88a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z",
};

export const ICON_NAMES = [...Object.keys(STROKE), ...Object.keys(BRAND)] as IconName[];

/** An icon's drawing as data, for an island that draws it in the browser (the same SVG as <Icon>). */
export function iconShape(name: IconName): IconShape {
  return name in BRAND ? { nodes: [["path", { d: BRAND[name as BrandName] }]], filled: true } : { nodes: STROKE[name as Exclude<IconName, BrandName>] };
}

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return <IconSvg shape={iconShape(name)} className={className} />;
}
