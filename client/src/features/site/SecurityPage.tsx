import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from "@common/product";
import { Activity, BadgeInfo, Bug, Lock, Mail, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { FeatureCard } from "./FeatureCard";
import { PageIntro } from "./PageIntro";
import { Button } from "@/components/ui/button";
import { securityPractices } from "@/features/site/content/security-practices";
import { EndToEndProtection } from "./EndToEndProtection";
import { useScrollToHashOnArrival } from "./useScrollToHashOnArrival";

/** `/security`: what the service does to keep accounts, backups and payments safe. */
export default function SecurityPage() {
  useScrollToHashOnArrival();
  return (
    <>
      <PageIntro
        icon={ShieldCheck}
        eyebrow="Security & Trust"
        title="How TabVault keeps your data safe"
        lead="Your backups hold the pages you were working on, so we treat them with care. This page describes exactly what the service does to protect your account, your backups and your payments."
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="secondary">
            <Link href="/privacy">
              <Lock />
              Read the Privacy Policy
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href="/system-status">
              <Activity />
              System Status
            </Link>
          </Button>
        </div>
      </PageIntro>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label="Security practices">
          {securityPractices.map(({ id, icon, title, points }) => (
            <li key={id} id={id} className="scroll-mt-24">
              <FeatureCard icon={icon} title={title} headingLevel={2}>
                <ul className="space-y-3 text-sm leading-6">
                  {points.map((point) => (
                    <li key={point} className="flex gap-2.5">
                      <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-400" />
                      {point}
                    </li>
                  ))}
                </ul>
              </FeatureCard>
            </li>
          ))}
        </ul>

        <EndToEndProtection />

        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="no-certification" className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
            <h2 id="no-certification" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <BadgeInfo className="size-5 text-slate-500" aria-hidden="true" />
              What we do not claim
            </h2>
            <p className="mt-3 leading-7 text-slate-600">
              TabVault has not been audited or certified by an outside body, and we show no certification badges. Instead,
              this page lists what the service actually does, so you can judge it for yourself. If an independent
              assessment is done, we will say so here and name who did it.
            </p>
          </section>

          <section aria-labelledby="report-problem" className="rounded-2xl bg-brand-700 p-6 text-white shadow-lg sm:p-8">
            <h2 id="report-problem" className="flex items-center gap-2 text-lg font-semibold">
              <Bug className="size-5 text-brand-200" aria-hidden="true" />
              Found a security problem?
            </h2>
            <p className="mt-3 leading-7 text-brand-100">
              Email us with the subject “Security” and the steps to reproduce it. We reply within {SUPPORT_REPLY_HOURS} hours
              and keep you informed until it is fixed. Please do not access other people's data or disrupt the service
              while testing.
            </p>
            <Button asChild variant="inverse" className="mt-6">
              <a href={`mailto:${SUPPORT_EMAIL}?subject=Security`}>
                <Mail />
                {SUPPORT_EMAIL}
              </a>
            </Button>
          </section>
        </div>
      </div>
    </>
  );
}
