import type { SavedTab } from "@common/api/backups";
import { useMutation } from "@tanstack/react-query";
import { Check, Copy, ExternalLink, ListChecks, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { showFailure } from "@/lib/failure-toast";
import { toast } from "@/lib/use-toast";
import { restoreUrl } from "@/features/extension-bridge/restore-handoff";
import { restoreSavedBackup } from "./backup-api";

/**
 * A backup restored where a browser lets a page open one new tab per tap (a phone's; decision 219): a list of its tabs
 * where each tap opens the next one and marks it done, and every address copied at once. Encrypted tabs are left to
 * the extension.
 */
export function TapToRestore({ backupId }: { backupId: string }) {
  const [tabs, setTabs] = useState<SavedTab[] | null>(null);
  const [done, setDone] = useState<ReadonlySet<number>>(new Set());
  const load = useMutation({
    mutationFn: () => restoreSavedBackup(backupId),
    onSuccess: (answer) => {
      setTabs(answer.session.tabs.filter((tab) => tab.url !== ""));
      setDone(new Set());
    },
    onError: showFailure("The tabs could not be read.", "Restore Failed"),
  });

  if (!tabs) {
    return (
      <Button variant="outline" className="mt-4 w-full sm:w-auto" onClick={() => load.mutate()} disabled={load.isPending}>
        {load.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ListChecks aria-hidden="true" />}
        Restore tab by tab
      </Button>
    );
  }

  const next = tabs.findIndex((_, index) => !done.has(index));
  const open = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    // Inside the tap's own handler: the one new tab a phone's browser allows per tap.
    window.open(restoreUrl(tab), "_blank", "noopener");
    setDone((before) => new Set(before).add(index));
  };
  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(tabs.map((tab) => tab.url).join("\n"));
      toast({ title: "Copied", description: `${tabs.length} ${tabs.length === 1 ? "address" : "addresses"} copied, one a line.` });
    } catch {
      toast({ title: "Copy Failed", description: "This browser did not allow copying: open the tabs one by one instead.", variant: "destructive" });
    }
  };

  return (
    <section aria-label="Restore tab by tab" className="mt-4 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => open(next)} disabled={next === -1} className="grow">
          <ExternalLink aria-hidden="true" />
          {next === -1 ? "All tabs opened" : `Open next tab (${next + 1} of ${tabs.length})`}
        </Button>
        <Button variant="outline" onClick={() => void copyAll()}>
          <Copy aria-hidden="true" />
          Copy all
        </Button>
      </div>
      <p className="mt-2 text-sm text-slate-600" role="status">
        {done.size} of {tabs.length} opened
      </p>
      <ol className="mt-2 divide-y divide-slate-100">
        {tabs.map((tab, index) => (
          <li key={`${index}-${tab.url}`}>
            <button
              type="button"
              onClick={() => open(index)}
              className="flex min-h-11 w-full items-center gap-2 py-2 text-left text-sm"
              aria-label={`${done.has(index) ? "Opened" : "Open"}: ${tab.title || tab.url}`}
            >
              {done.has(index) ? <Check className="size-4 shrink-0 text-emerald-600" aria-hidden="true" /> : <span className="size-4 shrink-0 rounded-full border border-slate-300" aria-hidden="true" />}
              <span className={done.has(index) ? "min-w-0 truncate text-slate-400 line-through" : "min-w-0 truncate text-slate-900"}>{tab.title || tab.url}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
