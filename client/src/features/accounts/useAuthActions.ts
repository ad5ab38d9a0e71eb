import { endpointUrl } from "@common/api/endpoint";
import { useCallback, useMemo } from "react";
import { useAuthDialogs } from "./AuthDialogs";

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
  // The contract is imported on click: this hook is in the entry chunk, and contracts bring zod.
  const signOut = useCallback(() => void import("@common/api/accounts").then((accounts) => window.location.assign(endpointUrl(accounts.signOut))), []);
  return useMemo(
    () => ({ signIn: openEmailDialog, getStarted: openEmailDialog, signUpFree, signOut }),
    [openEmailDialog, signUpFree, signOut],
  );
}
