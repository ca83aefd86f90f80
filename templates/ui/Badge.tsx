/** A small highlighted tag, such as "Coming Soon", on cards and feature blocks. */
import type { ReactNode } from "react";
import { cx } from "./cx.ts";
import type { Tone } from "./Section.tsx";

export function Badge({ tone = "light", children }: { tone?: Tone | undefined; children: ReactNode }) {
  return (
    <span className={cx("inline-block rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap", tone === "dark" ? "bg-accent-400 text-ink-950" : "bg-accent-400/20 text-ink-900")}>
      {children}
    </span>
  );
}
