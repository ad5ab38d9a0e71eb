import type { ExtensionLiveState } from "@common/extension-bridge";
import { Download, Puzzle } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/dates";
import { useExtensionLiveState } from "./useExtensionLiveState";

const connectionWords: Record<ExtensionLiveState["connection"], string> = {
  connected: "Backups go to your account as they are made.",
  disconnected: "TabVault no longer accepts this browser's connection: reconnect from the extension's icon. Emergency backups stay on this device meanwhile.",
  "not-connected": "Connect it from the extension's icon: until then emergency backups stay on this device.",
};

/**
 * The blocker page's extension panel: what the TabVault extension in this browser is doing, from
 * the extension itself through the page bridge, refreshed while the page is open; without it, where to get it.
 */
export function ExtensionLiveStatePanel() {
  const state = useExtensionLiveState();
  return (
    <section aria-labelledby="extension-live-state" className="mt-6 rounded-xl border border-slate-200 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="extension-live-state" className="flex items-center gap-2 font-semibold text-slate-900">
          <Puzzle className="size-5 text-brand-600" aria-hidden="true" />
          Browser extension
        </h3>
        {state ? (
          <Badge variant={state.connection === "connected" ? "success" : "warning"}>{state.connection === "connected" ? "PROTECTING" : "NOT CONNECTED"}</Badge>
        ) : null}
      </div>
      {state === undefined ? (
        <p className="mt-2 text-sm text-slate-500">Looking for the TabVault extension…</p>
      ) : state === null ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">
            The TabVault extension is not installed in this browser. This page guards only its own tab; the extension backs up every tab in every window.
          </p>
          <Button asChild size="sm" variant="secondary">
            <Link href="/download">
              <Download aria-hidden="true" />
              Get the extension
            </Link>
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600" role="status">
            {state.connection === "connected" ? `Protecting this browser${state.email ? ` for ${state.email}` : ""}. ` : "Watching this browser's tabs, not connected. "}
            {connectionWords[state.connection]}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure term="Emergency backups on this device" value={state.emergencyBackups} />
            <Figure term="Tabs they saved" value={state.tabsSaved} />
            <Figure term="Tabs watched now" value={state.watchedTabs} />
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-slate-600">Latest snapshot</dt>
              <dd className="mt-1 font-semibold text-slate-900">{state.lastSnapshotAt === null ? "None yet" : formatDateTime(state.lastSnapshotAt)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}

function Figure({ term, value }: { term: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}
