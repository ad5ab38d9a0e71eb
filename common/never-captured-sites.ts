/**
 * Sites never captured (decision 186): host names whose pages no backup, snapshot or upload
 * holds, neither from the web app nor from the extension. A person lists their own on the protection settings
 * screen; a team's policy adds its own list to theirs. A site covers its subdomains: "example.com" also covers
 * "mail.example.com", not "notexample.com".
 */

export const NEVER_CAPTURED_LIMITS = {
  /** Sites in one list (a person's, or a team's). */
  sites: 100,
  /** What a person may type for one site (a whole URL is accepted and cut to its host). */
  inputLength: 300,
} as const;

const hostName = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*)$/;

/**
 * The host a person meant by what they typed — "Example.com", "https://www.example.com/inbox", "*.example.com" —
 * lower-case and in ASCII (punycode), or null when it names no host.
 */
export function siteOf(input: string): string | null {
  let value = input.trim().toLowerCase();
  if (value.startsWith("*.")) value = value.slice(2);
  if (value === "") return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(value) ? value : `http://${value}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.replace(/\.$/, "");
  return host.length > 0 && host.length <= 253 && hostName.test(host) ? host : null;
}

/** Every site once, in the order first given. */
export function uniqueSites(sites: readonly string[]): string[] {
  return [...new Set(sites)];
}

/** Whether a page's address belongs to one of the sites (the site itself or a subdomain of it). */
export function isNeverCaptured(url: string, sites: readonly string[]): boolean {
  if (sites.length === 0 || !URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/\.$/, "");
  return sites.some((site) => host === site || host.endsWith(`.${site}`));
}
