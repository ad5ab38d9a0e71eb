import { listTeamSharedBackups, restoreTeamSharedBackup, shareBackupWithTeam, unshareTeamBackup } from "@common/api/team-sharing";
import type { QueryClient } from "@tanstack/react-query";
import { call, endpointKey } from "@/lib/api-client";

export const SHARED_SESSIONS_KEY = endpointKey(listTeamSharedBackups);

export const shareBackup = (sessionId: string) => call(shareBackupWithTeam, { body: { sessionId } });
export const unshareBackup = (id: string) => call(unshareTeamBackup, { params: { id } });
export const restoreShared = (id: string) => call(restoreTeamSharedBackup, { params: { id } });

export function refreshShared(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SHARED_SESSIONS_KEY });
}
