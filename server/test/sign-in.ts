import type { FastifyInstance, LightMyRequestResponse } from "fastify";
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

/** Signs `email` in the way a person does (link by mail, then the callback) and returns the cookie. */
export async function signIn(app: FastifyInstance, mailDir: string, email: string): Promise<{ cookie: string }> {
  const login = await app.inject({ method: "GET", url: `/api/login?email=${encodeURIComponent(email)}` });
  if (login.statusCode !== 303) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  const callback = await app.inject({ method: "GET", url: await signInLinkFromMail(mailDir, email.trim().toLowerCase()) });
  const cookie = sessionCookieOf(callback);
  if (!cookie) throw new Error(`the callback set no session cookie (${callback.statusCode} → ${callback.headers.location})`);
  return { cookie };
}

/** The Cookie header of a signed-in browser. */
export function withSession(cookie: string): { cookies: Record<string, string> } {
  return { cookies: { [sessionCookieName]: cookie } };
}
