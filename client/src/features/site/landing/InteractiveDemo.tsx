import { Check, Play, RotateCcw, ShieldAlert, ShieldCheck, Sparkles, Square, Undo2, X } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/class-names";
import { createDemoPlayer, type DemoState, demoSteps, type DemoTab, type DemoTabStatus } from "./demo-player";

const statusStyle: Record<DemoTabStatus, { label: string; badge: string; icon: typeof ShieldCheck; iconClass: string }> = {
  vulnerable: { label: "Unprotected", badge: "bg-amber-100 text-amber-900", icon: ShieldAlert, iconClass: "text-amber-600" },
  protected: { label: "Protected", badge: "bg-emerald-100 text-emerald-900", icon: ShieldCheck, iconClass: "text-emerald-600" },
  recovered: { label: "Recovered", badge: "bg-brand-100 text-brand-900", icon: Undo2, iconClass: "text-brand-600" },
};
const closedStyle = { label: "Closed", badge: "bg-red-100 text-red-800", icon: X, iconClass: "text-red-600" };

function phaseLabel({ phase, stepsShown }: DemoState): string {
  const total = demoSteps.length;
  switch (phase) {
    case "idle":
      return "Ready to play";
    case "running":
      return stepsShown === 0 ? "Starting…" : `Playing: step ${stepsShown} of ${total}`;
    case "stopped":
      return `Stopped at step ${stepsShown} of ${total}`;
    case "finished":
      return "Finished";
  }
}

/**
 * Every row has the same three lines whatever its state (title; address and status; what it holds, or its summary
 * analysis once there is one), so the demo never changes height while it plays.
 */
function DemoTabRow({ tab, closed }: { tab: DemoTab; closed: boolean }) {
  const style = closed ? closedStyle : statusStyle[tab.status];
  const Icon = style.icon;
  return (
    <li className={cn("rounded-xl border p-3 transition-colors", closed ? "border-dashed border-red-300 bg-red-50" : "border-slate-200 bg-white shadow-sm")}>
      <div className="flex items-start gap-3">
        <Icon className={cn("mt-0.5 size-5 shrink-0", style.iconClass)} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className={cn("truncate text-sm font-semibold", closed ? "text-slate-700 line-through" : "text-slate-900")}>{tab.title}</p>
          <div className="flex items-center justify-between gap-2">
            <p className={cn("min-w-0 truncate text-xs", closed ? "text-red-800" : "text-slate-600")}>{closed ? "Closed by accident" : tab.url}</p>
            <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold", style.badge)}>{style.label}</span>
          </div>
          {tab.aiAnalysis ? (
            <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-violet-800">
              <Sparkles className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Summary: </span>
              <span className="truncate">{tab.aiAnalysis}</span>
            </p>
          ) : (
            <p className="mt-1 truncate text-xs text-slate-600">{closed ? "Its backup is safe in TabVault" : tab.content}</p>
          )}
        </div>
      </div>
    </li>
  );
}

/** One player per mounted demo; leaving the page stops its timer. */
function useDemoPlayer() {
  const [player] = useState(createDemoPlayer);
  useEffect(() => () => player.stop(), [player]);
  const state = useSyncExternalStore(player.subscribe, player.getState, player.getState);
  return { player, state };
}

/** spec 1 §2/§4: the scripted demo of five timed steps, with Start, Stop and Restart. Made-up tabs only. */
export function InteractiveDemo() {
  const { player, state } = useDemoPlayer();
  const running = state.phase === "running";
  const current = state.stepsShown > 0 ? demoSteps[state.stepsShown - 1] : undefined;

  return (
    <section id="demo" aria-labelledby="demo-heading" className="scroll-mt-16 border-t border-slate-100 bg-slate-50/70 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Interactive demo</p>
          <h2 id="demo-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Watch TabVault get a tab back
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            A ten-second, scripted demo with made-up tabs. It plays on this page only and touches nothing in your browser.
          </p>
        </div>

        {/* Phones: controls, the pretend browser, then the steps; wide screens: steps and controls beside it. */}
        <div className="mt-12 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:grid-rows-[auto_1fr] lg:gap-x-12">
          <div role="group" aria-label="Demo controls" className="flex flex-wrap gap-3 lg:col-start-1 lg:row-start-2">
            <Button onClick={player.start} disabled={running}>
              <Play aria-hidden="true" />
              Start
            </Button>
            <Button variant="secondary" onClick={player.stop} disabled={!running}>
              <Square aria-hidden="true" />
              Stop
            </Button>
            <Button variant="secondary" onClick={player.restart} disabled={state.phase === "idle"}>
              <RotateCcw aria-hidden="true" />
              Restart
            </Button>
          </div>

          <div className="self-start overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3">
              <span aria-hidden="true" className="size-3 rounded-full bg-red-400" />
              <span aria-hidden="true" className="size-3 rounded-full bg-amber-400" />
              <span aria-hidden="true" className="size-3 rounded-full bg-emerald-400" />
              <span className="ml-2 rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">Demo</span>
              <p role="status" className="ml-auto truncate text-xs font-medium text-slate-600">
                {phaseLabel(state)}
              </p>
            </div>
            <div className="p-4 sm:p-5">
              {/* As tall as the longest step's story, so the tabs below never move. */}
              <p className="min-h-[4.5rem] text-sm leading-6 text-slate-700 sm:min-h-12" aria-live="polite">
                {current ? (
                  <>
                    <span className="font-semibold text-slate-900">{current.title}. </span>
                    {current.narration}
                  </>
                ) : (
                  "Press Start to play the demo. Four tabs are open in this pretend browser."
                )}
              </p>
              <ul aria-label="Demo tabs" className="mt-3 space-y-2.5">
                {[...state.tabs, ...state.closedTabs]
                  .sort((a, b) => a.id - b.id)
                  .map((tab) => (
                    <DemoTabRow key={tab.id} tab={tab} closed={state.closedTabs.includes(tab)} />
                  ))}
              </ul>
            </div>
          </div>

          <ol aria-label="Demo steps" className="space-y-2 lg:col-start-1 lg:row-start-1 lg:space-y-3">
            {demoSteps.map((step, index) => {
              const done = index < state.stepsShown - 1 || (index === state.stepsShown - 1 && state.phase === "finished");
              const isCurrent = index === state.stepsShown - 1 && !done;
              return (
                <li
                  key={step.title}
                  aria-current={isCurrent ? "step" : undefined}
                  className={cn(
                    "flex items-center gap-4 rounded-2xl border px-4 py-2.5 transition-colors lg:items-start lg:py-4",
                    isCurrent ? "border-brand-300 bg-white shadow-md ring-1 ring-brand-200" : "border-transparent",
                  )}
                >
                  <span
                    className={cn(
                      "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                      done ? "bg-emerald-600 text-white" : isCurrent ? "bg-brand-600 text-white" : "bg-white text-slate-600 ring-1 ring-slate-300",
                    )}
                  >
                    {done ? <Check className="size-4" aria-hidden="true" /> : index + 1}
                    {done ? <span className="sr-only">Done:</span> : null}
                  </span>
                  <div>
                    <p className={cn("font-semibold", isCurrent || done ? "text-slate-900" : "text-slate-700")}>{step.title}</p>
                    {/* On phones the pretend browser tells the current step's story instead. */}
                    <p className="mt-1 hidden text-sm leading-6 text-slate-600 lg:block">{step.narration}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
