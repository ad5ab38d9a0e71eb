import type { ClientRoute } from "@common/routes";
import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import LandingPage from "./features/site/LandingPage";

type Screen = LazyExoticComponent<ComponentType>;

// Every screen is its own chunk, except the landing page: it is the first screen of most visits, and as a
// chunk of its own it cost a round trip before anything showed (and the footer jumped when it arrived).
export { LandingPage };
export const DashboardPage = lazy(() => import("./features/dashboard/DashboardPage"));
export const NotFoundPage = lazy(() => import("./features/site/NotFoundPage"));

/**
 * The screen of every route in common/routes.ts except `/` (which depends on sign-in state). Typed as a
 * Record so a route added there without a screen here fails the type-check.
 */
export const screens: Record<Exclude<ClientRoute, "/">, Screen> = {
  "/product": lazy(() => import("./features/site/ProductPage")),
  "/payment": lazy(() => import("./features/payments/PaymentPage")),
  "/download": lazy(() => import("./features/downloads/DownloadPage")),
  "/windows": lazy(() => import("./features/site/WindowsPage")),
  "/verify": lazy(() => import("./features/accounts/VerifyPage")),
  "/checkout": lazy(() => import("./features/payments/CheckoutPage")),
  "/about": lazy(() => import("./features/site/AboutPage")),
  "/privacy": lazy(() => import("./features/site/PrivacyPage")),
  "/terms": lazy(() => import("./features/site/TermsPage")),
  "/contact": lazy(() => import("./features/site/ContactPage")),
  "/security": lazy(() => import("./features/site/SecurityPage")),
  "/documentation": lazy(() => import("./features/site/DocumentationPage")),
  "/changelog": lazy(() => import("./features/site/ChangelogPage")),
  "/help-center": lazy(() => import("./features/site/HelpCenterPage")),
  "/system-status": lazy(() => import("./features/site/SystemStatusPage")),
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
  "/connect": lazy(() => import("./features/devices/ConnectPage")),
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
