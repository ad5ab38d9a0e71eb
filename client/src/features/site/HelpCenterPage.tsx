import { sectionCardLook } from "@/components/ui/section-card";
import { supportPromiseText } from "@common/plan-catalogue";
import { ArrowRight, BookOpen, Download, LifeBuoy, MessageSquare, Search, SearchX, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { LinkedFeatureCards } from "./LinkedFeatureCards";
import { PageIntro } from "./PageIntro";
import { Button } from "@/components/ui/button";
import { type Difficulty, helpCategories, popularArticles } from "@/features/site/content/help-center";
import { matchingCategories } from "@/features/site/content/help-search";
import { cn } from "@/lib/class-names";

const difficultyStyle: Record<Difficulty, string> = {
  Beginner: "bg-emerald-100 text-emerald-800",
  Intermediate: "bg-amber-100 text-amber-900",
  Advanced: "bg-rose-100 text-rose-800",
};

const moreHelp = [
  { icon: Download, title: "Download the apps", text: "Get TabVault for Android and Windows, free.", href: "/download", linkLabel: "Go to downloads" },
  { icon: MessageSquare, title: "Contact Support", text: `Write to us. ${supportPromiseText}`, href: "/contact", linkLabel: "Send a message" },
  { icon: BookOpen, title: "Documentation", text: "Installation, configuration and troubleshooting, step by step.", href: "/documentation", linkLabel: "Read the documentation" },
];

/** `/help-center`: search over the six categories, popular articles, more ways to get help. */
export default function HelpCenterPage() {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const found = matchingCategories(helpCategories, query);
  const searching = query.trim() !== "";

  return (
    <>
      <PageIntro icon={LifeBuoy} eyebrow="Support" title="Help Center" lead="Find answers about protecting your tabs, backups, your account and the apps.">
        <form role="search" aria-label="Search help" onSubmit={(event) => event.preventDefault()} className="max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            Search help topics
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search, e.g. refund or backup"
              autoComplete="off"
              className="h-14 w-full rounded-xl border border-slate-300 bg-white pl-12 pr-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/20 [&::-webkit-search-cancel-button]:hidden"
            />
            {query ? (
              <button
                type="button"
                onClick={() => setQuery("")}
                className="absolute right-3 top-1/2 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                aria-label="Clear search"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </div>
        </form>
      </PageIntro>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <section aria-labelledby="help-topics">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="help-topics" className="text-2xl font-bold tracking-tight text-slate-900">
              Browse by topic
            </h2>
            <p className="text-sm text-slate-500" role="status">
              {searching ? `${found.length} of ${helpCategories.length} topics match “${query.trim()}”` : `${helpCategories.length} topics`}
            </p>
          </div>

          {found.length > 0 ? (
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Help topics">
              {found.map(({ icon: Icon, title, description, href }) => (
                <li key={title}>
                  <Link
                    href={href}
                    className={cn(sectionCardLook, "group flex h-full gap-4 transition hover:border-brand-300 hover:shadow-md")}
                  >
                    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <div>
                      <h3 className="font-semibold text-slate-900 group-hover:text-brand-700">{title}</h3>
                      <p className="mt-1 text-sm leading-6 text-slate-600">{description}</p>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-slate-500 ring-1 ring-slate-200">
                <SearchX className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">No topics match “{query.trim()}”</h3>
              <p className="mt-1 max-w-md text-slate-600">Try a shorter or different word, or ask us directly. {supportPromiseText}</p>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row">
                <Button variant="secondary" onClick={() => setQuery("")}>
                  Show all topics
                </Button>
                <Button asChild>
                  <Link href="/contact">
                    <MessageSquare />
                    Contact Support
                  </Link>
                </Button>
              </div>
            </div>
          )}
        </section>

        <section aria-labelledby="popular-articles" className="mt-16">
          <h2 id="popular-articles" className="text-2xl font-bold tracking-tight text-slate-900">
            Popular articles
          </h2>
          <ul className="mt-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {popularArticles.map((article) => (
              <li key={article.title}>
                <Link
                  href={article.href}
                  className="group flex items-center justify-between gap-4 px-5 py-4 transition-colors hover:bg-slate-50"
                >
                  <span className="font-medium text-slate-900 group-hover:text-brand-700">{article.title}</span>
                  <span className="flex shrink-0 items-center gap-3">
                    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", difficultyStyle[article.difficulty])}>
                      <span className="sr-only">Difficulty: </span>
                      {article.difficulty}
                    </span>
                    <ArrowRight className="hidden size-4 text-slate-400 group-hover:text-brand-600 sm:block" aria-hidden="true" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="more-help" className="mt-16">
          <h2 id="more-help" className="text-2xl font-bold tracking-tight text-slate-900">
            More ways to get help
          </h2>
          <LinkedFeatureCards items={moreHelp} className="mt-6 grid gap-6 md:grid-cols-3" />
        </section>
      </div>
    </>
  );
}
