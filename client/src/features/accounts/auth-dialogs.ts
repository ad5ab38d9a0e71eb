import { createContext, useContext } from "react";

/** The account dialogs any screen may open; the app shell's `AuthDialogsProvider` holds which one is open and draws it. */
export interface AuthDialogs {
  /** The three-step email dialog of Sign In and Get Started. */
  openEmailDialog: () => void;
  /** The free sign-up dialog (email only), optionally prefilled. */
  openFreeSignup: (email?: string) => void;
  /** The email gate before a download (spec 1 §4 direct download modal). */
  openDirectDownload: () => void;
}

export const AuthDialogsContext = createContext<AuthDialogs | null>(null);

export function useAuthDialogs(): AuthDialogs {
  const dialogs = useContext(AuthDialogsContext);
  if (!dialogs) throw new Error("useAuthDialogs needs <AuthDialogsProvider> above it");
  return dialogs;
}
