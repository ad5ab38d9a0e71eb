import { createHmac, timingSafeEqual } from "node:crypto";
import { DOWNLOAD_LINK_HOURS, downloadReleaseFile, type Platform } from "@common/api/downloads";
import { endpointUrl } from "@common/api/endpoint";

export interface DownloadGrant {
  platform: Platform;
  fileName: string;
  email: string;
  /** Unix seconds. */
  expires: number;
}

/** Signs download links with a key of their own, derived from SESSION_SECRET. */
export function createLinkSigner(secret: string) {
  const key = createHmac("sha256", secret).update("tabvault download links").digest();
  const signatureOf = (grant: DownloadGrant) =>
    createHmac("sha256", key).update(`${grant.platform}\n${grant.fileName}\n${grant.email}\n${grant.expires}`).digest("base64url");

  return {
    /** A path on this site that serves the file to whoever holds it until it expires. */
    sign(grant: Omit<DownloadGrant, "expires">, now: Date): string {
      const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_HOURS * 3600;
      const full = { ...grant, expires };
      return endpointUrl(downloadReleaseFile, {
        params: { platform: grant.platform, fileName: grant.fileName },
        query: { email: grant.email, expires, signature: signatureOf(full) },
      });
    },
    /** "valid", "expired" (410) or "invalid" (403): a bad signature says nothing about expiry. */
    verify(grant: DownloadGrant, signature: string, now: Date): "valid" | "expired" | "invalid" {
      const expected = Buffer.from(signatureOf(grant));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
      return grant.expires * 1000 <= now.getTime() ? "expired" : "valid";
    },
  };
}
