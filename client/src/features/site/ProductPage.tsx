import { planList } from "@common/plan-catalogue";
import { MONEY_BACK_DAYS } from "@common/product";
import { Check, Download, ShieldCheck, Smartphone } from "lucide-react";
import { Link, useLocation } from "wouter";
import { FeatureCard } from "./FeatureCard";
import { NumberedSteps } from "./NumberedSteps";
import { PlanCard } from "@/features/payments/PlanCard";
import { Button } from "@/components/ui/button";
import { androidBrowsers, androidFeatures, androidSteps, productGetStarted, productNav } from "@/features/site/content/product-android";
import { cn } from "@/lib/class-names";
import { ProtectionToday, usePublishedApp } from "@/features/downloads/ProtectionToday";

/**
 * The product page's own navigation, a bar of its own under the site header, as product
 * pages of larger sites do: the site's header and footer stay, so sign-in and the rest of the site are
 * one tap away.
 */
function ProductNav() {
  const [location] = useLocation();
  return (
    <div className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav aria-label="Product" className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <p className="hidden items-center gap-2 text-sm font-semibold text-slate-900 sm:flex">
          <Smartphone className="size-4 text-brand-600" aria-hidden="true" />
          TabVault on Android
        </p>
        <div className="flex items-center gap-1 sm:gap-2">
          <ul className="flex items-center">
            {productNav.map((item) => {
              const current = location === item.href;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "rounded-md px-2.5 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-slate-900",
                      current ? "text-brand-700" : "text-slate-600",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          <Button asChild size="sm">
            <Link href={productGetStarted.href}>{productGetStarted.label}</Link>
          </Button>
        </div>
      </nav>
    </div>
  );
}

const illustrationTabs = ["Flight check-in", "Essay sources (12)", "Apartment listing", "Recipe: step 4 of 9"];

/** A drawing of a phone whose tabs were just kept in an emergency backup. Decorative. */
function PhoneIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-64 sm:w-72">
      <div className="absolute -inset-8 -z-10 rounded-full bg-gradient-to-tr from-brand-200/70 via-sky-100/60 to-transparent blur-2xl" />
      <div className="rounded-[2.5rem] bg-slate-900 p-3 shadow-2xl">
        <div className="overflow-hidden rounded-[2rem] bg-white">
          <div className="flex items-center justify-between bg-slate-50 px-5 pb-2 pt-4 text-[11px] font-semibold text-slate-500">
            <span>9:41</span>
            <span className="h-1.5 w-12 rounded-full bg-slate-300" />
            <span>100%</span>
          </div>
          <div className="px-4 pb-5 pt-3">
            <div className="flex items-center justify-between">
              <span className="text-sm font-semibold text-slate-900">4 tabs</span>
              <span className="rounded-md border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-400 line-through">Clear All</span>
            </div>
            <ul className="mt-3 grid grid-cols-2 gap-2">
              {illustrationTabs.map((title) => (
                <li key={title} className="flex h-24 flex-col rounded-lg border border-slate-200 bg-slate-50 p-2">
                  <span className="truncate text-[11px] font-medium text-slate-700">{title}</span>
                  <span className="mt-2 h-1.5 w-4/5 rounded bg-slate-200" />
                  <span className="mt-1 h-1.5 w-3/5 rounded bg-slate-200" />
                  <ShieldCheck className="mt-auto size-4 self-end text-emerald-600" />
                </li>
              ))}
            </ul>
            <div className="mt-4 flex items-center gap-2 rounded-xl bg-slate-900 px-3 py-2.5 text-xs text-white shadow-lg">
              <ShieldCheck className="size-4 shrink-0 text-emerald-400" />
              Emergency backup: 4 tabs kept
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * `/product`: the Android product page with its own navigation, features, steps and plans: what protects
 * a phone today (the extension in Firefox for Android, the web app), the Android app only while it is published.
 */
export default function ProductPage() {
  const androidApp = usePublishedApp("android");
  return (
    <>
      <ProductNav />

      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-14 px-4 pb-16 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-[1.2fr_1fr] lg:gap-16 lg:px-8 lg:pb-24 lg:pt-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-200">
              <Smartphone className="size-4" aria-hidden="true" />
              On Android
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              Your phone's tabs, back after <span className="text-brand-600">Clear All</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
              On Android today, the TabVault browser extension in Firefox for Android keeps your tabs backed up off the
              phone, and brings them back when Clear All took them.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link href={androidApp.item ? "/download-android" : "/download"}>
                  <Download />
                  {androidApp.item ? "Download for Android" : "Get the extension"}
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href="#plans">See plans</a>
              </Button>
            </div>
            <p className="mt-6 text-sm text-slate-500">Free plan available. All it takes is an email address.</p>
          </div>
          <PhoneIllustration />
        </div>
      </section>

      <ProtectionToday platform="android" className="mx-auto max-w-3xl px-4 pt-4 sm:px-6 lg:px-8" />

      <section aria-labelledby="product-features" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Features</p>
          <h2 id="product-features" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            One tap should never cost you a session
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {androidFeatures.map(({ icon, title, text }) => (
            <li key={title}>
              <FeatureCard icon={icon} title={title}>
                {text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="product-how" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-slate-50 px-6 py-12 ring-1 ring-slate-200 sm:px-12">
          <h2 id="product-how" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            How it works
          </h2>
          <NumberedSteps steps={androidSteps} className="mt-10" />
          {androidApp.item ? (
          <div className="mt-10 border-t border-slate-200 pt-8">
            <p className="text-center text-sm font-medium text-slate-600">The Android app recognises Clear All in</p>
            <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Supported browsers">
              {androidBrowsers.map((browser) => (
                <li key={browser} className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
                  <Check className="size-3.5 text-brand-600" aria-hidden="true" />
                  {browser}
                </li>
              ))}
            </ul>
          </div>
          ) : null}
        </div>
      </section>

      <section id="plans" aria-labelledby="product-plans" className="scroll-mt-32 bg-gradient-to-b from-white to-brand-50/60 py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Plans</p>
            <h2 id="product-plans" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
              Start free, upgrade when you need more
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">
              Every plan includes the browser extension. Paid plans are monthly, with a {MONEY_BACK_DAYS}-day money-back guarantee.
            </p>
          </div>
          <div className="mt-16 grid items-start gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:gap-5">
            {planList.map((plan) => (
              <PlanCard key={plan.type} plan={plan} />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
