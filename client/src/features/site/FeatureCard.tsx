import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/class-names";

const headingTags = { 2: "h2", 3: "h3", 4: "h4" } as const;

/** A card with an icon, a title and a few lines: the landing page's feature card, for content pages. */
export function FeatureCard({
  icon: Icon,
  title,
  children,
  footer,
  headingLevel = 3,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** A badge or link under the text, pushed to the card's bottom edge. */
  footer?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = headingTags[headingLevel];
  return (
    <div className={cn("flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <Heading className="mt-5 text-lg font-semibold text-slate-900">{title}</Heading>
      <div className="mt-2 flex-1 leading-7 text-slate-600">{children}</div>
      {footer ? <div className="mt-5">{footer}</div> : null}
    </div>
  );
}
