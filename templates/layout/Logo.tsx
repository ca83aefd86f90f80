/** The brand mark and name; a link home. */
export function Logo({ brand, className }: { brand: string; className?: string }) {
  return (
    <a href="/" className={`inline-flex items-center gap-2 text-lg font-bold tracking-tight ${className ?? ""}`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d="M9 23V12l7-4 7 4v11h-4.5v-6h-5v6z" fill="white" />
      </svg>
      <span>{brand}</span>
    </a>
  );
}
