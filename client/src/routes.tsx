import type { ClientRoute } from "@common/routes";
import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import LandingPage from "./pages/LandingPage";

type Screen = LazyExoticComponent<ComponentType>;

// Every screen is its own chunk, except the landing page: it is the first screen of most visits, and as a
// chunk of its own it cost a round trip before anything showed (and the footer jumped when it arrived).
export { LandingPage };
export const DashboardPage = lazy(() => import("./features/dashboard/DashboardPage"));
export const NotFoundPage = lazy(() => import("./pages/NotFoundPage"));

/**
 * The screen of every route in common/routes.ts except `/` (which depends on sign-in state). Typed as a
 * Record so a route added there without a screen here fails the type-check.
 */
export const screens: Record<Exclude<ClientRoute, "/">, Screen> = {
  "/product": lazy(() => import("./pages/ProductPage")),
  "/payment": lazy(() => import("./features/payments/PaymentPage")),
  "/download": lazy(() => import("./features/downloads/DownloadPage")),
  "/windows": lazy(() => import("./pages/WindowsPage")),
  "/verify": lazy(() => import("./features/accounts/VerifyPage")),
  "/checkout": lazy(() => import("./features/payments/CheckoutPage")),
  "/about": lazy(() => import("./pages/AboutPage")),
  "/privacy": lazy(() => import("./pages/PrivacyPage")),
  "/terms": lazy(() => import("./pages/TermsPage")),
  "/contact": lazy(() => import("./pages/ContactPage")),
  "/security": lazy(() => import("./pages/SecurityPage")),
  "/documentation": lazy(() => import("./pages/DocumentationPage")),
  "/changelog": lazy(() => import("./pages/ChangelogPage")),
  "/help-center": lazy(() => import("./pages/HelpCenterPage")),
  "/system-status": lazy(() => import("./pages/SystemStatusPage")),
  "/subscribe": lazy(() => import("./features/payments/SubscribePage")),
  "/admin": lazy(() => import("./features/admin/AdminPage")),
  "/clear-all-blocker": lazy(() => import("./features/protection/ClearAllBlockerPage")),
  "/protection-settings": lazy(() => import("./features/protection/ProtectionSettingsPage")),
  "/sessions": lazy(() => import("./features/backups/SessionsPage")),
  "/protection": lazy(() => import("./features/protection/ProtectionPage")),
  "/protection-test": lazy(() => import("./features/protection/ProtectionTestPage")),
  "/android": lazy(() => import("./features/protection/AndroidPage")),
  "/download-android": lazy(() => import("./features/downloads/DownloadAndroidPage")),
  "/app-store": lazy(() => import("./features/install/AppStorePage")),
  "/sign-in": lazy(() => import("./features/accounts/SignInPage")),
  "/check-email": lazy(() => import("./features/accounts/CheckEmailPage")),
};

/**
 * Screens for signed-in people only: everyone else sees the landing page (spec 2 §2), and /admin
 * also turns away accounts without the role (spec 1 §6). The server enforces the same on its API.
 */
export const guardedRoutes: Partial<Record<ClientRoute, "user" | "admin">> = {
  "/sessions": "user",
  "/protection-settings": "user",
  "/admin": "admin",
};
