import type { GenerateDownloadResponse, Platform } from "@common/api/downloads";
import { apiRequest } from "@/lib/queryClient";

export async function generateDownload(platform: Platform, email: string, version?: string): Promise<GenerateDownloadResponse> {
  return (await apiRequest("POST", "/api/generate-download", { platform, email, ...(version ? { version } : {}) })).json() as Promise<GenerateDownloadResponse>;
}

/** The file name of a Content-Disposition header, or the URL's last segment. */
function fileNameOf(response: Response, url: string): string {
  const match = /filename="?([^";]+)"?/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] ?? decodeURIComponent(new URL(url, window.location.href).pathname.split("/").pop() ?? "download");
}

/**
 * Fetches a file while reporting real progress (0–100, when the server gives its length), then hands
 * it to the browser as a download. Errors carry the server's {message} when it sent one.
 */
export async function downloadWithProgress(url: string, onProgress: (percent: number) => void): Promise<string> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) {
    let message = `Download failed (${response.status})`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string") message = body.message;
    } catch {
      // not JSON
    }
    throw new Error(message);
  }
  const total = Number(response.headers.get("content-length")) || 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
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
    chunks.push(new Uint8Array(await response.arrayBuffer()));
  }
  const fileName = fileNameOf(response, url);
  const blobUrl = URL.createObjectURL(new Blob(chunks, { type: response.headers.get("content-type") ?? "application/octet-stream" }));
  const anchor = document.createElement("a");
  anchor.href = blobUrl;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  onProgress(100);
  return fileName;
}
