import type { ClientRoute } from "@common/routes";
import { ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { toast } from "@/lib/use-toast";
import { useAuth } from "@/features/accounts/useAuth";
import LandingPage from "@/features/site/LandingPage";
import type { RouteGuardRule } from "./routes";
import { SignInPrompt } from "@/features/accounts/SignInPrompt";

/** spec 1 §9: a non-admin is sent home 2 s after the denial toast. */
const ACCESS_DENIED_REDIRECT_MS = 2000;

/**
 * Signed-in-only screens show everyone else the landing page under a prompt to sign in; admin
 * screens also turn away accounts without the role. A convenience for people: the API enforces the same on its own.
 */
export function RouteGuard({ route, rule, children }: { route: ClientRoute; rule: RouteGuardRule; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (!user) {
    return (
      <>
        {/* Not while sign-in state loads: a signed-in person would see it flash. */}
        {isLoading ? null : <SignInPrompt route={route} reason={rule.signIn} />}
        <LandingPage />
      </>
    );
  }
  if (rule.needs === "admin" && !user.isAdmin) return <AccessDenied />;
  return children;
}

function AccessDenied() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({
      title: "Access Denied",
      description: "You don't have admin privileges to access this page.",
      variant: "destructive",
    });
    const timer = window.setTimeout(() => navigate("/"), ACCESS_DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <ShieldAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Access Denied</h1>
        <p className="mt-3 text-slate-600">This page is for TabVault administrators. Taking you home…</p>
      </div>
    </section>
  );
}
