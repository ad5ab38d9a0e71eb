import { listTeamSharedSessions, restoreTeamSharedSession, shareSessionWithTeam, unshareTeamSession } from "@common/api/team-sharing";
import type { QueryClient } from "@tanstack/react-query";
import { call, endpointKey } from "@/lib/api-client";

export const SHARED_SESSIONS_KEY = endpointKey(listTeamSharedSessions);

export const shareBackup = (sessionId: string) => call(shareSessionWithTeam, { body: { sessionId } });
export const unshareBackup = (id: string) => call(unshareTeamSession, { params: { id } });
export const restoreShared = (id: string) => call(restoreTeamSharedSession, { params: { id } });

export function refreshShared(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SHARED_SESSIONS_KEY });
}
