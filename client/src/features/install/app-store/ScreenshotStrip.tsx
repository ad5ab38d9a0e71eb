import { Check, LayoutGrid, type LucideIcon, ShieldCheck, ShieldOff } from "lucide-react";
import type { ReactNode } from "react";

/** A phone-sized drawing of one screen of the app. Decorative: the caption under it says what it shows. */
function PhoneScreen({ icon: Icon, heading, children }: { icon: LucideIcon; heading: string; children: ReactNode }) {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-[15rem] rounded-[2rem] border-[6px] border-slate-900 bg-white shadow-lg">
      <div className="mx-auto mt-2 h-1.5 w-14 rounded-full bg-slate-200" />
      <div className="h-72 px-3 pb-4 pt-3">
        <div className="flex items-center gap-2 rounded-lg bg-brand-600 px-3 py-2 text-xs font-semibold text-white">
          <Icon className="size-4" />
          {heading}
        </div>
        <div className="mt-3 space-y-2">{children}</div>
      </div>
    </div>
  );
}

const tabRows = ["Train times", "Report draft", "Recipe", "Job application"];

const screens: { caption: string; text: string; screen: ReactNode }[] = [
  {
    caption: "Clear All Protection",
    text: "The button is blocked before a tab closes.",
    screen: (
      <PhoneScreen icon={ShieldOff} heading="Clear All blocked">
        <div className="rounded-lg bg-emerald-50 p-3 text-[11px] text-emerald-900 ring-1 ring-emerald-200">
          <p className="font-semibold">Your 4 tabs are safe</p>
          <p>TabVault stopped Clear All.</p>
        </div>
        {tabRows.map((title) => (
          <div key={title} className="flex items-center gap-2 rounded-md bg-slate-50 px-2 py-1.5 text-[11px] text-slate-700">
            <span className="size-3 rounded bg-slate-300" />
            <span className="flex-1 truncate">{title}</span>
            <ShieldCheck className="size-3.5 text-emerald-600" />
          </div>
        ))}
      </PhoneScreen>
    ),
  },
  {
    caption: "Tab Management",
    text: "Backups with every tab, ready to restore.",
    screen: (
      <PhoneScreen icon={LayoutGrid} heading="Saved sessions">
        {["Emergency Backup · 12 tabs", "Manual Save · 5 tabs", "Emergency Backup · 8 tabs"].map((row) => (
          <div key={row} className="rounded-md border border-slate-200 px-2 py-2 text-[11px]">
            <p className="font-medium text-slate-800">{row}</p>
            <div className="mt-1.5 h-1.5 w-2/3 rounded-full bg-slate-200" />
          </div>
        ))}
        <div className="rounded-md bg-brand-600 py-1.5 text-center text-[11px] font-semibold text-white">Restore Session</div>
      </PhoneScreen>
    ),
  },
  {
    caption: "Security Dashboard",
    text: "Protection status and blocked attempts at a glance.",
    screen: (
      <PhoneScreen icon={ShieldCheck} heading="Protection">
        <div className="grid grid-cols-2 gap-2">
          {[
            ["ACTIVE", "Status"],
            ["12", "Blocked"],
            ["3", "Backups"],
            ["On", "Sync"],
          ].map(([value, label]) => (
            <div key={label} className="rounded-md bg-slate-50 p-2 text-center">
              <p className="text-sm font-bold text-slate-900">{value}</p>
              <p className="text-[10px] text-slate-500">{label}</p>
            </div>
          ))}
        </div>
        {["Clear All blocked", "Backup saved", "Session restored"].map((event) => (
          <div key={event} className="flex items-center gap-2 text-[11px] text-slate-700">
            <Check className="size-3.5 text-emerald-600" />
            {event}
          </div>
        ))}
      </PhoneScreen>
    ),
  },
];

/** The store block's screenshot strip: three screens, scrolled sideways on a phone. */
export function ScreenshotStrip() {
  return (
    <ul
      aria-label="Screenshots"
      className="-mx-4 flex snap-x snap-mandatory gap-5 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0"
    >
      {screens.map(({ caption, text, screen }) => (
        <li key={caption} className="w-64 shrink-0 snap-center rounded-2xl bg-gradient-to-b from-brand-50 to-white p-4 ring-1 ring-brand-100 sm:w-auto">
          {screen}
          <p className="mt-4 text-center text-sm font-semibold text-slate-900">{caption}</p>
          <p className="mt-1 text-center text-xs text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}
