import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Route, Switch, useLocation } from "wouter";
import { AuthDialogsProvider } from "./AuthDialogsProvider";
import { RouteGuard } from "./RouteGuard";
import { ErrorBoundary } from "@/components/layout/ErrorBoundary";
import { InstallAidsLoader } from "@/features/install/InstallAidsLoader";
import { PaymentReturn } from "@/features/payments/PaymentReturn";
import { AppLayout } from "@/components/layout/AppLayout";
import { Toaster } from "@/components/ui/toaster";
import { useAuth } from "@/features/accounts/useAuth";
import { useAuthActions } from "@/features/accounts/useAuthActions";
import { queryClient } from "@/lib/queryClient";
// A type only: the module itself is loaded by SignedInRuntime once someone is signed in.
import type * as SignedInProtection from "./features/protection/signed-in-protection";
import { DashboardPage, guardedRoutes, LandingPage, NotFoundPage, screens, screenTitle } from "./routes";

/**
 * What runs on every page for a signed-in person, beside the in-page blocker: the capture engine and the rest of
 * protection. Its module needs the API's contracts (and with them zod), which a visitor's pages never load; it is
 * started by an effect rather than rendered behind a Suspense boundary, whose reveal React holds back for up to
 * 300 ms, time in which a close-all shortcut would find no one to back the page up.
 */
function SignedInRuntime() {
  const { user } = useAuth();
  const [location] = useLocation();
  const [protection, setProtection] = useState<typeof SignedInProtection | null>(null);
  const email = user?.email ?? null;
  useEffect(() => {
    if (!email) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import("./features/protection/signed-in-protection").then(
      (module) => {
        if (ended) return;
        stop = module.startSignedInProtection(email, queryClient);
        setProtection(module);
      },
      // Its chunk is gone (a new version was deployed): the next page load starts the new one.
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [email]);
  useEffect(() => (email && protection ? protection.recordVisitSoon() : undefined), [email, protection, location]);
  return null;
}

/**
 * spec 2 §4: the protection engine starts once the app has mounted, for visitors too, so what the Clear All
 * Blocker screen says holds on every page. A small chunk of its own, without zod, started at once rather than
 * behind a Suspense boundary (whose reveal React throttles).
 */
function useInPageBlocker(): void {
  useEffect(() => {
    import("./features/protection/blocker").then(
      (blocker) => blocker.ensureBlockerRunning(),
      // Its chunk is gone (a new version was deployed): the next page load starts the new one.
      () => undefined,
    );
  }, []);
}

/** `/`: the dashboard for signed-in users; the landing page while loading or signed out. */
function HomeScreen() {
  const { user } = useAuth();
  return (
    <>
      {user ? <DashboardPage user={user} /> : <LandingPage />}
      <PaymentReturn />
    </>
  );
}

function PageLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" aria-busy="true">
      <span className="sr-only">Loading…</span>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 opacity-0 [animation:spin_1s_linear_infinite,fade-in_150ms_ease-out_300ms_forwards]"
      />
    </div>
  );
}

function Screens() {
  const [location] = useLocation();
  const { user } = useAuth();
  useEffect(() => {
    document.title = screenTitle(location, user !== null);
  }, [location, user]);
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/" component={HomeScreen} />
          {Object.entries(screens).map(([path, Screen]) => {
            const route = path as keyof typeof screens;
            const rule = guardedRoutes[route];
            return (
              <Route key={path} path={path}>
                {rule ? (
                  <RouteGuard route={route} rule={rule}>
                    <Screen />
                  </RouteGuard>
                ) : (
                  <Screen />
                )}
              </Route>
            );
          })}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The layout around every screen, given who is signed in and what the account buttons do: the layout reads no feature. */
function Frame({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { signIn, getStarted, signOut } = useAuthActions();
  return <AppLayout account={{ user, isLoading, signIn, getStarted, signOut }}>{children}</AppLayout>;
}

export function App() {
  useInPageBlocker();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthDialogsProvider>
        <Frame>
          <Screens />
        </Frame>
        <SignedInRuntime />
        <InstallAidsLoader />
      </AuthDialogsProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
