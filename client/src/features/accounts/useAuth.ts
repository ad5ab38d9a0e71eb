import type { AuthUser } from "@common/api/accounts";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/queryClient";

export const AUTH_USER_QUERY_KEY = ["/api/auth/user"] as const;

const fetchRaw = getQueryFn<unknown>({ on401: "returnNull" });

/**
 * GET /api/auth/user: the user, or null when nobody is signed in (401). A body that is not a user is
 * treated as signed out too, so a half-deployed API can never crash the shell. The schema (and with it
 * zod, ~20 KB gzip) is imported only when there is a user to check, so visitors never download it.
 */
async function fetchAuthUser(context: Parameters<typeof fetchRaw>[0]): Promise<AuthUser | null> {
  const body = await fetchRaw(context);
  if (body === null) return null;
  const { authUserSchema } = await import("@common/api/accounts");
  const parsed = authUserSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
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

/** The name to greet a user with: first name, else email. */
export function displayName(user: AuthUser): string {
  return user.firstName?.trim() || user.email;
}

/** Up to two initials for an avatar without an image. */
export function initials(user: AuthUser): string {
  const fromName = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? "")
    .join("")
    .toUpperCase();
  return fromName || user.email.charAt(0).toUpperCase() || "?";
}
