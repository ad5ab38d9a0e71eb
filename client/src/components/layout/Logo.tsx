import { PRODUCT_NAME } from "@common/product";
import { cn } from "@/lib/class-names";

/** The TabVault mark: a shield holding a stack of tabs. Same drawing as public/favicon.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden="true" focusable="false">
      <path d="M16 2.5 4.5 6.8v8.4c0 7.3 4.9 12.6 11.5 14.3 6.6-1.7 11.5-7 11.5-14.3V6.8L16 2.5Z" fill="#4f46e5" />
      <path d="M16 2.5v27c6.6-1.7 11.5-7 11.5-14.3V6.8L16 2.5Z" fill="#4338ca" />
      <rect x="10" y="10.5" width="12" height="3" rx="1.2" fill="#c7d2fe" />
      <rect x="10" y="15" width="12" height="3" rx="1.2" fill="#e0e7ff" />
      <rect x="10" y="19.5" width="8" height="3" rx="1.2" fill="#ffffff" />
    </svg>
  );
}

export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className={cn("text-lg font-bold tracking-tight", inverse ? "text-white" : "text-slate-900")}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
