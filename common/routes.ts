/** Every client route of both specification documents. */
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
  // Connecting the browser extension or an app to an account (RFC 8628's verification page).
  "/connect",
  // The signed-in person's account: profile, sessions, devices, export, deletion; and where a
  // mailed deletion link asks "Delete …?" before anything is deleted.
  "/account",
  "/account/delete",
  // Teams: the team's page, and where a mailed invitation asks "Join …?" before joining.
  "/team",
  "/team/join",
  // Workflow automation's rules: made here, run by the extension.
  "/automation",
] as const;
export type ClientRoute = (typeof clientRoutes)[number];
