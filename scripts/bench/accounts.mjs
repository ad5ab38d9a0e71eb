// Signed-in accounts for benchmarks, made the way people make them: /api/login, then the link in the
// .eml the server wrote to DATA_DIR/mail. Each account signs in from its own forwarded address, so the
// per-IP mail limit (which is right for people) does not stop the bench.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

async function linkFor(mailDir, email) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith(".eml")).sort().reverse();
    for (const name of names) {
      const mail = await simpleParser(await readFile(path.join(mailDir, name)));
      if (mail.to?.text === email) {
        const link = mail.text?.match(/https?:\/\/\S+\/api\/auth\/callback\?token=[\w-]+/)?.[0];
        if (link) return link;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in mail for ${email}`);
}

/** Returns the session cookie header of each of `count` new accounts. */
export async function signInAccounts(appUrl, dataDir, count, prefix = "bench") {
  const cookies = [];
  for (let index = 0; index < count; index += 1) {
    const email = `${prefix}-${index}@bench.tabvault.test`;
    const forwardedFor = `10.77.${index >> 8}.${index & 255}`;
    const login = await fetch(`${appUrl}/api/login?email=${encodeURIComponent(email)}`, {
      redirect: "manual",
      headers: { "x-forwarded-for": forwardedFor },
    });
    if (login.status !== 303) throw new Error(`login for ${email} answered ${login.status}`);
    const link = new URL(await linkFor(path.join(dataDir, "mail"), email));
    const callback = await fetch(`${appUrl}${link.pathname}${link.search}`, { redirect: "manual" });
    const cookie = callback.headers.getSetCookie().find((value) => value.startsWith("tabvault_session="));
    if (!cookie) throw new Error(`no session cookie for ${email}`);
    cookies.push({ email, cookie: cookie.split(";")[0] });
  }
  return cookies;
}

/** A browser session of `tabs` tabs, each with a little form data, as the capture engine sends it. */
export function benchBrowserSession(tabs) {
  return {
    tabs: Array.from({ length: tabs }, (_, n) => ({
      url: `https://news.example.com/story/${n}?ref=bench`,
      title: `Story ${n}: a title of ordinary length for a news article`,
      faviconUrl: "https://news.example.com/favicon.ico",
      isActive: n === 0,
      lastAccessed: new Date().toISOString(),
      formData: n % 5 === 0 ? { comment: "A half-written comment that someone would hate to lose." } : {},
      scrollPosition: { x: 0, y: n * 120 },
    })),
    windowId: 1,
    browserType: "chrome",
    sessionId: "bench",
    timestamp: Date.now(),
  };
}
