import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { type AuthDialogs, AuthDialogsContext } from "@/features/accounts/auth-dialogs";

// Loaded on first open, so the landing page's entry chunk carries none of the dialogs' code. The shell draws them:
// the email dialog leads to a download, and downloads read the accounts feature, never the other way (decision 233).
const EmailDialog = lazy(() => import("@/features/accounts/EmailDialog"));
const FreeSignupDialog = lazy(() => import("@/features/accounts/FreeSignupDialog"));
const DownloadDialog = lazy(() => import("@/features/downloads/DownloadDialog"));
const DirectDownloadDialog = lazy(() => import("@/features/downloads/DirectDownloadDialog"));

type OpenDialog =
  | { kind: "email" }
  | { kind: "free-signup"; email: string }
  | { kind: "download"; email: string }
  | { kind: "direct-download" }
  | null;

/**
 * Holds which account dialog is open. A closed dialog is unmounted, so opening it again starts
 * from the first step with an empty field (spec 1 §4: closing resets).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const dialogs = useMemo<AuthDialogs>(
    () => ({
      openEmailDialog: () => setOpen({ kind: "email" }),
      openFreeSignup: (email = "") => setOpen({ kind: "free-signup", email }),
      openDirectDownload: () => setOpen({ kind: "direct-download" }),
    }),
    [],
  );
  const close = () => setOpen(null);

  return (
    <AuthDialogsContext.Provider value={dialogs}>
      {children}
      <Suspense fallback={null}>
        {open?.kind === "email" ? <EmailDialog onClose={close} onFreeDownload={(email) => setOpen({ kind: "download", email })} /> : null}
        {open?.kind === "download" ? <DownloadDialog email={open.email} onClose={close} /> : null}
        {open?.kind === "direct-download" ? <DirectDownloadDialog onClose={close} /> : null}
        {open?.kind === "free-signup" ? <FreeSignupDialog initialEmail={open.email} onClose={close} /> : null}
      </Suspense>
    </AuthDialogsContext.Provider>
  );
}
