import { ArrowRight, Check, Download, type LucideIcon, Monitor, Smartphone } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { EXTENSION_CHROMIUM_BROWSERS, EXTENSION_DESKTOP_SYSTEMS, FIREFOX_ANDROID_REDUCED_MODE } from "@common/product";

interface Device {
  icon: LucideIcon;
  name: string;
  requirement: string;
  points: string[];
  download: { href: "/download"; label: string };
  more: { href: "/download" | "/documentation"; label: string };
}

// What protects a person today (decision 141): the browser extension and the web app. Each
// point is what extension/ does: emergency.ts (the triggers), restore.ts, the opt-in form capture.
const devices: Device[] = [
  {
    icon: Monitor,
    name: "Your computer",
    requirement: `${EXTENSION_CHROMIUM_BROWSERS}, or Firefox, on ${EXTENSION_DESKTOP_SYSTEMS}`,
    points: [
      "The TabVault extension keeps a running snapshot of every tab in every window.",
      "When a window or three or more tabs close at once, that snapshot goes up as an emergency backup, and a notification offers to restore it.",
      "A restore reopens each window with its tabs, pins and groups, loading each tab when you look at it.",
      "Form text and scroll position on any site, once you allow it in the extension's options.",
    ],
    download: { href: "/download", label: "Get the browser extension" },
    more: { href: "/documentation", label: "How it works" },
  },
  {
    icon: Smartphone,
    name: "Your phone",
    requirement: `Firefox for Android, in ${FIREFOX_ANDROID_REDUCED_MODE}`,
    points: [
      "The same extension keeps your phone's tabs backed up and brings them back after an accidental close.",
      "Add the TabVault web app to your home screen to open your Session Manager like an app.",
      "Backups from every browser you connect meet in one Session Manager.",
    ],
    download: { href: "/download", label: "Get the extension for Firefox" },
    more: { href: "/download", label: "All downloads" },
  },
];

/** spec 1 §2: the device section — what protects a computer and a phone today, and where to get it. */
export function DeviceSection() {
  return (
    <section id="devices" aria-labelledby="devices-heading" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Your devices</p>
          <h2 id="devices-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            On your computer and on your phone
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">One account covers both. Connect each browser and your backups meet in the Session Manager.</p>
        </div>
        <ul className="mt-12 grid gap-6 lg:grid-cols-2">
          {devices.map(({ icon: Icon, name, requirement, points, download, more }) => (
            <li key={name} className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <div className="flex items-center gap-4">
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-sm">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="text-xl font-bold text-slate-900">{name}</h3>
                  <p className="text-sm text-slate-600">{requirement}</p>
                </div>
              </div>
              <ul className="mt-6 space-y-3 text-slate-700">
                {points.map((point) => (
                  <li key={point} className="flex gap-3 leading-7">
                    <Check className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
              <div className="mt-8 flex flex-col gap-3 pt-2 sm:mt-auto sm:flex-row sm:items-center">
                <Button asChild>
                  <Link href={download.href}>
                    <Download aria-hidden="true" />
                    {download.label}
                  </Link>
                </Button>
                <Button asChild variant="ghost">
                  <Link href={more.href}>
                    {more.label}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
