import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { updateToWaitingVersion, useUpdateWaiting } from "./service-worker";
import { UPDATE_NOTICE_HIDE_MS } from "./timings";

/**
 * The service worker's update notice: a new version is waiting. Update Now lets it take over and
 * the page reloads into it; Later (or 10 s without an answer) hides the notice and the new version starts
 * with the next visit.
 */
export function UpdateNotice() {
  const waiting = useUpdateWaiting();
  const [hidden, setHidden] = useState(false);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setHidden(true), UPDATE_NOTICE_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  if (!waiting || hidden) return null;

  async function updateNow() {
    setUpdating(true);
    await updateToWaitingVersion();
  }

  return (
    <section
      role="status"
      aria-label="Update available"
      className="pointer-events-auto flex w-full max-w-md flex-col gap-3 sm:max-w-xl rounded-2xl border border-brand-200 bg-white p-4 shadow-xl animate-fade-in sm:flex-row sm:items-center"
    >
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 sm:inline-flex">
        <RefreshCw className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-slate-900">A new version of TabVault is ready</p>
        <p className="text-xs text-slate-600">Update now, or it starts the next time you open TabVault.</p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void updateNow()} disabled={updating}>
          {updating ? "Updating…" : "Update Now"}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setHidden(true)}>
          Later
        </Button>
      </div>
    </section>
  );
}
