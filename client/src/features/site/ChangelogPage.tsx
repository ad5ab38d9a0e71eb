import { History } from "lucide-react";
import { PageIntro } from "./PageIntro";
import { Badge } from "@/components/ui/badge";
import { type ChangeKind, type Release, releases } from "@/features/site/content/changelog";
import { cn } from "@/lib/class-names";

const changeKindLabel: Record<ChangeKind, string> = { new: "New", improvement: "Improvement", fix: "Fix" };
const changeKindStyle: Record<ChangeKind, string> = {
  new: "bg-emerald-100 text-emerald-800",
  improvement: "bg-sky-100 text-sky-800",
  fix: "bg-amber-100 text-amber-900",
};

function ReleaseEntry({ release, latest }: { release: Release; latest: boolean }) {
  const headingId = `release-${release.version.replaceAll(".", "-")}`;
  return (
    <li className="relative pb-12 pl-8 last:pb-0 md:grid md:grid-cols-[10rem_1fr] md:gap-10 md:pl-0">
      {/* The timeline: a dot per release on a line down the left edge (the date column from md up). */}
      <span aria-hidden="true" className="absolute bottom-0 left-[5px] top-2 w-px bg-slate-200 md:left-[10.6rem]" />
      <span
        aria-hidden="true"
        className={cn("absolute left-0 top-1.5 size-3 rounded-full ring-4 ring-white md:left-[10.25rem]", latest ? "bg-brand-600" : "bg-slate-300")}
      />
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm font-medium text-slate-500 md:flex-col md:pt-0.5 md:text-right" aria-label={`Parts of ${release.version}`}>
        <li>Web app {release.version}</li>
        <li>Browser extension {release.version}</li>
      </ul>
      <article aria-labelledby={headingId} className="mt-1 md:mt-0 md:pl-10">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
            Version {release.version}
          </h2>
          {latest ? <Badge variant="success">Latest</Badge> : null}
        </div>
        <p className="mt-2 text-lg text-slate-600">{release.summary}</p>
        <ul className="mt-5 space-y-4 rounded-2xl sm:space-y-3 border border-slate-200 bg-white p-5 shadow-sm" aria-label={`Changes in ${release.version}`}>
          {release.changes.map((change) => (
            <li key={change.text} className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:gap-3">
              <Badge className={cn("w-fit shrink-0 sm:mt-0.5 sm:w-[6.5rem] sm:justify-center", changeKindStyle[change.kind])}>{changeKindLabel[change.kind]}</Badge>
              <span className="leading-7 text-slate-700">{change.text}</span>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

/** `/changelog`: TabVault's releases, the running one first, with the web app's and the extension's version. */
export default function ChangelogPage() {
  return (
    <>
      <PageIntro
        icon={History}
        eyebrow="What's new"
        title="Changelog"
        lead="Every TabVault release: what changed in the web app and the browser extension, which share one version number."
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <ol className="relative" aria-label="Releases">
          {releases.map((release, index) => (
            <ReleaseEntry key={release.version} release={release} latest={index === 0} />
          ))}
        </ol>
      </div>
    </>
  );
}
