import { strFromU8, unzipSync } from "fflate";
import { z } from "zod";
import { formOf, type StandInHandler, type StandInReply } from "./stand-in-server";

const scope = "https://www.googleapis.com/auth/chromewebstore";

/**
 * Google's OAuth token endpoint and the Chrome Web Store API (V2) as the release uses them, checked as they
 * check: a refresh-token grant with the client's id and secret; a Bearer access token on every store call; the
 * upload a zip whose manifest.json gives the version; an upload processed asynchronously (fetchStatus reports it);
 * errors in Google's `{error: {code, message, status}}` shape.
 */
export function chromeStandIn(keys: { clientId: string; clientSecret: string; refreshToken: string; publisherId: string; extensionId: string }) {
  const accessToken = "ya29.stand-in-access-token";
  const seen: { uploads: { version: string; files: string[] }[]; published: number; tokenGrants: Record<string, string>[] } = { uploads: [], published: 0, tokenGrants: [] };
  let lastUploadState = "NOT_FOUND";
  const item = `/publishers/${keys.publisherId}/items/${keys.extensionId}`;
  const googleError = (code: number, status: string, message: string): StandInReply => ({ status: code, json: { error: { code, message, status } } });

  const handler: StandInHandler = async (request) => {
    const path = request.url.split("?")[0] ?? "";
    if (request.method === "POST" && path === "/token") {
      const form = Object.fromEntries([...(await formOf(request)).entries()].map(([key, value]) => [key, String(value)]));
      seen.tokenGrants.push(form);
      if (form.grant_type !== "refresh_token") return { status: 400, json: { error: "unsupported_grant_type", error_description: "Invalid grant_type: " + String(form.grant_type) } };
      if (form.client_id !== keys.clientId || form.client_secret !== keys.clientSecret) return { status: 401, json: { error: "invalid_client", error_description: "Unauthorized" } };
      if (form.refresh_token !== keys.refreshToken) return { status: 400, json: { error: "invalid_grant", error_description: "Token has been expired or revoked." } };
      return { status: 200, json: { access_token: accessToken, expires_in: 3599, scope, token_type: "Bearer" } };
    }
    const upload = path === `/upload/v2${item}:upload`;
    const status = path === `/v2${item}:fetchStatus`;
    const publish = path === `/v2${item}:publish`;
    if (!upload && !status && !publish) return null;
    if (request.headers.authorization !== `Bearer ${accessToken}`) return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token.");

    if (upload && request.method === "POST") {
      if (!request.url.includes("uploadType=media")) return googleError(400, "INVALID_ARGUMENT", "Upload requests must include an uploadType URL parameter.");
      let version: string;
      let files: string[];
      try {
        const unzipped = unzipSync(new Uint8Array(request.body));
        files = Object.keys(unzipped).sort();
        version = z.object({ version: z.string() }).parse(JSON.parse(strFromU8(unzipped["manifest.json"] ?? new Uint8Array()))).version;
      } catch {
        lastUploadState = "FAILED";
        return { status: 200, json: { name: item.slice(1), itemId: keys.extensionId, uploadState: "FAILED" } };
      }
      seen.uploads.push({ version, files });
      lastUploadState = "SUCCEEDED";
      return { status: 200, json: { name: item.slice(1), itemId: keys.extensionId, uploadState: "IN_PROGRESS" } };
    }
    if (status && request.method === "GET") return { status: 200, json: { name: item.slice(1), itemId: keys.extensionId, lastAsyncUploadState: lastUploadState } };
    if (publish && request.method === "POST") {
      if (lastUploadState !== "SUCCEEDED") return googleError(400, "FAILED_PRECONDITION", "The item has no new package to publish.");
      seen.published += 1;
      return { status: 200, json: { name: item.slice(1), itemId: keys.extensionId, state: "PENDING_REVIEW" } };
    }
    return googleError(405, "METHOD_NOT_ALLOWED", "Method not allowed.");
  };
  return { handler, seen };
}
