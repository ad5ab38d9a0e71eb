import { type BlockedAttempts, getBlockedAttempts } from "@common/api/protection";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call, endpointKey } from "@/lib/api-client";
import { clearAllBlockedHere } from "./blocker";
import { useLocalProtection } from "./useLocalProtection";

/** spec 2 §9: the blocker's stats poll every 1 s. */
export const BLOCKED_ATTEMPTS_POLL_MS = 1000;
export const BLOCKED_ATTEMPTS_KEY = endpointKey(getBlockedAttempts);

/**
 * The blocked count the Clear All Blocker shows. A visitor sees this browser's own count (the
 * `tabvault_blocked_attempts` key). A signed-in person sees the account's count on the server, which
 * also holds what the Android and Windows apps logged; it is polled every second while the page is
 * visible (TanStack Query skips interval fetches in a hidden tab) and null until the first answer.
 */
export function useBlockedAttempts(signedIn: boolean): number | null {
  const local = useLocalProtection().blockedAttempts;
  const queryClient = useQueryClient();
  const server = useQuery<BlockedAttempts>({
    queryKey: BLOCKED_ATTEMPTS_KEY,
    enabled: signedIn,
    queryFn: async ({ signal }) => {
      const fresh = await call(getBlockedAttempts, undefined, { signal });
      // The count only grows: an answer read before a block made here reached the server must not take it back.
      const shown = queryClient.getQueryData<BlockedAttempts>(BLOCKED_ATTEMPTS_KEY)?.blockedAttempts ?? 0;
      return { blockedAttempts: Math.max(fresh.blockedAttempts, shown) };
    },
    refetchInterval: BLOCKED_ATTEMPTS_POLL_MS,
    refetchIntervalInBackground: false,
  });

  useEffect(() => {
    if (!signedIn) return undefined;
    // A block made in this page shows at once; its log-blocked call reaches the server a moment later.
    const onBlocked = () =>
      queryClient.setQueryData<BlockedAttempts>(BLOCKED_ATTEMPTS_KEY, (current) => current && { blockedAttempts: current.blockedAttempts + 1 });
    window.addEventListener(clearAllBlockedHere, onBlocked);
    return () => window.removeEventListener(clearAllBlockedHere, onBlocked);
  }, [signedIn, queryClient]);

  if (!signedIn) return local;
  return server.data?.blockedAttempts ?? null;
}
