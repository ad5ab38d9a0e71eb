import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { AuthDialogsProvider } from "@/features/accounts/AuthDialogs";
import { RouteGuard } from "@/features/accounts/RouteGuard";
import { ErrorBoundary } from "@/components/layout/ErrorBoundary";
import { InstallAidsLoader } from "@/features/install/InstallAidsLoader";
import { PaymentReturn } from "@/features/payments/PaymentReturn";
import { AppLayout } from "@/components/layout/AppLayout";
import { Toaster } from "@/components/ui/toaster";
import { useAuth } from "@/features/accounts/useAuth";
import { queryClient } from "@/lib/queryClient";
import { DashboardPage, guardedRoutes, LandingPage, NotFoundPage, screens } from "./routes";

const ProtectionRuntime = lazy(() => import("./features/protection/ProtectionRuntime"));

/** The capture engine and blocker, for signed-in people only. */
function SignedInRuntime() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ProtectionRuntime user={user} />
    </Suspense>
  );
}

/** `/`: the dashboard for signed-in users; the landing page while loading or signed out (spec 1 §2). */
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
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/" component={HomeScreen} />
          {Object.entries(screens).map(([path, Screen]) => {
            const needs = guardedRoutes[path as keyof typeof guardedRoutes];
            return (
              <Route key={path} path={path}>
                {needs ? (
                  <RouteGuard needs={needs}>
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthDialogsProvider>
        <AppLayout>
          <Screens />
        </AppLayout>
        <SignedInRuntime />
        <InstallAidsLoader />
      </AuthDialogsProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
