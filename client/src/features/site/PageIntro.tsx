import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/class-names";

/**
 * The opening band of a content page: a short label, the page's one h1, a lead paragraph and room for
 * buttons or a date. Same gradient and type scale as the landing page's hero, quieter.
 */
export function PageIntro({
  icon: Icon,
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  icon?: LucideIcon;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** Buttons, a date or a search box under the lead. */
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("border-b border-slate-200/70 bg-gradient-to-b from-brand-50 via-white to-white", className)}>
      <div className="mx-auto max-w-7xl px-4 pb-12 pt-12 sm:px-6 sm:pb-16 sm:pt-16 lg:px-8">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
            {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
            {eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
          <div className="mt-5 text-lg leading-8 text-slate-600">{lead}</div>
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
      </div>
    </section>
  );
}
