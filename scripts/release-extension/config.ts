/**
 * What `npm run release:extension` needs, read from the environment only (the publisher's keys never go into a
 * file of this repository). Each store is released when asked for; a missing variable is named with where to get
 * it, before anything is built or sent (docs/decisions/211-store-packages-built-for-one-server.md).
 */

export const stores = ["firefox", "chrome"] as const;
export type Store = (typeof stores)[number];

/** Where each store's API is; the tests point these at local stand-ins. */
export const defaultEndpoints = {
  amoBaseUrl: "https://addons.mozilla.org/api/v5/",
  chromeApiUrl: "https://chromewebstore.googleapis.com",
  chromeTokenUrl: "https://oauth2.googleapis.com/token",
};

export interface FirefoxKeys {
  apiKey: string;
  apiSecret: string;
  amoBaseUrl: string;
}

export interface ChromeKeys {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  publisherId: string;
  extensionId: string;
  apiUrl: string;
  tokenUrl: string;
}

export interface ReleaseConfig {
  /** The https origin of the TabVault server the store packages talk to. */
  serverUrl: string;
  releasesDir: string;
  firefox: FirefoxKeys | null;
  chrome: ChromeKeys | null;
}

interface Variable {
  name: string;
  why: string;
}

const serverVariable: Variable = { name: "PUBLIC_URL", why: "the https address of the TabVault server the store packages talk to (as the server's own PUBLIC_URL)" };

const storeVariables: Record<Store, Variable[]> = {
  firefox: [
    { name: "WEB_EXT_API_KEY", why: "addons.mozilla.org API key (JWT issuer), from https://addons.mozilla.org/developers/addon/api/key/" },
    { name: "WEB_EXT_API_SECRET", why: "addons.mozilla.org API secret (JWT secret), from the same page" },
  ],
  chrome: [
    { name: "CWS_CLIENT_ID", why: "OAuth client id of the Google Cloud project with the Chrome Web Store API enabled" },
    { name: "CWS_CLIENT_SECRET", why: "that OAuth client's secret" },
    { name: "CWS_REFRESH_TOKEN", why: "a refresh token for the https://www.googleapis.com/auth/chromewebstore scope" },
    { name: "CWS_PUBLISHER_ID", why: "the publisher id shown in the Chrome Web Store developer dashboard" },
    { name: "CWS_EXTENSION_ID", why: "the item id of TabVault in the Chrome Web Store (its first version is uploaded by hand)" },
  ],
};

export type ConfigResult = { ok: true; config: ReleaseConfig } | { ok: false; missing: Variable[]; invalid: string[] };

type Environment = Record<string, string | undefined>;

/** The configuration for the stores asked for, or every variable that is missing or wrong. */
export function readReleaseConfig(env: Environment, wanted: readonly Store[], options: { packageOnly: boolean }): ConfigResult {
  const value = (name: string) => (env[name] ?? "").trim();
  const needed = [serverVariable, ...(options.packageOnly ? [] : wanted.flatMap((store) => storeVariables[store]))];
  const missing = needed.filter((variable) => value(variable.name) === "");
  const invalid: string[] = [];
  const serverUrl = value("PUBLIC_URL");
  let origin = "";
  if (serverUrl !== "") {
    const url = URL.canParse(serverUrl) ? new URL(serverUrl) : null;
    // A store package is for everyone: it must talk to a real site over https, never to this machine.
    if (!url || url.protocol !== "https:") invalid.push(`PUBLIC_URL must be an https address, not ${JSON.stringify(serverUrl)}`);
    else origin = url.origin;
  }
  for (const name of ["AMO_BASE_URL", "CWS_API_URL", "CWS_TOKEN_URL"]) {
    if (value(name) !== "" && !URL.canParse(value(name))) invalid.push(`${name} must be a URL, not ${JSON.stringify(value(name))}`);
  }
  if (missing.length > 0 || invalid.length > 0) return { ok: false, missing, invalid };

  const release = !options.packageOnly;
  return {
    ok: true,
    config: {
      serverUrl: origin,
      releasesDir: value("RELEASES_DIR") || "./releases",
      firefox:
        release && wanted.includes("firefox")
          ? { apiKey: value("WEB_EXT_API_KEY"), apiSecret: value("WEB_EXT_API_SECRET"), amoBaseUrl: value("AMO_BASE_URL") || defaultEndpoints.amoBaseUrl }
          : null,
      chrome:
        release && wanted.includes("chrome")
          ? {
              clientId: value("CWS_CLIENT_ID"),
              clientSecret: value("CWS_CLIENT_SECRET"),
              refreshToken: value("CWS_REFRESH_TOKEN"),
              publisherId: value("CWS_PUBLISHER_ID"),
              extensionId: value("CWS_EXTENSION_ID"),
              apiUrl: value("CWS_API_URL") || defaultEndpoints.chromeApiUrl,
              tokenUrl: value("CWS_TOKEN_URL") || defaultEndpoints.chromeTokenUrl,
            }
          : null,
    },
  };
}

/** The message for a configuration that is not complete: every variable, one a line, and nothing was done. */
export function describeMissing(result: { missing: Variable[]; invalid: string[] }, wanted: readonly Store[]): string {
  const lines = ["release:extension: nothing was built, signed or uploaded."];
  if (result.missing.length > 0) {
    lines.push("Set these environment variables:");
    for (const variable of result.missing) lines.push(`  ${variable.name}: ${variable.why}`);
  }
  for (const problem of result.invalid) lines.push(problem);
  if (wanted.length > 1) lines.push("To release to one store only: --store firefox or --store chrome. To build the store packages without uploading: npm run package:extension");
  return lines.join("\n");
}
