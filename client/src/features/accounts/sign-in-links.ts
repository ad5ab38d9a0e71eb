// Not in useAuthActions: the dialogs that hook opens link to sign-in too, and taking these from the hook's
// module made an import cycle.

/** Browser navigations for signing in and out (spec 1 §2, §7). */
export const LOGIN_PATH = "/api/login";
export const LOGOUT_PATH = "/api/logout";

/** The sign-in navigation for an address: the server mails a link and shows "Check your email". */
export function loginHref(email?: string, next?: string): string {
  const params = new URLSearchParams();
  if (email) params.set("email", email);
  if (next) params.set("next", next);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}
