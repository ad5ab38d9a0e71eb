import { z } from "zod";
import type { ChromeKeys } from "./config";

/**
 * Uploads a package to the Chrome Web Store and submits it for review, through its API (V2): an access token
 * from the refresh token, the zip to `…/upload/v2/publishers/P/items/I:upload`, a poll of `:fetchStatus` while
 * the upload is processed, then `:publish`. The store's answers are checked with the shapes its reference gives.
 */

const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const googleErrorSchema = z.object({ error: z.object({ code: z.number().optional(), message: z.string(), status: z.string().optional() }) });
const uploadSchema = z.object({ itemId: z.string().optional(), crxVersion: z.string().optional(), uploadState: z.string() });
const statusSchema = z.object({ lastAsyncUploadState: z.string().optional() });
const publishSchema = z.object({ itemId: z.string().optional(), state: z.string() });

export interface ChromeDeps {
  fetch: typeof fetch;
  sleep(ms: number): Promise<void>;
  log(line: string): void;
}

export interface ChromeSubmission {
  itemId: string;
  version: string;
  /** The submission's state as the store answered, e.g. PENDING_REVIEW. */
  state: string;
}

const pollIntervalMs = 2000;
const pollAttempts = 60;

export class StoreRefusal extends Error {}

export async function submitToChromeWebStore(keys: ChromeKeys, zip: Uint8Array, version: string, deps: ChromeDeps): Promise<ChromeSubmission> {
  const token = await accessToken(keys, deps);
  const item = `publishers/${encodeURIComponent(keys.publisherId)}/items/${encodeURIComponent(keys.extensionId)}`;
  const auth = { authorization: `Bearer ${token}` };

  deps.log(`Chrome Web Store: uploading ${zip.length} bytes to ${keys.extensionId}`);
  const uploaded = await answer(
    deps.fetch(new URL(`/upload/v2/${item}:upload?uploadType=media`, keys.apiUrl), {
      method: "POST",
      headers: { ...auth, "content-type": "application/zip" },
      body: new Blob([new Uint8Array(zip)], { type: "application/zip" }),
    }),
    uploadSchema,
    "upload",
  );
  let state = uploaded.uploadState;
  for (let attempt = 0; state === "IN_PROGRESS" && attempt < pollAttempts; attempt += 1) {
    await deps.sleep(pollIntervalMs);
    const status = await answer(deps.fetch(new URL(`/v2/${item}:fetchStatus`, keys.apiUrl), { headers: auth }), statusSchema, "status");
    state = status.lastAsyncUploadState ?? state;
  }
  if (state !== "SUCCEEDED") throw new StoreRefusal(`Chrome Web Store: the upload ended as ${state}; see the item in the developer dashboard`);
  if (uploaded.crxVersion !== undefined && uploaded.crxVersion !== version) {
    throw new StoreRefusal(`Chrome Web Store: the store read version ${uploaded.crxVersion} from the package, not ${version}`);
  }

  const published = await answer(
    deps.fetch(new URL(`/v2/${item}:publish`, keys.apiUrl), { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{}" }),
    publishSchema,
    "publish",
  );
  deps.log(`Chrome Web Store: version ${version} submitted (${published.state})`);
  return { itemId: keys.extensionId, version, state: published.state };
}

async function accessToken(keys: ChromeKeys, deps: ChromeDeps): Promise<string> {
  const response = await deps.fetch(keys.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: keys.clientId, client_secret: keys.clientSecret, refresh_token: keys.refreshToken, grant_type: "refresh_token" }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refused = oauthErrorSchema.safeParse(body);
    const why = refused.success ? `${refused.data.error}${refused.data.error_description ? `: ${refused.data.error_description}` : ""}` : `HTTP ${response.status}`;
    throw new StoreRefusal(`Chrome Web Store: Google refused the refresh token (${why}); check CWS_CLIENT_ID, CWS_CLIENT_SECRET and CWS_REFRESH_TOKEN`);
  }
  const token = tokenSchema.safeParse(body);
  if (!token.success) throw new StoreRefusal("Chrome Web Store: Google's token answer has no access_token");
  return token.data.access_token;
}

async function answer<T>(request: Promise<Response>, schema: z.ZodType<T>, step: string): Promise<T> {
  const response = await request;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refused = googleErrorSchema.safeParse(body);
    throw new StoreRefusal(`Chrome Web Store: the ${step} was refused (HTTP ${response.status}${refused.success ? `: ${refused.data.error.message}` : ""})`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new StoreRefusal(`Chrome Web Store: the ${step} answer was not understood (${parsed.error.issues[0]?.message ?? "unexpected shape"})`);
  return parsed.data;
}
