import { ArrowRight, BookOpen, Check, ChevronDown, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { LinkedFeatureCards } from "./LinkedFeatureCards";
import { PageIntro } from "./PageIntro";
import { RichText } from "./RichText";
import type { RichText as RichTextValue } from "@/features/site/content/long-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { usePublishedApp } from "@/features/downloads/ProtectionToday";
import { coreFeatures, extensionSetupSteps, faq, installSteps, privacySettings, protectionLevels, quickCards, supportedBrowsers } from "@/features/site/content/documentation";
import { useScrollToHashOnArrival } from "./useScrollToHashOnArrival";

function DocSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 border-t border-slate-200 py-14 first:border-t-0 sm:py-16">
      <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-3 max-w-2xl text-lg leading-8 text-slate-600">{intro}</p>
      {children}
    </section>
  );
}

/** A part of a section that other pages link to, e.g. /documentation#faq. */
function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="mt-12 scroll-mt-24 text-xl font-semibold text-slate-900">
      {children}
    </h3>
  );
}

/** Numbered set-up steps, each a title and a sentence with links. */
function SetupSteps({ steps }: { steps: { title: string; text: RichTextValue }[] }) {
  return (
    <ol className="mt-6 grid gap-4 md:grid-cols-2">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
          <span aria-hidden="true" className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700 ring-1 ring-brand-200">
            {index + 1}
          </span>
          <div>
            <h4 className="font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h4>
            <p className="mt-1 leading-7 text-slate-600">
              <RichText value={step.text} />
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** `/documentation`: quick cards, install steps, features, protection levels, privacy, FAQ, browsers. */
export default function DocumentationPage() {
  useScrollToHashOnArrival();
  const androidApp = usePublishedApp("android");
  return (
    <>
      <PageIntro
        icon={BookOpen}
        eyebrow="Help"
        title="Documentation"
        lead="How to install TabVault, set it up the way you want, and fix what goes wrong."
      />

      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <nav aria-label="Documentation sections" className="-mt-6 sm:-mt-8">
          <ul className="grid gap-4 md:grid-cols-3">
            {quickCards.map(({ id, icon: Icon, title, text }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="mt-4 flex items-center gap-1.5 text-lg font-semibold text-slate-900">
                    {title}
                    <ArrowRight className="size-4 text-brand-600 transition group-hover:translate-x-0.5" aria-hidden="true" />
                  </span>
                  <span className="mt-1 leading-7 text-slate-600">{text}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <DocSection
          id="getting-started"
          title="Getting Started"
          intro="Add the TabVault extension to your browser, connect it to your account and choose how it protects your tabs."
        >
          <SubHeading id="install-extension">Install the browser extension</SubHeading>
          <SetupSteps steps={extensionSetupSteps} />
          {androidApp.item && (
            <>
              <SubHeading id="install-android">Install on Android</SubHeading>
              <SetupSteps steps={installSteps} />
            </>
          )}

          <SubHeading id="core-features">Core features</SubHeading>
          <LinkedFeatureCards items={coreFeatures} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" headingLevel={4} />
        </DocSection>

        <DocSection id="configuration" title="Configuration" intro="Three ways to set up protection, and the settings that decide what TabVault stores.">
          <SubHeading id="protection-levels">Protection levels</SubHeading>
          <ul className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
            {protectionLevels.map((level) => (
              <li key={level.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h4 className="text-lg font-semibold text-slate-900">{level.name}</h4>
                  <Badge variant="secondary">{level.availability}</Badge>
                </div>
                <p className="mt-2 font-medium leading-7 text-slate-800">{level.summary}</p>
                <ul className="mt-4 space-y-2 text-sm leading-6 text-slate-600">
                  {level.details.map((detail) => (
                    <li key={detail} className="flex gap-2.5">
                      <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                      {detail}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>

          <SubHeading id="privacy-settings">Privacy settings</SubHeading>
          <dl className="mt-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {privacySettings.map(({ title, text }) => (
              <div key={title} className="px-5 py-4 sm:grid sm:grid-cols-[14rem_1fr] sm:gap-6">
                <dt className="font-semibold text-slate-900">{title}</dt>
                <dd className="mt-1 leading-7 text-slate-600 sm:mt-0">
                  <RichText value={text} />
                </dd>
              </div>
            ))}
          </dl>
        </DocSection>

        <DocSection id="troubleshooting" title="Troubleshooting" intro="Answers to the questions people ask most, and the browsers TabVault works with.">
          <SubHeading id="faq">Frequently asked questions</SubHeading>
          <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {faq.map(({ question, answer }) => (
              <details key={question} className="group px-5 py-1">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                  {question}
                  <ChevronDown className="size-5 shrink-0 text-slate-500 transition group-open:rotate-180" aria-hidden="true" />
                </summary>
                <p className="pb-5 leading-7 text-slate-600">
                  <RichText value={answer} />
                </p>
              </details>
            ))}
          </div>

          <SubHeading id="supported-browsers">Supported browsers</SubHeading>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            {supportedBrowsers.filter((group) => !group.nativeApp || androidApp.item).map(({ heading, note, browsers }) => (
              <div key={heading} className="rounded-2xl border border-slate-200 bg-white p-6">
                <h4 className="font-semibold text-slate-900">{heading}</h4>
                <p className="mt-1 text-sm text-slate-600">{note}</p>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {browsers.map((browser) => (
                    <li key={browser} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                      {browser}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </DocSection>

        <section aria-labelledby="still-stuck" className="mb-16 flex flex-col items-start gap-5 rounded-2xl bg-brand-700 p-6 text-white shadow-lg sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 id="still-stuck" className="text-xl font-semibold">
              Still stuck?
            </h2>
            <p className="mt-1 text-brand-100">Tell us what happened and we will help you get your tabs back.</p>
          </div>
          <Button asChild size="lg" variant="inverse">
            <Link href="/contact">
              <MessageSquare />
              Contact Support
            </Link>
          </Button>
        </section>
      </div>
    </>
  );
}
