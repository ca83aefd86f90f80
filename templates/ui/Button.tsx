/**
 * The spec's Button: variants default, destructive, outline, secondary, ghost, link;
 * sizes default, sm, lg, icon. Static (no JavaScript): an <a> when it has an href,
 * a <button> otherwise. buttonClass() is shared with islands. On a dark or brand
 * surface (hero, call-to-action band) some variants change colour to keep their contrast.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import type { ButtonSize, ButtonVariant } from "../content-types.ts";
import { cx } from "./cx.ts";

const BASE =
  "inline-flex items-center justify-center gap-2 text-center text-balance rounded-md font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS: Record<ButtonVariant, string> = {
  default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  destructive: "bg-danger-600 text-white shadow-sm hover:bg-danger-700",
  outline: "border border-current/25 bg-transparent hover:bg-current/10",
  secondary: "bg-ink-100 text-ink-900 hover:bg-ink-200",
  ghost: "hover:bg-current/10",
  link: "text-brand-600 underline-offset-4 hover:underline",
};

/** A button's background: the page (light), a dark hero, or the brand-blue call-to-action band. */
export type Surface = "light" | "dark" | "brand";

const ON_SURFACE: Record<Exclude<Surface, "light">, Partial<Record<ButtonVariant, string>>> = {
  dark: {
    outline: "border border-white/40 bg-transparent text-white hover:bg-white/10",
    ghost: "text-white hover:bg-white/10",
  },
  brand: {
    default: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
    outline: "border border-white/40 bg-transparent text-white hover:bg-white/10",
    ghost: "text-white hover:bg-white/10",
  },
};

const SIZES: Record<ButtonSize, string> = {
  default: "min-h-10 px-4 py-2 text-sm",
  sm: "min-h-9 px-3 py-1.5 text-sm",
  lg: "min-h-12 px-6 py-2.5 text-base",
  icon: "size-10",
};

export function buttonClass(variant: ButtonVariant = "default", size: ButtonSize = "default", extra?: string, surface: Surface = "light"): string {
  const look = (surface === "light" ? undefined : ON_SURFACE[surface][variant]) ?? VARIANTS[variant];
  return cx(BASE, look, SIZES[size], extra);
}

interface Common {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  surface?: Surface | undefined;
  className?: string;
  children: ReactNode;
}

export function Button({ variant, size, surface, className, children, ...rest }: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={buttonClass(variant, size, className, surface)} {...rest}>
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, surface, className, children, ...rest }: Common & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a className={buttonClass(variant, size, className, surface)} {...rest}>
      {children}
    </a>
  );
}
