import { afterEach, describe, expect, it, vi } from "vitest";
import { shareOrCopyLink } from "./share-link";

const link = { title: "TabVault", text: "Never lose your tabs", url: "https://tabvault.example/app-store" };

function abortError(): Error {
  const error = new Error("Share canceled");
  error.name = "AbortError";
  return error;
}

describe("shareOrCopyLink", () => {
  afterEach(() => vi.restoreAllMocks());

  it("uses the share sheet when there is one, and copies nothing", async () => {
    const share = vi.fn(async () => undefined);
    const copy = vi.fn(async () => undefined);
    expect(await shareOrCopyLink(link, { share, copy })).toBe("shared");
    expect(share).toHaveBeenCalledWith(link);
    expect(copy).not.toHaveBeenCalled();
  });

  it("only logs a cancelled share: no copy, no error", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const copy = vi.fn(async () => undefined);
    expect(await shareOrCopyLink(link, { share: async () => Promise.reject(abortError()), copy })).toBe("cancelled");
    expect(copy).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledOnce();
  });

  it("copies the page link where there is no share sheet", async () => {
    const copy = vi.fn(async () => undefined);
    expect(await shareOrCopyLink(link, { copy })).toBe("copied");
    expect(copy).toHaveBeenCalledWith(link.url);
  });

  it("falls back to copying when the share sheet fails for another reason", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const copy = vi.fn(async () => undefined);
    const notAllowed = new DOMException("Permission denied", "NotAllowedError");
    expect(await shareOrCopyLink(link, { share: async () => Promise.reject(notAllowed), copy })).toBe("copied");
  });

  it("fails when the clipboard refuses or is missing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await shareOrCopyLink(link, { copy: async () => Promise.reject(new Error("denied")) })).toBe("failed");
    expect(await shareOrCopyLink(link, {})).toBe("failed");
  });
});
