import { afterEach, describe, expect, it, vi } from "vitest";
import { DownloadError, downloadIncompleteMessage, downloadNotStartedMessage, downloadWithProgress } from "./download-file";

function stubFetch(answer: () => Promise<Response>) {
  vi.stubGlobal("fetch", vi.fn(answer));
}

/** A body that sends `chunks`, then either ends or breaks off as a dropped connection does. */
function body(chunks: number[], end: "close" | "error"): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      if (end === "close") controller.close();
      else controller.error(new TypeError("network error"));
    },
  });
}

/** Enough of a page for the hand-over to the browser's download: an anchor that is clicked. */
function stubPage() {
  const clicks: string[] = [];
  vi.stubGlobal("window", { setTimeout: () => 0, location: { href: "http://localhost/download" } });
  vi.stubGlobal("document", {
    body: { append: () => undefined },
    createElement: () => {
      const anchor = { href: "", download: "", click: () => clicks.push(anchor.download), remove: () => undefined };
      return anchor;
    },
  });
  return clicks;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("downloadWithProgress", () => {
  it("reports real progress and hands the whole file to the browser", async () => {
    const clicks = stubPage();
    stubFetch(async () => new Response(body([400, 600], "close"), { headers: { "content-length": "1000", "content-disposition": 'attachment; filename="TabVault.apk"' } }));
    const progress: number[] = [];
    expect(await downloadWithProgress("/download/android-apk", (percent) => progress.push(percent))).toBe("TabVault.apk");
    expect(progress).toEqual([40, 99, 100]);
    expect(clicks).toEqual(["TabVault.apk"]);
  });

  it("says 'Failed to complete download' when the transfer breaks off after it began", async () => {
    const clicks = stubPage();
    stubFetch(async () => new Response(body([400], "error"), { headers: { "content-length": "1000" } }));
    const failure = downloadWithProgress("/download/android-apk", () => undefined);
    await expect(failure).rejects.toThrow(DownloadError);
    await expect(failure).rejects.toThrow(downloadIncompleteMessage);
    expect(clicks).toEqual([]);
  });

  it("says 'Failed to complete download' when fewer bytes came than the server announced", async () => {
    const clicks = stubPage();
    stubFetch(async () => new Response(body([400], "close"), { headers: { "content-length": "1000" } }));
    await expect(downloadWithProgress("/download/android-apk", () => undefined)).rejects.toThrow(downloadIncompleteMessage);
    expect(clicks).toEqual([]);
  });

  it("does not hold a compressed body to the compressed length", async () => {
    stubPage();
    stubFetch(async () => new Response(body([1000], "close"), { headers: { "content-length": "300", "content-encoding": "gzip" } }));
    await expect(downloadWithProgress("/download/android-apk", () => undefined)).resolves.toBe("android-apk");
  });

  it("says 'Failed to initiate download' when no answer came, and passes on the server's reason", async () => {
    stubPage();
    stubFetch(async () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(downloadWithProgress("/x", () => undefined)).rejects.toThrow(downloadNotStartedMessage);
    stubFetch(async () => new Response('{"message":"Android APK not available"}', { status: 404 }));
    await expect(downloadWithProgress("/x", () => undefined)).rejects.toThrow("Android APK not available");
  });
});
