/**
 * Draws an icon from its data: the SVG that templates/ui/Icon.tsx renders on the server,
 * and that islands draw from data they are given (an island then carries only the
 * icons it shows, never the icon set).
 */
import type { IconNode } from "./icons.ts";

/** An icon's drawing: Lucide's child elements (tag and attributes), or a brand mark's single filled path. */
export interface IconShape {
  nodes: IconNode;
  filled?: boolean;
}

export function IconSvg({ shape, className }: { shape: IconShape; className: string }) {
  const children = shape.nodes.map(([tag, attrs], i) => {
    const Tag = tag as "path";
    return <Tag key={i} {...attrs} />;
  });
  return shape.filled ? (
    <svg className={className} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  ) : (
    // Stroke styling lives in CSS (.icon-stroke: width 2, round caps and joins, as Lucide draws):
    // camelCase SVG attributes differ between React and Preact.
    <svg className={`icon-stroke ${className}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
