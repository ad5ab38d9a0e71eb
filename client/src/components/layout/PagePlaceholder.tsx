import type { LucideIcon } from "lucide-react";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

/**
 * A screen whose content a later issue builds: its real heading and what it will do, nothing pretend.
 */
export function PagePlaceholder({
  icon: Icon,
  eyebrow,
  title,
  children,
}: {
  icon: LucideIcon;
  /** A short label above the heading, e.g. the area of the product. */
  eyebrow?: string;
  title: string;
  /** One or two sentences about the screen. */
  children: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50/60 to-white">
      <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm sm:p-12">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          {eyebrow ? (
            <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p>
          ) : null}
          <h1 className={eyebrow ? "mt-2 text-3xl font-bold tracking-tight sm:text-4xl" : "mt-6 text-3xl font-bold tracking-tight sm:text-4xl"}>
            {title}
          </h1>
          <div className="mt-4 space-y-3 text-base leading-7 text-slate-600 sm:text-lg">{children}</div>
          <div className="mt-8">
            <Button asChild variant="secondary">
              <Link href="/">
                <ArrowLeft />
                Back to home
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
