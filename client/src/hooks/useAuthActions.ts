import { useCallback, useMemo } from "react";

/** Browser navigations for signing in and out (spec 1 §2, §7). */
export const LOGIN_PATH = "/api/login";
export const LOGOUT_PATH = "/api/logout";

export interface AuthActions {
  /** The header's "Sign In" button. */
  signIn: () => void;
  /** "Get Started" buttons (header, free plan card). */
  getStarted: () => void;
  signOut: () => void;
}

/**
 * What the sign-in, sign-up and sign-out buttons do. Every such button calls through this hook, so the
 * accounts issue can swap the navigation for the email dialog here without touching the callers.
 */
export function useAuthActions(): AuthActions {
  const signIn = useCallback(() => window.location.assign(LOGIN_PATH), []);
  const getStarted = useCallback(() => window.location.assign(LOGIN_PATH), []);
  const signOut = useCallback(() => window.location.assign(LOGOUT_PATH), []);
  return useMemo(() => ({ signIn, getStarted, signOut }), [signIn, getStarted, signOut]);
}
