import type { ReactNode } from "react";

/** Two columns on wide screens: the order summary, and the payment card. */
export function CheckoutLayout({ title, intro, summary, children }: { title: string; intro: ReactNode; summary: ReactNode; children: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50/60 to-white">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <div className="mt-2 text-slate-600">{intro}</div>
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.1fr]">
          {summary}
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
        </div>
      </div>
    </section>
  );
}
