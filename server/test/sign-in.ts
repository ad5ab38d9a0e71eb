import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { sessionCookieName } from "../accounts/authentication";
import { latestMailTo } from "./mail-outbox";

/** The sign-in link in the newest mail to `email` (the .eml the app wrote), as a path with its query. */
export async function signInLinkFromMail(mailDir: string, email: string): Promise<string> {
  const mail = await latestMailTo(mailDir, email);
  if (!mail) throw new Error(`no mail to ${email} in ${mailDir}`);
  const link = mail.links.find((candidate) => candidate.includes("/api/auth/callback?token="));
  if (!link) throw new Error(`the mail to ${email} has no sign-in link: ${mail.links.join(", ")}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === sessionCookieName)?.value;
}

/** The token the callback put in the confirmation screen's fragment (`/sign-in/confirm#token=…`), or null. */
export function confirmationToken(callback: LightMyRequestResponse): string | null {
  const location = callback.headers.location;
  if (callback.statusCode !== 303 || typeof location !== "string" || !location.startsWith("/sign-in/confirm#")) return null;
  return new URLSearchParams(location.slice(location.indexOf("#") + 1)).get("token");
}

/**
 * What a person's browser does with a mailed link: opens it (the callback answers with the
 * confirmation screen), then confirms "Sign in as …?" with the POST. `extra` (headers, cookies) goes
 * with both requests. Returns the POST's answer, or the callback's when it sent the browser elsewhere.
 */
export async function openSignInLink(
  app: FastifyInstance,
  link: string,
  extra: Pick<InjectOptions, "headers" | "cookies"> = {},
): Promise<LightMyRequestResponse> {
  const callback = await app.inject({ method: "GET", url: link, ...extra });
  const token = confirmationToken(callback);
  if (token === null) return callback;
  return app.inject({ method: "POST", url: "/api/auth/callback", payload: { token }, ...extra });
}

/** Signs `email` in the way a person does (link by mail, then the callback and "Sign in") and returns the cookie. */
export async function signIn(app: FastifyInstance, mailDir: string, email: string): Promise<{ cookie: string }> {
  const login = await app.inject({ method: "GET", url: `/api/login?email=${encodeURIComponent(email)}` });
  if (login.statusCode !== 303) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  const callback = await openSignInLink(app, await signInLinkFromMail(mailDir, email.trim().toLowerCase()));
  const cookie = sessionCookieOf(callback);
  if (!cookie) throw new Error(`the callback set no session cookie (${callback.statusCode} → ${callback.headers.location})`);
  return { cookie };
}

/** The Cookie header of a signed-in browser. */
export function withSession(cookie: string): { cookies: Record<string, string> } {
  return { cookies: { [sessionCookieName]: cookie } };
}
