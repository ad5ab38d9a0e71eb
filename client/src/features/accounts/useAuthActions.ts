import { useCallback, useMemo } from "react";
import { useAuthDialogs } from "./AuthDialogs";

/** Browser navigations for signing in and out (spec 1 §2, §7). */
export const LOGIN_PATH = "/api/login";
export const LOGOUT_PATH = "/api/logout";

/** The sign-in navigation for an address: the server mails a link and shows "Check your email". */
export function loginHref(email?: string, next?: string): string {
  const params = new URLSearchParams();
  if (email) params.set("email", email);
  if (next) params.set("next", next);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

export interface AuthActions {
  /** The header's "Sign In" button: the email dialog. */
  signIn: () => void;
  /** "Get Started" in the header and the hero: the email dialog. */
  getStarted: () => void;
  /** The free plan's button: the email-only free sign-up dialog. */
  signUpFree: () => void;
  signOut: () => void;
}

/** What the sign-in, sign-up and sign-out buttons do; every such button calls through here. */
export function useAuthActions(): AuthActions {
  const { openEmailDialog, openFreeSignup } = useAuthDialogs();
  const signUpFree = useCallback(() => openFreeSignup(), [openFreeSignup]);
  const signOut = useCallback(() => window.location.assign(LOGOUT_PATH), []);
  return useMemo(
    () => ({ signIn: openEmailDialog, getStarted: openEmailDialog, signUpFree, signOut }),
    [openEmailDialog, signUpFree, signOut],
  );
}
