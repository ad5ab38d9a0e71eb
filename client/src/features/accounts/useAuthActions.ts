import { endpointUrl } from "@common/api/endpoint";
import type { ClientRoute } from "@common/routes";
import { useCallback, useMemo } from "react";
import { useLocation } from "wouter";
import { useAuthDialogs } from "./auth-dialogs";

/** `/sign-in` has a form of its own: there the sign-in buttons go to it rather than open a second one. */
const SIGN_IN_ROUTE = "/sign-in" satisfies ClientRoute;
export const SIGN_IN_EMAIL_FIELD_ID = "sign-in-email";

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
  const [location] = useLocation();
  const onSignInPage = location === SIGN_IN_ROUTE;
  // One sign-in form on a screen: on /sign-in, Sign In and Get Started take the person to the page's own.
  // After the current click, so a menu that closes with it (the phone's) has put focus back on its button first.
  const signIn = useCallback(
    () => (onSignInPage ? window.setTimeout(() => document.getElementById(SIGN_IN_EMAIL_FIELD_ID)?.focus(), 50) : openEmailDialog()),
    [onSignInPage, openEmailDialog],
  );
  const signUpFree = useCallback(() => openFreeSignup(), [openFreeSignup]);
  // The contract is imported on click: this hook is in the entry chunk, and contracts bring zod.
  const signOut = useCallback(() => void import("@common/api/accounts").then((accounts) => window.location.assign(endpointUrl(accounts.signOut))), []);
  return useMemo(
    () => ({ signIn, getStarted: signIn, signUpFree, signOut }),
    [signIn, signUpFree, signOut],
  );
}
