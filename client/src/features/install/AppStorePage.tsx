import { sectionCardLook } from "@/components/ui/section-card";
import { catalogueFeatures, plans } from "@common/plan-catalogue";
import { ArrowLeft, Check, Info, Search, Share2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link } from "wouter";
import { appDetails, storeFigures, versionHistory } from "@/features/install/app-store/listing";
import { MoreApps } from "@/features/install/app-store/MoreApps";
import { ReviewsHistogram } from "@/features/install/app-store/ReviewsHistogram";
import { ScreenshotStrip } from "@/features/install/app-store/ScreenshotStrip";
import { browserShareTargets, shareOrCopyLink } from "@/features/install/app-store/share-link";
import { Stars } from "@/features/install/app-store/Stars";
import { StoreFeatureCards } from "@/features/install/app-store/StoreFeatureCards";
import { StoreHeader } from "@/features/install/app-store/StoreHeader";
import { ReviewList } from "@/features/install/app-store/UserReviews";
import { InstallCard } from "./InstallCard";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/lib/use-toast";

const keyFeatures = [
  "The browser extension keeps a running snapshot of every tab of every window, off the device",
  "An emergency backup the moment tabs disappear: every tab, what you typed into forms, how far you scrolled",
  "Emergency backups and manual saves in the Session Manager, restored in one go",
  `${catalogueFeatures.analytics.name}, from ${plans[catalogueFeatures.analytics.lowest].name}`,
];

