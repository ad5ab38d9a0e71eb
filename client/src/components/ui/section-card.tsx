import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/class-names";

/**
 * The look of the signed-in pages' cards, for the cards that carry no SectionCard heading (tiles, list items, figures,
 * cards with a larger title): one place to change it.
 */
export const sectionCardLook = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

/** A titled card of a signed-in page (the Account page, the Team page): an icon, a heading, a line under it. */
export function SectionCard({ id, icon: Icon, title, description, className, children }: { id: string; icon: LucideIcon; title: string; description?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={cn(sectionCardLook, className)} aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className="size-4 text-brand-600" aria-hidden="true" />
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      {children}
    </section>
  );
}
