import { restoreLatestBackup } from "@common/api/backups";
import { logProtectionEvent } from "@common/api/protection";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2, RotateCcw, Save } from "lucide-react";
import { openRestoredTabs, SAVED_SESSION_DETAILS_KEY, SAVED_SESSIONS_KEY, saveCurrentSession, USER_STATS_KEY } from "./session-api";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { call } from "@/lib/api-client";
import { errorMessage, isUnauthorizedError } from "@/lib/queryClient";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** spec 1 §7: what the person did, as a protection event; a failure gets the spec's toast and nothing else. */
async function recordProtectionEvent(eventType: "manual_backup" | "manual_restore", description: string): Promise<void> {
  try {
    await call(logProtectionEvent, { body: { eventType, description } });
  } catch (error) {
    if (!isUnauthorizedError(error)) toast({ title: "Error", description: "Failed to record protection event", variant: "destructive" });
  }
}

/**
 * The dashboard's backup and restore quick actions. Each does the real thing first (a manual save of
 * the capture engine's current session; a restore of the latest backup, its tabs opened 500 ms apart)
 * and then records the manual_backup / manual_restore event of spec 1 §7 from what happened.
 */
export function BackupQuickActions({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: USER_STATS_KEY });
    void queryClient.invalidateQueries({ queryKey: SAVED_SESSIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: SAVED_SESSION_DETAILS_KEY });
  };

  const backup = useMutation({
    mutationFn: () => saveCurrentSession(`Dashboard backup ${timeFormat.format(new Date())}`),
    onSuccess: async (result) => {
      toast({ title: "Backup Saved", description: result.limit ? `${result.message} ${result.limit.message}` : result.message });
      await recordProtectionEvent("manual_backup", `Backed up ${count(result.tabsSaved, "tab", "tabs")} from the dashboard`);
      refresh();
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast({ title: "Error", description: errorMessage(error, "Failed to record protection event"), variant: "destructive" });
    },
  });

  const restore = useMutation({
    mutationFn: () => call(restoreLatestBackup, { body: { userEmail: email } }),
    onSuccess: async (result) => {
      openRestoredTabs(result.session.tabs);
      const tabs = count(result.session.tabs.length, "tab", "tabs");
      toast({
        title: "Session Restored",
        description: `${tabs} and ${count(result.session.openApps.length, "app", "apps")} restored. Allow pop-ups if some tabs did not open.`,
      });
      await recordProtectionEvent("manual_restore", `Restored ${tabs} of the latest backup from the dashboard`);
      refresh();
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast({ title: "Restore Failed", description: errorMessage(error, "The latest backup could not be restored."), variant: "destructive" });
    },
  });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => backup.mutate()} disabled={backup.isPending}>
        {backup.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
        Back up this session
      </Button>
      <Button variant="secondary" size="sm" onClick={() => restore.mutate()} disabled={restore.isPending}>
        {restore.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
        Restore latest backup
      </Button>
    </>
  );
}
