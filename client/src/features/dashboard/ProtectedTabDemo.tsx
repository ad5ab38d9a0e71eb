import { sectionCardLook } from "@/components/ui/section-card";
import { Archive, RotateCcw, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/class-names";

interface DemoTab {
  id: number;
  title: string;
  url: string;
  timestamp: string;
  isProtected: boolean;
}

const initialTabs: DemoTab[] = [
  { id: 1, title: "Flight booking — half filled", url: "https://travel.example/checkout", timestamp: "10:42", isProtected: true },
  { id: 2, title: "Research: tab hoarding study", url: "https://journal.example/paper", timestamp: "10:15", isProtected: true },
  { id: 3, title: "Recipe for Sunday", url: "https://food.example/ragu", timestamp: "09:58", isProtected: false },
];

/**
 * spec 1 §4 "Dashboard demo": with protection on, Clear All moves protected tabs to storage and marks
 * the others cleared; Recover brings them back. With it off, every tab is lost.
 */
export function ProtectedTabDemo() {
  const [enabled, setEnabled] = useState(true);
  const [tabs, setTabs] = useState(initialTabs);
  const [stored, setStored] = useState<DemoTab[]>([]);

  function clearAll() {
    if (!enabled) {
      setTabs([]);
      setStored([]);
      return;
    }
    setStored(tabs.filter((tab) => tab.isProtected));
    setTabs(tabs.filter((tab) => !tab.isProtected).map((tab) => ({ ...tab, title: tab.title.startsWith("✕ ") ? tab.title : `✕ ${tab.title}` })));
  }

  function recover() {
    setTabs(initialTabs);
    setStored([]);
  }

  return (
    <section className={sectionCardLook} aria-labelledby="tab-demo">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tab-demo" className="font-semibold text-slate-900">Try it: Clear All with and without TabVault</h2>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span id="demo-switch">Protection {enabled ? "on" : "off"}</span>
          <Switch checked={enabled} onCheckedChange={setEnabled} aria-labelledby="demo-switch" />
        </label>
      </div>
      <ul className="mt-4 space-y-2" aria-label="Demo tabs">
        {tabs.length === 0 ? <li className="rounded-lg bg-red-50 p-3 text-sm text-red-800">All tabs are gone.</li> : null}
        {tabs.map((tab) => (
          <li key={tab.id} className={cn("flex items-center justify-between rounded-lg border p-3 text-sm", tab.title.startsWith("✕ ") ? "border-red-200 bg-red-50 text-red-800" : "border-slate-200")}>
            <span className="min-w-0">
              <span className="block truncate font-medium">{tab.title}</span>
              <span className="block truncate text-xs text-slate-500">{tab.url}</span>
            </span>
            <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
              {tab.isProtected ? <ShieldCheck className="size-4 text-emerald-600" aria-label="Protected" /> : null}
              {tab.timestamp}
            </span>
          </li>
        ))}
      </ul>
      {stored.length > 0 ? (
        <div className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <h3 id="demo-storage" className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
            <Archive className="size-4" aria-hidden="true" />
            Safe in storage
          </h3>
          <ul className="mt-2 space-y-1" aria-labelledby="demo-storage">
            {stored.map((tab) => (
              <li key={tab.id} className="min-w-0 text-sm text-emerald-900">
                <span className="block truncate font-medium">{tab.title}</span>
                <span className="block truncate text-xs text-emerald-700">{tab.url}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-4 flex gap-2">
        <Button variant="destructive" size="sm" onClick={clearAll} disabled={tabs.length === 0}>
          <Trash2 aria-hidden="true" />
          Clear All
        </Button>
        <Button variant="secondary" size="sm" onClick={recover}>
          <RotateCcw aria-hidden="true" />
          Recover
        </Button>
      </div>
    </section>
  );
}
