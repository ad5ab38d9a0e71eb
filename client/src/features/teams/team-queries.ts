import { toastFailure } from "@/lib/failure-toast";
import { getMyTeam, getTeamAuditLog } from "@common/api/teams";
import type { QueryClient } from "@tanstack/react-query";
import { AUTH_USER_QUERY_KEY } from "@/features/accounts/useAuth";
import { endpointKey } from "@/lib/api-client";

export const MY_TEAM_KEY = endpointKey(getMyTeam);

/** After any change to the team: the team, its audit log and the person's plan (which the team may give) are read again. */
export function refreshTeam(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_TEAM_KEY }),
    queryClient.invalidateQueries({ queryKey: endpointKey(getTeamAuditLog) }),
    queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY }),
  ]);
}

export function showTeamError(fallback: string) {
  return (error: unknown) => {
    toastFailure(error, fallback);
  };
}
