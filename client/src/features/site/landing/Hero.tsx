import { Check, ShieldCheck, ShieldOff, SlidersHorizontal } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

const illustrationTabs = ["Trip planning — train times", "Quarterly report (draft)", "Recipe you were halfway through", "Job application form"];

/** A drawing of the product at work: a browser's tab list kept in an emergency backup. Decorative. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-brand-200/60 via-sky-100/60 to-transparent blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
        <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3">
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-amber-400" />
          <span className="size-3 rounded-full bg-emerald-400" />
          <span className="ml-3 h-6 flex-1 rounded-md bg-white ring-1 ring-slate-200" />
        </div>
        <div className="p-4 sm:p-5">
          <div className="flex items-center justify-between">
            <span className="text-sm font-semibold text-slate-900">Open tabs</span>
            <span className="rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-500 line-through">
              Clear All
            </span>
          </div>
          <ul className="mt-4 space-y-2">
            {illustrationTabs.map((title) => (
              <li key={title} className="flex items-center gap-3 rounded-lg border border-slate-100 bg-slate-50/70 px-3 py-2.5">
                <span className="size-4 shrink-0 rounded bg-slate-300" />
                <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{title}</span>
                <ShieldCheck className="size-4 shrink-0 text-emerald-600" />
              </li>
            ))}
          </ul>
          <div className="mt-4 flex items-start gap-3 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">
            <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
              <Check className="size-4" />
            </span>
            <div className="text-sm">
              <p className="font-semibold text-emerald-900">Emergency backup saved</p>
              <p className="text-emerald-800">Every tab kept off this device, ready to restore in one click.</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:pb-24 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-200">
            <ShieldCheck className="size-4" aria-hidden="true" />
            Tab protection for Chrome, Edge, Brave, Opera and Firefox
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Never lose your tabs to <span className="text-brand-600">Clear All</span> again
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            One wrong tap on Clear All and every tab is gone. TabVault's browser extension keeps every tab of every
            window backed up off your device, on Windows, macOS, Linux and Firefox for Android, so your whole session
            comes back in one click.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/clear-all-blocker">
                <ShieldOff />
                Block Clear All
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link href="/protection-settings">
                <SlidersHorizontal />
                Protection Settings
              </Link>
            </Button>
          </div>
          <p className="mt-6 text-sm text-slate-500">Free plan available. All it takes is an email address.</p>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
