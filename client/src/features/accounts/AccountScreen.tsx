import { AlertCircle, type LucideIcon, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/class-names";
import { errorMessage } from "@/lib/queryClient";

/** The frame of the sign-in, check-email and verify screens: one centred card on a soft background. */
export function AccountScreen({
  icon: Icon,
  tone = "brand",
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  tone?: "brand" | "success" | "warning";
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="flex min-h-[70vh] items-start justify-center bg-gradient-to-b from-brand-50/70 to-white px-4 py-12 sm:items-center sm:py-20">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <span
          className={cn(
            "inline-flex size-12 items-center justify-center rounded-xl",
            tone === "brand" && "bg-brand-100 text-brand-700",
            tone === "success" && "bg-emerald-100 text-emerald-700",
            tone === "warning" && "bg-amber-100 text-amber-700",
          )}
        >
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        {description ? <div className="mt-3 text-base leading-7 text-slate-600">{description}</div> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}

/** A check that failed for a reason other than the answer (the network, the server): say so and offer to retry. */
export function CheckFailedScreen({
  title,
  error,
  retry,
  retrying,
}: {
  title: string;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}) {
  return (
    <AccountScreen icon={AlertCircle} tone="warning" title={title} description={errorMessage(error, "Please try again in a moment.")}>
      <Button className="w-full" variant="secondary" onClick={retry} disabled={retrying}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </AccountScreen>
  );
}
