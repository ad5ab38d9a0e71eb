/** Every client route of both specification documents (spec 1 §2, spec 2 §2). */
export const clientRoutes = [
  "/",
  "/product",
  "/payment",
  "/download",
  "/windows",
  "/verify",
  "/checkout",
  "/about",
  "/privacy",
  "/terms",
  "/contact",
  "/security",
  "/documentation",
  "/changelog",
  "/help-center",
  "/system-status",
  "/subscribe",
  "/admin",
  "/clear-all-blocker",
  "/protection-settings",
  "/sessions",
  "/protection",
  "/protection-test",
  "/android",
  "/download-android",
  "/app-store",
  // Sign-in by email link (the accounts issue): the form, and the screen after a link was sent.
  "/sign-in",
  "/check-email",
  // Where a mailed link asks "Sign in as …?" before signing the browser in (issue 17: no sign-in CSRF).
  "/sign-in/confirm",
  // Connecting the browser extension or an app to an account (issue 15, RFC 8628's verification page).
  "/connect",
  // The signed-in person's account (issue 17): profile, sessions, devices, export, deletion; and where a
  // mailed deletion link asks "Delete …?" before anything is deleted.
  "/account",
  "/account/delete",
  // Teams (issue 19): the team's page, and where a mailed invitation asks "Join …?" before joining.
  "/team",
  "/team/join",
] as const;
export type ClientRoute = (typeof clientRoutes)[number];
