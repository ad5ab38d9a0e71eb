import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { latestMailTo } from "./mail-outbox";

/**
 * Signs `email` in on a running server process the way a person does: `/api/login`, then the link
 * in the .eml that process wrote to its DATA_DIR/mail and its confirmation. Returns the Cookie header value.
 */
export async function signInOnProcess(baseUrl: string, dataDir: string, email: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login?email=${encodeURIComponent(email)}`, { redirect: "manual" });
  if (login.status !== 303) throw new Error(`login answered ${login.status}`);
  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
    link = (await latestMailTo(join(dataDir, "mail"), email))?.links.find((candidate) => candidate.includes("/api/auth/callback"));
    if (!link) await sleep(50);
  }
  if (!link) throw new Error(`no sign-in mail for ${email} in ${dataDir}/mail`);
  const { pathname, search } = new URL(link);
  const callback = await fetch(`${baseUrl}${pathname}${search}`, { redirect: "manual" });
  // The link leads to "Sign in as …?" with the token in the fragment; confirming is a POST.
  const token = new URLSearchParams(callback.headers.get("location")?.split("#")[1] ?? "").get("token");
  if (!token) throw new Error(`the callback did not ask for confirmation (${callback.status} → ${callback.headers.get("location")})`);
  const confirmed = await fetch(`${baseUrl}/api/auth/callback`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const cookie = confirmed.headers.getSetCookie().find((value) => value.startsWith("tabvault_session="));
  if (!cookie) throw new Error(`confirming the sign-in set no session cookie (${confirmed.status})`);
  return cookie.split(";")[0]!;
}
