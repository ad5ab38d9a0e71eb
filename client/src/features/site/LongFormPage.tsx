import { supportPromiseText } from "@common/plan-catalogue";
import { SUPPORT_EMAIL } from "@common/product";
import { Check, type LucideIcon, Mail, MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import type { Block, LongFormDocument, Section } from "@/features/site/content/long-form";
import { useScrollToHashOnArrival } from "./useScrollToHashOnArrival";
import { PageIntro } from "./PageIntro";
import { RichText } from "./RichText";
import { formatCalendarDate } from "@/lib/dates";


function BlockView({ block }: { block: Block }) {
  if (typeof block === "string" || Array.isArray(block)) {
    return (
      <p>
        <RichText value={block} />
      </p>
    );
  }
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-brand-400">
        {block.list.map((item, index) => (
          <li key={index} className="pl-1">
            <RichText value={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {block.definitions.map(({ term, text }) => (
        <div key={term} className="px-4 py-3 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-4 sm:px-5">
          <dt className="font-semibold text-slate-900">{term}</dt>
          <dd className="mt-1 text-slate-700 sm:mt-0">
            <RichText value={text} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Contents({ sections }: { sections: Section[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="block rounded-md px-3 py-1.5 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900">
            {section.heading}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * A policy-style page from a content module: the short version first, then numbered sections with a
 * table of contents (a sticky column on wide screens, a fold-out list on phones), then how to reach us.
 */
export function LongFormPage({ document, icon }: { document: LongFormDocument; icon: LucideIcon }) {
  useScrollToHashOnArrival();
  return (
    <>
      <PageIntro icon={icon} eyebrow={document.eyebrow} title={document.title} lead={document.lead}>
        <p className="text-sm text-slate-500">
          Last updated <time dateTime={document.updated}>{formatCalendarDate(document.updated)}</time>
        </p>
      </PageIntro>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-14 lg:px-8">
        <div className="hidden lg:block">
          <nav aria-label="On this page" className="sticky top-24">
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">On this page</p>
            <div className="mt-3">
              <Contents sections={document.sections} />
            </div>
          </nav>
        </div>

        <div className="min-w-0 max-w-3xl">
          <section aria-labelledby="summary-heading" className="rounded-2xl bg-brand-50/70 p-6 ring-1 ring-brand-100 sm:p-8">
            <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
              {document.summary.heading}
            </h2>
            <ul className="mt-4 space-y-3 text-slate-700">
              {document.summary.points.map((point, index) => (
                <li key={index} className="flex gap-3 leading-7">
                  <Check className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                  <span>
                    <RichText value={point} />
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <details className="group mt-8 rounded-xl border border-slate-200 bg-white lg:hidden">
            <summary className="cursor-pointer list-none px-4 py-3 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between">
                On this page
                <span aria-hidden="true" className="text-slate-400 transition group-open:rotate-180">
                  ▾
                </span>
              </span>
            </summary>
            <nav aria-label="On this page" className="border-t border-slate-100 px-1 py-2">
              <Contents sections={document.sections} />
            </nav>
          </details>

          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12 scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-2xl font-semibold tracking-tight text-slate-900">
                <span className="mr-2 text-brand-600">{index + 1}.</span>
                {section.heading}
              </h2>
              <div className="mt-4 space-y-4 text-base leading-7 text-slate-700">
                {section.body.map((block, blockIndex) => (
                  <BlockView key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          ))}

          <QuestionsCard />
        </div>
      </div>
    </>
  );
}

function QuestionsCard() {
  return (
    <section aria-labelledby="questions-heading" className="mt-16 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
      <h2 id="questions-heading" className="text-lg font-semibold text-slate-900">
        Questions about this page?
      </h2>
      <p className="mt-2 text-slate-600">Write to us. {supportPromiseText}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/contact">
            <MessageSquare />
            Contact Support
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <a href={`mailto:${SUPPORT_EMAIL}`}>
            <Mail />
            {SUPPORT_EMAIL}
          </a>
        </Button>
      </div>
    </section>
  );
}
