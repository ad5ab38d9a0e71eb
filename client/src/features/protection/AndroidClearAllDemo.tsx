import { sectionCardLook } from "@/components/ui/section-card";
import { Globe, RotateCcw, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/class-names";
import { useLocalProtection } from "./useLocalProtection";

type DemoMode = "block" | "backup" | "off";
type Outcome = "blocked" | "backed-up" | "lost";

const modes: { value: DemoMode; label: string; text: string }[] = [
  { value: "block", label: "Block", text: "TabVault stops the tap." },
  { value: "backup", label: "Backup", text: "The tabs close, backed up first." },
  { value: "off", label: "Off", text: "Nothing stands in the way." },
];

/** Made-up tabs of a phone's browser. */
const phoneTabs = [
  { title: "Train times to Leeds", host: "rail.example" },
  { title: "Cover letter — half written", host: "docs.example" },
  { title: "Flat viewing checklist", host: "notes.example" },
  { title: "Sunday ragù", host: "food.example" },
];

/**
 * The Android dashboard's simulated demo: a phone's tab screen and its Clear All, with the three
 * ways it can go, starting from this browser's own protection. Nothing real is closed, counted or sent.
 */
export function AndroidClearAllDemo() {
  const protection = useLocalProtection();
  const [mode, setMode] = useState<DemoMode>(() => (protection.enabled ? protection.mode : "off"));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const open = outcome === null || outcome === "blocked";
  const count = phoneTabs.length;

  function choose(next: DemoMode) {
    setMode(next);
    setOutcome(null);
  }

  function tapClearAll() {
    setOutcome(mode === "block" ? "blocked" : mode === "backup" ? "backed-up" : "lost");
  }

  return (
    <section className={cn(sectionCardLook, "mt-6 sm:p-6")} aria-labelledby="android-demo">
      <h2 id="android-demo" className="text-lg font-semibold text-slate-900">Simulated Clear All</h2>
      <p className="mt-1 text-sm text-slate-600">A simulation: no real tabs are touched.</p>
      <div className="mt-5 grid gap-6 md:grid-cols-[1fr_18rem] md:items-start">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">What TabVault does</legend>
          <div className="mt-3 grid gap-2">
            {modes.map(({ value, label, text }) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition",
                  mode === value ? "border-brand-600 bg-brand-50/60 ring-1 ring-brand-600" : "border-slate-200 hover:border-slate-300",
                )}
              >
                <input type="radio" name="android-demo-mode" value={value} checked={mode === value} onChange={() => choose(value)} aria-labelledby={`android-demo-${value}-label`} aria-describedby={`android-demo-${value}`} className="mt-1 accent-brand-600" />
                <span>
                  <span id={`android-demo-${value}-label`} className="block font-medium text-slate-900">{label}</span>
                  <span id={`android-demo-${value}`} className="block text-sm text-slate-600">{text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="mx-auto w-full max-w-72 rounded-[2rem] border-4 border-slate-800 bg-slate-50 p-3 shadow-md">
          <p className="px-1 text-xs font-semibold text-slate-500">{open ? `${count} tabs` : "0 tabs"}</p>
          <ul className="mt-2 space-y-2" aria-label="Simulated browser tabs">
            {open
              ? phoneTabs.map((tab) => (
                  <li key={tab.title} className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white p-2 text-sm">
                    <Globe className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{tab.title}</span>
                      <span className="block truncate text-xs text-slate-500">{tab.host}</span>
                    </span>
                  </li>
                ))
              : null}
          </ul>
          {open ? null : <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">No open tabs</p>}
          <Button variant="destructive" size="sm" className="mt-3 w-full" onClick={tapClearAll} disabled={!open}>
            <Trash2 aria-hidden="true" />
            Tap Clear All
          </Button>
        </div>
      </div>

      <div role="status" className="mt-4 min-h-6 text-sm">
        {outcome === "blocked" ? (
          <p className="flex items-center gap-2 font-medium text-emerald-800">
            <ShieldCheck className="size-4" aria-hidden="true" />
            Blocked: your {count} tabs stay open.
          </p>
        ) : outcome === "backed-up" ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-medium text-amber-900">Clear All went through, and the {count} tabs were backed up first.</p>
            <Button variant="secondary" size="sm" onClick={() => setOutcome(null)}>
              <RotateCcw aria-hidden="true" />
              Restore {count} tabs
            </Button>
          </div>
        ) : outcome === "lost" ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-medium text-red-800">All {count} tabs are gone.</p>
            <Button variant="secondary" size="sm" onClick={() => setOutcome(null)}>
              Start again
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
