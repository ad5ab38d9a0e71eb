import type { Platform } from "@common/api/downloads";
import { Info, MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { LinkedFeatureCards } from "./LinkedFeatureCards";
import { PageIntro } from "./PageIntro";
import { Button } from "@/components/ui/button";
import { usePublishedApp } from "@/features/downloads/ProtectionToday";
import { aboutPrinciples, aboutProducts, aboutStory } from "@/features/site/content/about";
import { cn } from "@/lib/class-names";

/** `/about`: why TabVault exists, what it makes, how it works. */
export default function AboutPage() {
  const published: Record<Platform, boolean> = { android: Boolean(usePublishedApp("android").item), windows: Boolean(usePublishedApp("windows").item) };
  const products = aboutProducts.filter((product) => !product.nativeApp || published[product.nativeApp]);
  return (
    <>
      <PageIntro
        icon={Info}
        eyebrow="About us"
        title="About TabVault"
        lead="We make sure one mistaken tap on Clear All never costs you hours of research, reading and half-filled forms."
      />

      <section aria-labelledby="why" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <h2 id="why" className="text-3xl font-bold tracking-tight text-balance text-slate-900">
            Why we built it
          </h2>
          <div className="space-y-5 text-lg leading-8 text-slate-600">
            {aboutStory.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="what-we-make" className="bg-slate-50 py-14 ring-1 ring-slate-200 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="what-we-make" className="text-3xl font-bold tracking-tight text-slate-900">
            What we make
          </h2>
          <LinkedFeatureCards items={products} className={cn("mt-10 grid gap-6", products.length > 3 ? "md:grid-cols-2" : "md:grid-cols-3")} />
        </div>
      </section>

      <section aria-labelledby="how-we-work" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <h2 id="how-we-work" className="text-3xl font-bold tracking-tight text-slate-900">
          How we work
        </h2>
        <ul className="mt-10 grid gap-x-10 gap-y-10 md:grid-cols-2">
          {aboutPrinciples.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 leading-7 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-16 flex flex-col items-start gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">Questions, ideas or a problem?</h2>
            <p className="mt-1 text-slate-600">Tell us. Feedback from people using TabVault decides what we build next.</p>
          </div>
          <Button asChild size="lg">
            <Link href="/contact">
              <MessageSquare />
              Contact us
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
