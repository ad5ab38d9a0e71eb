import { describe, expect, it } from "vitest";
import { urlForLog } from "./log-redaction";

describe("URLs in logs", () => {
  it("hide sign-in tokens and link signatures, and keep the rest", () => {
    expect(urlForLog("/api/auth/callback?token=abcdef")).toBe("/api/auth/callback?token=%5Bredacted%5D");
    expect(urlForLog("/download/file/windows/a.exe?email=a%40b.co&expires=1&signature=xyz")).toBe(
      "/download/file/windows/a.exe?email=a%40b.co&expires=1&signature=%5Bredacted%5D",
    );
    expect(urlForLog("/api/saved-sessions")).toBe("/api/saved-sessions");
    expect(urlForLog("/api/login?email=a%40b.co")).toBe("/api/login?email=a%40b.co");
  });
});