type StoreTab = "overview" | "reviews" | "details" | "updates";

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={className}>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** `/app-store`: the app's store listing with the store block, tabs, reviews and install card. */
export default function AppStorePage() {
  const [query, setQuery] = useState("");
  const [tab, setTab] = useState<StoreTab>("overview");
  const tabsRef = useRef<HTMLDivElement>(null);

  async function share() {
    const url = `${window.location.origin}/app-store`;
    const outcome = await shareOrCopyLink(
      { title: "TabVault", text: "TabVault blocks the browser's accidental Clear All and backs up your tabs.", url },
      browserShareTargets(),
    );
    if (outcome === "copied") toast({ title: "Link Copied", description: "App link copied to clipboard" });
    if (outcome === "failed") toast({ title: "Could not copy the link", description: `Copy it from the address bar: ${url}`, variant: "destructive" });
  }

  function viewAllReviews() {
    setTab("reviews");
    tabsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto max-w-6xl px-4 pb-20 pt-6 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link href="/">
              <ArrowLeft />
              Back to home
            </Link>
          </Button>
          <form role="search" className="relative order-last w-full sm:order-none sm:ml-auto sm:w-72" onSubmit={(event) => event.preventDefault()}>
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <Input
              type="search"
              autoComplete="off"
              aria-label="Search apps"
              placeholder="Search apps"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              className="h-10 pl-9"
            />
          </form>
          <Button variant="secondary" size="sm" className="ml-auto sm:ml-0" onClick={() => void share()}>
            <Share2 />
            Share
          </Button>
        </div>

        <aside aria-labelledby="sample-listing" className="mt-6 flex gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm leading-6 text-amber-950">
          <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <div>
            <h2 id="sample-listing" className="font-semibold">A sample store listing</h2>
            <p>
              TabVault is not published in an app store. The rating, review counts, downloads, Editor's Choice badge, reviews,
              app details and version history on this page are samples from its design, not measured figures or real
              reviews. TabVault's real releases are in the{" "}
              <Link href="/changelog" className="font-semibold underline">
                changelog
              </Link>
              .
            </p>
          </div>
        </aside>

        <section className="mt-8" aria-label="TabVault">
          <StoreHeader />
        </section>

        <Section title="Screenshots" className="mt-12">
          <ScreenshotStrip />
        </Section>

        <Section title="Why people install TabVault" className="mt-12">
          <StoreFeatureCards />
        </Section>

        <div className="mt-12 grid gap-10 lg:grid-cols-3">
          <div ref={tabsRef} className="scroll-mt-20 lg:col-span-2">
            <Tabs value={tab} onValueChange={(value) => setTab(value as StoreTab)}>
              <TabsList aria-label="About the app" className="w-full sm:w-auto">
                <TabsTrigger value="overview" className="flex-1 sm:flex-none">Overview</TabsTrigger>
                <TabsTrigger value="reviews" className="flex-1 sm:flex-none">Reviews</TabsTrigger>
                <TabsTrigger value="details" className="flex-1 sm:flex-none">Details</TabsTrigger>
                <TabsTrigger value="updates" className="flex-1 sm:flex-none">Updates</TabsTrigger>
              </TabsList>

              <TabsContent value="overview" className="mt-6 space-y-10">
                <Section title="About this app">
                  <div className="space-y-3 leading-7 text-slate-600">
                    <p>
                      One wrong tap on Clear All and every open tab is gone: the research, the half-written form, the article
                      you were halfway through. TabVault's browser extension keeps a snapshot of every tab as you work.
                    </p>
                    <p>
                      The moment tabs disappear, it keeps them as an emergency backup off the device, so you can restore
                      the whole session from the Session Manager whenever you need it.
                    </p>
                  </div>
                </Section>
                <Section title="Key features">
                  <ul className="space-y-3">
                    {keyFeatures.map((feature) => (
                      <li key={feature} className="flex gap-3 text-slate-700">
                        <Check className="mt-1 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </Section>
                <Section title="Mobile experience">
                  <p className="leading-7 text-slate-600">
                    TabVault is built for phones first. Install it from your browser and it opens from the home screen in
                    its own window, starts instantly and still opens without a connection. Updates arrive in the
                    background and wait until you choose to use them.
                  </p>
                  <InstallCard variant="store" className="mt-6" />
                </Section>
              </TabsContent>

              <TabsContent value="reviews" className="mt-6 space-y-6">
                <ReviewsHistogram />
                <ReviewList className="space-y-3" />
              </TabsContent>

              <TabsContent value="details" className="mt-6">
                <Section title="App details (sample)">
                  <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
                    {appDetails.map(({ label, value }) => (
                      <div key={label} className="grid gap-1 px-5 py-3.5 sm:grid-cols-3 sm:gap-4">
                        <dt className="text-sm font-medium text-slate-500">{label}</dt>
                        <dd className="text-sm text-slate-900 sm:col-span-2">{value}</dd>
                      </div>
                    ))}
                  </dl>
                </Section>
              </TabsContent>

              <TabsContent value="updates" className="mt-6">
                <Section title="Version history (sample)">
                  <ol className="space-y-4">
                    {versionHistory.map((release, index) => (
                      <li key={release.version} className={sectionCardLook}>
                        <div className="flex flex-wrap items-baseline justify-between gap-2">
                          <h3 className="font-semibold text-slate-900">
                            Version {release.version}
                            {index === 0 ? <span className="ml-2 text-xs font-medium text-emerald-700">Latest</span> : null}
                          </h3>
                          <span className="text-sm text-slate-500">{release.date}</span>
                        </div>
                        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-600">
                          {release.changes.map((change) => (
                            <li key={change}>{change}</li>
                          ))}
                        </ul>
                      </li>
                    ))}
                  </ol>
                </Section>
              </TabsContent>
            </Tabs>
          </div>

          {/* On a phone the Reviews tab already lists them right above. */}
          <aside className={tab === "reviews" ? "hidden lg:block" : undefined}>
            <section aria-labelledby="user-reviews" className={sectionCardLook}>
              <div className="flex items-center justify-between gap-3">
                <h2 id="user-reviews" className="text-lg font-semibold text-slate-900">User Reviews</h2>
                <Button variant="link" size="sm" className="px-0" onClick={viewAllReviews}>
                  View All
                </Button>
              </div>
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                <Stars />
                {storeFigures.rating} out of 5 · {storeFigures.reviews} reviews (sample figures)
              </p>
              <p className="mt-1 text-xs text-slate-500">Sample reviews, not from real users.</p>
              <ReviewList limit={2} className="mt-4 space-y-3" />
            </section>
          </aside>
        </div>

        <Section title="More from TabVault" className="mt-14">
          <MoreApps />
        </Section>
      </div>
    </div>
  );
}
