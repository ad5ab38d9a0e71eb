import { useEffect } from "react";
import { toast } from "@/lib/use-toast";
import { useAuth } from "./useAuth";
import { loginHref } from "./sign-in-links";

/** spec 1 §9: the checkout sign-in redirect follows the toast after 1 s. */
const SIGN_IN_REDIRECT_MS = 1000;

/**
 * Checkout and subscription need sign-in: a visitor is told so and sent to sign in,
 * coming back to this page afterwards.
 */
export function useRequireSignIn(): ReturnType<typeof useAuth> {
  const auth = useAuth();
  const signedOut = !auth.isLoading && !auth.user;
  useEffect(() => {
    if (!signedOut) return;
    toast({ title: "Authentication Required", description: "Please sign in to continue with your purchase.", variant: "destructive" });
    const next = `${window.location.pathname}${window.location.search}`;
    const timer = window.setTimeout(() => window.location.assign(loginHref(undefined, next)), SIGN_IN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [signedOut]);
  return auth;
}
