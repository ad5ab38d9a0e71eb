import type { AuthUser } from "@common/api/accounts";
import { EndpointAnswerError } from "@common/api/endpoint";
import { type QueryFunctionContext, useQuery } from "@tanstack/react-query";
import { callByRoute, endpointKey } from "@/lib/api-client";
import { currentUserRoute, loadCurrentUserContract } from "@/lib/entry-endpoints";
import { isUnauthorizedError } from "@/lib/queryClient";

export const AUTH_USER_QUERY_KEY = endpointKey(currentUserRoute);

/**
 * GET /api/auth/user: the user, or null when nobody is signed in (a 401, which here is an answer, not an
 * ended session). A body that is not a user is treated as signed out too, so a half-deployed API can
 * never crash the shell. The contract (and with it zod, ~25 KB gzip) is imported only when there is a
 * user to check, so visitors never download it.
 */
export async function fetchAuthUser({ signal }: QueryFunctionContext): Promise<AuthUser | null> {
  try {
    return await callByRoute(currentUserRoute, loadCurrentUserContract, { expectUnauthorized: true, signal });
  } catch (error) {
    if (isUnauthorizedError(error) || error instanceof EndpointAnswerError) return null;
    throw error;
  }
}

export interface AuthState {
  user: AuthUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * The signed-in user (spec 1 §7: GET /api/auth/user, no retry). Any error counts as signed out.
 */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: fetchAuthUser,
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
