/** Where the extension's server is when neither the package nor the person names one. */
export const DEFAULT_SERVER_URL = "http://localhost:3000";
/** storage.local key of the address set on the options page. */
export const SERVER_URL_KEY = "serverUrl";

export interface ServerAddress {
  serverUrl: string;
  /** `package`: the server that served this build wrote server-config.json; it wins. */
  source: "package" | "options" | "default";
}

/** An http(s) origin, or null: a server address is only ever an origin. */
export function serverOrigin(value: unknown): string | null {
  if (typeof value !== "string" || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
}

/**
 * The server to talk to: the one named in the package's server-config.json (the server that served
 * the download writes its own origin there), else the one set on the options page, else localhost.
 */
export async function resolveServer(deps: { packagedConfig(): Promise<unknown>; storedUrl(): Promise<unknown> }): Promise<ServerAddress> {
  let packaged: string | null;
  try {
    const config = await deps.packagedConfig();
    packaged = config && typeof config === "object" && "serverUrl" in config ? serverOrigin(config.serverUrl) : null;
  } catch {
    packaged = null;
  }
  if (packaged) return { serverUrl: packaged, source: "package" };
  const stored = serverOrigin(await deps.storedUrl());
  if (stored) return { serverUrl: stored, source: "options" };
  return { serverUrl: DEFAULT_SERVER_URL, source: "default" };
}

/** The match pattern of a server's pages (ports are left out: Firefox's patterns have none). */
export function originPattern(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
