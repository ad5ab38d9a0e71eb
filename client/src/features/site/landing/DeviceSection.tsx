import { ArrowRight, Check, Download, type LucideIcon, Monitor, Smartphone } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { ANDROID_REQUIREMENT } from "@common/product";

interface Device {
  icon: LucideIcon;
  name: string;
  requirement: string;
  points: string[];
  download: { href: "/download-android" | "/download"; label: string };
  more: { href: "/download" | "/windows"; label: string };
}

const devices: Device[] = [
  {
    icon: Smartphone,
    name: "Android",
    requirement: `Phones and tablets with ${ANDROID_REQUIREMENT}`,
    points: [
      "Stops Clear All and Close all tabs in Chrome, Firefox, Edge, Opera, Samsung Internet and Brave.",
      "Or lets it through and keeps a backup of every tab, with form text and scroll position.",
      "Brings a lost session back from the Session Manager, tab by tab.",
      "Installs from the download page, or add the web app to your home screen.",
    ],
    download: { href: "/download-android", label: "Get the Android app" },
    more: { href: "/download", label: "All downloads" },
  },
  {
    icon: Monitor,
    name: "Windows",
    requirement: "Windows 10 (1903 or later) and Windows 11",
    points: [
      "Catches Ctrl+Shift+W and the other close-all shortcuts before a window goes.",
      "Backs the session up when a browser window closes, so it can be restored.",
      "File protection keeps open documents from being closed unsaved (Basic and up).",
      "Backs up the state of your applications and watches for closes you did not mean (Pro and up).",
    ],
    download: { href: "/download", label: "Download for Windows" },
    more: { href: "/windows", label: "TabVault for Windows" },
  },
];

/** spec 1 §2: the device section — what TabVault does on Android and on Windows, and where to get it. */
export function DeviceSection() {
  return (
    <section id="devices" aria-labelledby="devices-heading" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Your devices</p>
          <h2 id="devices-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            On your phone and on your PC
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">One account covers both. Sign in on each device and your backups meet in the Session Manager.</p>
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
