import { useCallback, useMemo } from "react";
import { useAuthDialogs } from "./AuthDialogs";
import { LOGOUT_PATH } from "./sign-in-links";

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
