import { toastFailure } from "@/lib/failure-toast";
import { restoreLatestBackup, type RestoreResponse } from "@common/api/backups";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2, RotateCcw, Save } from "lucide-react";
import { BACKUP_DETAILS_KEY, BACKUP_LIST_KEY, saveCurrentBackup, saveFailureMessage, USER_STATS_KEY } from "./backup-api";
import { prepareTabsOnce } from "@/features/encryption/form-sealer";
import { requestRestore } from "@/features/extension-bridge/bridge";
import { unopenedNote, useRestoreInThisBrowser } from "@/features/extension-bridge/useRestoreInThisBrowser";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { call } from "@/lib/api-client";
import { formatDateTime } from "@/lib/dates";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The dashboard's backup and restore quick actions: a manual save of the capture engine's current session, and
 * a restore of the latest backup (through the extension when one answers, else its tabs opened 500 ms apart). The
 * server records each as one protection event ("Manual save of 1 tab", "Restored …"); recording spec 1 §7's manual_backup / manual_restore event here
 * as well put every action in the recent events twice.
 */
export function BackupQuickActions({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: USER_STATS_KEY });
    void queryClient.invalidateQueries({ queryKey: BACKUP_LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: BACKUP_DETAILS_KEY });
  };

  const backup = useMutation({
    mutationFn: () => saveCurrentBackup(`Dashboard backup ${formatDateTime(new Date())}`, (tabs) => prepareTabsOnce(email, queryClient, tabs)),
    onSuccess: (result) => {
      toast({ title: "Backup Saved", description: result.limit ? `${result.message} ${result.limit.message}` : result.message });
      refresh();
    },
    onError: (error) => {
      toastFailure(error, "The session could not be backed up. Please try again.", "Error", saveFailureMessage);
    },
  });

  // Like the Session Manager's: handed to the extension when one answers, the tabs opened here one by one without it.
  const { restore } = useRestoreInThisBrowser<void, RestoreResponse>({
    record: () => call(restoreLatestBackup, { body: { userEmail: email } }),
    handOff: (_variables, recorded) => requestRestore(recorded?.session.id ?? ""),
    tabsToOpen: (_variables, recorded) => recorded?.session.tabs ?? [],
    ifNoAnswer: "say-so",
    startedText: "The extension is reopening the saved windows.",
    failure: { title: "Restore Failed", fallback: "The latest backup could not be restored." },
    onDone: refresh,
    onOpenedHere: ({ recorded, opened, unopened, refusal }) => {
      toast({
        title: "Session Restored",
        description: `${count(opened, "tab", "tabs")} and ${count(recorded?.session.openApps.length ?? 0, "app", "apps")} restored. Allow pop-ups if some tabs did not open.${unopenedNote(unopened)}${refusal}`,
      });
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
