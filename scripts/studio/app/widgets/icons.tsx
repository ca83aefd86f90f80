/** The few Lucide icons the widgets draw (one import each, never the whole set). */
import ImageIcon from "lucide/dist/esm/icons/image.mjs";
import ImageUp from "lucide/dist/esm/icons/image-up.mjs";
import Link from "lucide/dist/esm/icons/link.mjs";
import Search from "lucide/dist/esm/icons/search.mjs";
import X from "lucide/dist/esm/icons/x.mjs";
import Check from "lucide/dist/esm/icons/check.mjs";
import FileText from "lucide/dist/esm/icons/file-text.mjs";
import ExternalLink from "lucide/dist/esm/icons/external-link.mjs";

const ICONS = { image: ImageIcon, upload: ImageUp, link: Link, search: Search, close: X, check: Check, page: FileText, external: ExternalLink };

export type IconName = keyof typeof ICONS;

/** A decorative icon (hidden from assistive technology: the control around it has the name). */
export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="sw-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name].map(([tag, attrs], i) => {
        const Tag = tag as "path";
        return <Tag key={i} {...attrs} />;
      })}
    </svg>
  );
}
