import { saveBlob } from "@/lib/save-file";
import { generateDownloadLink, type GenerateDownloadResponse, type Platform } from "@common/api/downloads";
import { call } from "@/lib/api-client";
import { errorMessage } from "@/lib/queryClient";

export function generateDownload(platform: Platform, email: string, version?: string): Promise<GenerateDownloadResponse> {
  return call(generateDownloadLink, { body: { platform, email, ...(version ? { version } : {}) } });
}

/** The `message` of an error answer's JSON body, if it has one. */
function errorAnswerMessage(body: unknown): string | null {
  return typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" ? body.message : null;
}

/** The file name of a Content-Disposition header, or the URL's last segment. */
function fileNameOf(response: Response, url: string): string {
  const match = /filename="?([^";]+)"?/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? decodeURIComponent(new URL(url, window.location.href).pathname.split("/").pop() ?? "download");
}

/** spec 1 §8, the download page's messages for a transfer that never began or broke off. */
export const downloadNotStartedMessage = "Failed to initiate download";
export const downloadIncompleteMessage = "Failed to complete download";

/** A failed transfer, carrying the sentence to show: the server's {message} or one of spec 1 §8's. */
/** What a failed download says: its own reason, the server's {message}, or `fallback`. */
export function downloadFailureMessage(error: unknown, fallback: string): string {
  return error instanceof DownloadError ? error.message : errorMessage(error, fallback);
}

export class DownloadError extends Error {
  override name = "DownloadError";
}

/**
 * Fetches a file while reporting real progress (0–100, when the server gives its length), then hands
 * it to the browser as a download. Throws a {@link DownloadError}: the server's {message} when it
 * refused, "Failed to complete download" when the transfer broke off or came up short.
 */
export async function downloadWithProgress(url: string, onProgress: (percent: number) => void): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "include" });
  } catch {
    throw new DownloadError(downloadNotStartedMessage);
  }
  if (!response.ok) {
    let message = `Download failed (${response.status})`;
    try {
      message = errorAnswerMessage(await response.json()) ?? message;
    } catch {
      // not JSON
    }
    throw new DownloadError(message);
  }
  // A proxy that compresses the file makes Content-Length the compressed size: no progress then.
  const encoded = (response.headers.get("content-encoding") ?? "identity") !== "identity";
  const total = encoded ? 0 : Number(response.headers.get("content-length")) || 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        if (total > 0) onProgress(Math.min(99, Math.round((received / total) * 100)));
      }
    } else {
      const whole = new Uint8Array(await response.arrayBuffer());
      chunks.push(whole);
      received = whole.length;
    }
  } catch {
    throw new DownloadError(downloadIncompleteMessage);
  }
  if (total > 0 && received !== total) throw new DownloadError(downloadIncompleteMessage);
  const fileName = fileNameOf(response, url);
  saveBlob(new Blob(chunks, { type: response.headers.get("content-type") ?? "application/octet-stream" }), fileName);
  onProgress(100);
  return fileName;
}
