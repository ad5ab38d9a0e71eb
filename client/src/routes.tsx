import type { ClientRoute } from "@common/routes";
import type { SignInReason } from "./features/accounts/SignInPrompt";
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
  "/sessions": lazy(() => import("./features/backups/BackupsPage")),
  "/protection": lazy(() => import("./features/protection/ProtectionPage")),
  "/protection-test": lazy(() => import("./features/protection/ProtectionTestPage")),
  "/android": lazy(() => import("./features/protection/AndroidPage")),
  "/download-android": lazy(() => import("./features/downloads/DownloadAndroidPage")),
  "/app-store": lazy(() => import("./features/install/AppStorePage")),
  "/sign-in": lazy(() => import("./features/accounts/SignInPage")),
  "/check-email": lazy(() => import("./features/accounts/CheckEmailPage")),
  "/sign-in/confirm": lazy(() => import("./features/accounts/SignInConfirmPage")),
  "/connect": lazy(() => import("./features/devices/ConnectPage")),
  "/account": lazy(() => import("./features/account-data/AccountPage")),
  "/account/delete": lazy(() => import("./features/account-data/DeleteAccountPage")),
  "/team": lazy(() => import("./features/teams/TeamPage")),
  "/team/join": lazy(() => import("./features/teams/TeamJoinPage")),
  "/automation": lazy(() => import("./features/automation/AutomationPage")),
};

export interface RouteGuardRule {
  needs: "user" | "admin";
  /** What a signed-out visitor is told above the landing page. */
  signIn: SignInReason;
}

/**
 * Screens for signed-in people only: everyone else sees the landing page under a sign-in prompt,
 * and /admin also turns away accounts without the role. The server enforces the same on its API.
 */
export const guardedRoutes: Partial<Record<ClientRoute, RouteGuardRule>> = {
  "/sessions": {
    needs: "user",
    signIn: {
      title: "Sign in to open the Session Manager",
      text: "Your saved sessions, emergency backups and manual saves are kept with your account.",
    },
  },
  "/protection-settings": {
    needs: "user",
    signIn: {
      title: "Sign in to change your protection settings",
      text: "Block or back up, automatic backups and cloud sync are set for your account.",
    },
  },
  "/account": {
    needs: "user",
    signIn: { title: "Sign in to open your account", text: "Your sessions, devices, data export and account deletion are here." },
  },
  "/team": {
    needs: "user",
    signIn: { title: "Sign in to open your team", text: "Teams, their members, invitations and shared backups belong to accounts." },
  },
  "/automation": {
    needs: "user",
    signIn: { title: "Sign in to open Automation", text: "Your automation rules are kept with your account and run by your browser extension." },
  },
  "/admin": {
    needs: "admin",
    signIn: { title: "Sign in to open the admin dashboard", text: "The admin dashboard is for TabVault administrators." },
  },
};

/** The first screen's title, as `client/index.html` has it before the app runs. */
const LANDING_TITLE = "TabVault — never lose your tabs";

/**
 * Each screen's document title, so saved tabs, recent-tab entries and browser history tell the screens apart
 *. A Record, like `screens`, so a new route without a title fails the type-check.
 */
const screenTitles: Record<Exclude<ClientRoute, "/">, string> = {
  "/product": "Android App",
  "/payment": "Payment",
  "/download": "Download",
  "/windows": "Windows App",
  "/verify": "Verify Account",
  "/checkout": "Checkout",
  "/about": "About",
  "/privacy": "Privacy Policy",
  "/terms": "Terms of Service",
  "/contact": "Contact",
  "/security": "Security & Trust",
  "/documentation": "Documentation",
  "/changelog": "Changelog",
  "/help-center": "Help Center",
  "/system-status": "System Status",
  "/subscribe": "Subscribe",
  "/admin": "Admin",
  "/clear-all-blocker": "Clear All Blocker",
  "/protection-settings": "Protection Settings",
  "/sessions": "Session Manager",
  "/protection": "Protection",
  "/protection-test": "Protection Test",
  "/android": "Android Dashboard",
  "/download-android": "Download for Android",
  "/app-store": "App Store Listing",
  "/sign-in": "Sign In",
  "/sign-in/confirm": "Confirm Sign-In",
  "/check-email": "Check Your Email",
  "/connect": "Connect a Device",
  "/account": "Account",
  "/account/delete": "Delete Account",
  "/team": "Team",
  "/team/join": "Join a Team",
  "/automation": "Automation",
};

/** The document title of the screen at `path`: `/` is the dashboard when signed in, the landing page otherwise. */
export function screenTitle(path: string, signedIn: boolean): string {
  if (path === "/") return signedIn ? "Dashboard — TabVault" : LANDING_TITLE;
  const title = path in screenTitles ? screenTitles[path as keyof typeof screenTitles] : "Page Not Found";
  return `${title} — TabVault`;
}
