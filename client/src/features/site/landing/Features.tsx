import {
  AppWindow,
  DatabaseBackup,
  type LucideIcon,
  Monitor,
  RotateCcw,
  ShieldOff,
  Smartphone,
} from "lucide-react";

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ShieldOff,
    title: "Blocks Clear All",
    text: "TabVault recognises your browser's Clear All and Close All buttons and stops them before a single tab closes.",
  },
  {
    icon: DatabaseBackup,
    title: "Backs up whole sessions",
    text: "Rather keep a copy? Every open tab is saved together with the text you typed into forms and the scroll position you reached.",
  },
  {
    icon: RotateCcw,
    title: "Restores in one go",
    text: "Pick an emergency backup or a manual save and TabVault reopens its tabs, one after another, where you left them.",
  },
  {
    icon: Monitor,
    title: "Browser extension",
    text: "For Chrome, Edge, Brave and Opera on Windows, macOS and Linux, and for Firefox: every tab of every window kept off your device.",
  },
  {
    icon: Smartphone,
    title: "Firefox for Android",
    text: "The same extension on your phone, in a reduced mode: one window, no tab groups. Your tabs come back after a Clear All.",
  },
  {
    icon: AppWindow,
    title: "Installable web app",
    text: "Add TabVault to your home screen or desktop and open it like any other app, no app store needed.",
  },
];

const steps = [
  { title: "Choose how to protect", text: "Block Clear All outright, or let it through and keep a backup of the session." },
  { title: "Browse as usual", text: "TabVault watches for Clear All in the background while you work and read." },
  { title: "Get your session back", text: "If tabs do disappear, restore the latest backup from the Session Manager." },
];

export function Features() {
  return (
    <section id="features" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Features</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Everything Clear All would take, kept safe
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Tabs, half-written forms and reading positions are work. TabVault treats them that way.
          </p>
        </div>

        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-20 rounded-3xl bg-slate-50 px-6 py-12 ring-1 ring-slate-200 sm:px-12">
          <h3 className="text-center text-2xl font-bold tracking-tight text-slate-900">How it works</h3>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <div>
                  <h4 className="font-semibold text-slate-900">{step.title}</h4>
                  <p className="mt-1 leading-7 text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
