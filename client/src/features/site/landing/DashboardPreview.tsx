import { sectionCardLook } from "@/components/ui/section-card";
import { ArrowRight, CalendarDays, HardDrive, Save, ShieldCheck, ShieldOff, Sparkles, Undo2 } from "lucide-react";
import { Link } from "wouter";

// Sample figures for the picture only; the real dashboard shows the signed-in person's own.
const tiles = [
  { icon: ShieldCheck, label: "Protected tabs", value: "128" },
  { icon: HardDrive, label: "Data saved", value: "42MB" },
  { icon: CalendarDays, label: "Days active", value: "36" },
  { icon: Sparkles, label: "Plan", value: "Pro Active" },
];

const tabs = [
  { title: "Quarterly report (draft)", url: "docs.example.com", time: "2 min ago" },
  { title: "Flights: Lisbon to Berlin", url: "travel.example.com", time: "5 min ago" },
  { title: "Job application, step 2 of 4", url: "careers.example.com", time: "12 min ago" },
];

const events = [
  { icon: ShieldOff, text: "Clear All blocked in Chrome", time: "Today, 09:42" },
  { icon: Undo2, text: "Session restored: 7 tabs", time: "Yesterday, 18:05" },
  { icon: ShieldCheck, text: "Emergency backup saved", time: "Yesterday, 18:04" },
  { icon: Save, text: "Manual backup: 12 tabs", time: "Mon, 14:20" },
];

/**
 * spec 1 §2: a picture of the signed-in dashboard, drawn in HTML with sample data. It is hidden from screen
 * readers as a whole and described by its caption, since its "buttons" and figures are not real.
 */
export function DashboardPreview() {
  return (
    <section id="dashboard-preview" aria-labelledby="preview-heading" className="scroll-mt-16 overflow-hidden bg-gradient-to-b from-white to-brand-50/60 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Your dashboard</p>
          <h2 id="preview-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Everything protected, at a glance
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            After you sign in, TabVault opens on your dashboard: what is protected, what was blocked or restored, and your plan.
          </p>
        </div>

        <figure className="mx-auto mt-12 max-w-5xl">
          <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl ring-1 ring-slate-900/5">
            <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3">
              <span className="size-3 rounded-full bg-red-400" />
              <span className="size-3 rounded-full bg-amber-400" />
              <span className="size-3 rounded-full bg-emerald-400" />
              <span className="ml-3 hidden h-6 flex-1 items-center rounded-md bg-white px-3 text-xs text-slate-500 ring-1 ring-slate-200 sm:flex">tabvault.app</span>
              <span className="ml-auto rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white sm:ml-3">Preview</span>
            </div>
            <div className="bg-slate-50/60 p-4 sm:p-8">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
                <div>
                  <p className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</p>
                  <p className="mt-1 text-slate-600">Welcome back, Sam.</p>
                </div>
                <div className="flex items-center gap-4 self-start rounded-2xl border border-slate-200 bg-white px-4 py-2.5 shadow-sm">
                  <div>
                    <p className="whitespace-nowrap text-xs font-medium uppercase tracking-wide text-slate-500">Current plan</p>
                    <p className="font-semibold text-slate-900">Pro</p>
                  </div>
                  <span className="whitespace-nowrap rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">
                    Upgrade<span className="hidden sm:inline"> to Premium</span>
                  </span>
                </div>
              </div>

              <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
                {tiles.map(({ icon: Icon, label, value }) => (
                  <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                    <p className="flex items-center gap-2 text-xs text-slate-500 sm:text-sm">
                      <Icon className="size-4 text-brand-600" />
                      {label}
                    </p>
                    <p className="mt-2 text-lg font-bold text-slate-900 sm:text-2xl">{value}</p>
                  </div>
                ))}
              </div>

              <div className="mt-6 grid gap-4 lg:grid-cols-2">
                <div className={sectionCardLook}>
                  <div className="flex items-center justify-between">
                    <p className="font-semibold text-slate-900">Protected tabs</p>
                    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">Protection on</span>
                  </div>
                  <ul className="mt-4 space-y-2">
                    {tabs.map((tab) => (
                      <li key={tab.title} className="flex items-center gap-3 rounded-lg border border-slate-100 bg-slate-50 px-3 py-2">
                        <ShieldCheck className="size-4 shrink-0 text-emerald-600" />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium text-slate-800">{tab.title}</span>
                          <span className="block truncate text-xs text-slate-500">
                            {tab.url} · {tab.time}
                          </span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
                <div className={sectionCardLook}>
                  <p className="font-semibold text-slate-900">Recent protection events</p>
                  <ul className="mt-4 space-y-3">
                    {events.map(({ icon: Icon, text, time }) => (
                      <li key={text} className="flex items-center gap-3">
                        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                          <Icon className="size-4" />
                        </span>
                        <span className="min-w-0 flex-1 sm:flex sm:items-center sm:justify-between sm:gap-3">
                          <span className="block truncate text-sm text-slate-800">{text}</span>
                          <span className="block shrink-0 text-xs text-slate-500">{time}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            </div>
          </div>
          <figcaption className="mt-5 text-center text-sm text-slate-600">
            Preview of the dashboard with sample data: protected tabs, data saved, days active and plan, your protected tabs and
            recent protection events.{" "}
            <Link href="/sign-in" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              Sign in to see yours
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
