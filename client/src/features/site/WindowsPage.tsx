import { AlertCircle, Check, CheckCircle2, Download, FileText, Monitor } from "lucide-react";
import { Link } from "wouter";
import { FeatureCard } from "./FeatureCard";
import { NumberedSteps } from "./NumberedSteps";
import { SectionLink } from "@/components/layout/SectionLink";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { windowsFeatures, windowsSteps } from "@/features/site/content/windows-app";
import { useScrollToHashOnArrival } from "./useScrollToHashOnArrival";
import { ProtectionToday, usePublishedApp } from "@/features/downloads/ProtectionToday";
import { EXTENSION_CHROMIUM_BROWSERS } from "@common/product";

const illustrationApps = [
  { app: "Word", title: "Quarterly report.docx", unsaved: true },
  { app: "Excel", title: "Budget 2027.xlsx", unsaved: false },
  { app: "Notepad", title: "meeting-notes.txt", unsaved: true },
  { app: "Photos", title: "Site plan.png", unsaved: false },
];

/** A drawing of an application state backup after a window was closed. Decorative. */
function WindowsIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-sky-200/60 via-brand-100/60 to-transparent blur-2xl" />
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <span className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <Monitor className="size-4 text-brand-600" />
            TabVault
          </span>
          <span className="flex gap-3 text-slate-400">
            <span className="h-0.5 w-3 self-center bg-slate-400" />
            <span className="size-3 border border-slate-400" />
            <span className="text-sm leading-none">✕</span>
          </span>
        </div>
        <div className="p-4 sm:p-5">
          <p className="text-sm font-semibold text-slate-900">Applications at 17:42</p>
          <ul className="mt-3 space-y-2">
            {illustrationApps.map(({ app, title, unsaved }) => (
              <li key={title} className="flex items-center gap-3 rounded-lg border border-slate-100 bg-slate-50/70 px-3 py-2.5">
                <FileText className="size-4 shrink-0 text-slate-400" />
                <span className="min-w-0 flex-1 truncate text-sm text-slate-700">
                  <span className="font-medium text-slate-900">{app}</span> · {title}
                </span>
                {unsaved ? (
                  <span className="flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                    <AlertCircle className="size-3" />
                    Unsaved
                  </span>
                ) : (
                  <CheckCircle2 className="size-4 shrink-0 text-emerald-600" />
                )}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex items-start gap-3 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">
            <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
              <Check className="size-4" />
            </span>
            <div className="text-sm">
              <p className="font-semibold text-emerald-900">Application state saved</p>
              <p className="text-emerald-800">Four apps and two unsaved documents, ready to pick up again.</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * `/windows`: what protects a Windows PC today (the browser extension, the web app), and the
 * Windows app's features, requirements and setup only while its release is published on this server.
 */
export default function WindowsPage() {
  useScrollToHashOnArrival();
  const windowsApp = usePublishedApp("windows");
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:pb-24 lg:pt-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-200">
              <Monitor className="size-4" aria-hidden="true" />
              Windows 10 and 11
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">TabVault on Windows</h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
              Closed the wrong window? On Windows, the TabVault browser extension for {EXTENSION_CHROMIUM_BROWSERS} and
              Firefox keeps every tab of every window backed up off your PC and puts them back in one click.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link href="/download">
                  <Download />
                  {windowsApp.item ? "Download for Windows" : "Get the browser extension"}
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <SectionLink section="pricing">Compare plans</SectionLink>
              </Button>
            </div>
            <p className="mt-6 text-sm text-slate-500">Free download. Connect it to a free account with your email.</p>
          </div>
          {windowsApp.item ? <WindowsIllustration /> : <ProtectionToday platform="windows" />}
        </div>
      </section>

      {windowsApp.item ? (
        <>
          <ProtectionToday platform="windows" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8" />
          <WindowsAppSections requirements={windowsApp.item.requirements} />
        </>
      ) : null}
    </>
  );
}

/** The Windows app's own sections, its requirements from its published manifest: shown only while its release is published. */
function WindowsAppSections({ requirements }: { requirements: string[] }) {
  return (
    <>

      <section aria-labelledby="windows-features" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">What it adds</p>
          <h2 id="windows-features" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            What the Windows app adds
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {windowsFeatures.map(({ icon, title, text, plans }) => (
            <li key={title}>
              <FeatureCard icon={icon} title={title} footer={<Badge variant="secondary">{plans}</Badge>}>
                {text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </section>

      <section id="setup" aria-labelledby="windows-setup" className="scroll-mt-16 bg-slate-50 py-16 ring-1 ring-slate-200 sm:py-20">
        <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 sm:px-6 lg:grid-cols-[1.6fr_1fr] lg:gap-16 lg:px-8">
          <div>
            <h2 id="windows-setup" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Set up in three steps
            </h2>
            <NumberedSteps steps={windowsSteps} className="mt-10 md:grid-cols-1 lg:gap-7" />
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 className="text-lg font-semibold text-slate-900">Windows app requirements</h2>
            <ul className="mt-4 space-y-3 text-slate-700">
              {requirements.map((requirement) => (
                <li key={requirement} className="flex gap-3">
                  <Check className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                  {requirement}
                </li>
              ))}
            </ul>
            <Button asChild className="mt-8 w-full">
              <Link href="/download">
                <Download />
                Go to downloads
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
