import { toastFailure } from "@/lib/failure-toast";
import type { BackupOverview } from "@common/api/backup-pages";
import { listTeamSharedBackups, TEAM_SHARE_KEEPS_PRIVATE } from "@common/api/team-sharing";
import { planHasFeature } from "@common/plan-catalogue";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2, Lock, Share2, ShieldCheck, Undo2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/accounts/useAuth";
import { encryptedTabs } from "@/features/encryption/tab-sealing";
import { endpointQuery } from "@/lib/api-client";
import { toast } from "@/lib/use-toast";
import { refreshShared, shareBackup, unshareBackup } from "./team-sharing-api";

/**
 * The selected backup's "Share with your team" (decision 190): for someone in a Premium team, one
 * button to share it, with what goes and what never does said beside it; once shared, one to stop sharing.
 */
export function ShareWithTeam({ backup }: { backup: BackupOverview }) {
  const { user } = useAuth();
  const team = user?.team ?? null;
  const included = team !== null && planHasFeature(user?.planType ?? "free", "teamManagement");
  const queryClient = useQueryClient();
  const shared = useQuery({ ...endpointQuery(listTeamSharedBackups), enabled: included });
  const isShared = (shared.data ?? []).some((share) => share.id === backup.id && share.mine);
  const change = useMutation({
    mutationFn: () => (isShared ? unshareBackup(backup.id) : shareBackup(backup.id)),
    onSuccess: () => {
      toast({
        title: isShared ? "No longer shared" : "Shared with your team",
        description: isShared ? `${team?.name ?? "Your team"} no longer sees "${backup.sessionName}".` : `Everyone in ${team?.name ?? "your team"} can now open "${backup.sessionName}".`,
      });
      return refreshShared(queryClient);
    },
    onError: (error) => {
      toastFailure(error, "The backup's sharing could not be changed.", "Sharing failed");
    },
  });
  if (!included || backup.tabCount === 0 || !shared.data) return null;
  // The team would get tabs it cannot open: the server refuses to share them (decision 199), and the button says so.
  const unshareable = !isShared && backup.sealedTabCount > 0;
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4" role="region" aria-label="Team sharing">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-800">
          {isShared ? (
            <>Shared with <span className="font-medium">{team.name}</span>: its members see this backup's tabs and can restore them.</>
          ) : (
            <>Not shared. Share it and everyone in <span className="font-medium">{team.name}</span> can restore its tabs.</>
          )}
        </p>
        <Button size="sm" variant={isShared ? "outline" : "default"} disabled={change.isPending || unshareable} onClick={() => change.mutate()} aria-describedby={unshareable ? `${backup.id}-unshareable` : undefined}>
          {change.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : isShared ? <Undo2 aria-hidden="true" /> : <Share2 aria-hidden="true" />}
          {isShared ? "Stop sharing" : "Share with your team"}
        </Button>
      </div>
      {unshareable ? (
        <p id={`${backup.id}-unshareable`} className="mt-2 flex items-start gap-2 text-xs text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span>
            This backup holds {encryptedTabs(backup.sealedTabCount)}: their titles and addresses open only with your passphrase, so it cannot be shared
            with your team.
          </span>
        </p>
      ) : null}
      <p className="mt-2 flex items-start gap-2 text-xs text-slate-600">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
        <span>Your team sees the backup's name and its tabs' addresses, titles, windows and groups. {TEAM_SHARE_KEEPS_PRIVATE}</span>
      </p>
    </div>
  );
}
