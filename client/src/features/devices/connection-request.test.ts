import { describe, expect, it } from "vitest";
import { formatUserCode, isBrowser, normalizeUserCode } from "./connection-request";

describe("connection codes", () => {
  it("takes a code as typed or linked: any case, with or without the dash, spaces around", () => {
    expect(normalizeUserCode("BCDF-GHJK")).toBe("BCDFGHJK");
    expect(normalizeUserCode(" bcdf ghjk ")).toBe("BCDFGHJK");
    expect(normalizeUserCode("bcdfghjk")).toBe("BCDFGHJK");
  });

  it("refuses what cannot be a code", () => {
    for (const raw of ["", "BCDF", "BCDF-GHJK-L", "1234-5678", "a".repeat(30)]) expect(normalizeUserCode(raw)).toBeNull();
  });

  it("shows a code as the extension does", () => {
    expect(formatUserCode("BCDFGHJK")).toBe("BCDF-GHJK");
  });

  it("tells the extension's platforms from the apps'", () => {
    for (const platform of ["chromium", "firefox", "firefox_android"] as const) expect(isBrowser(platform)).toBe(true);
    for (const platform of ["windows", "android"] as const) expect(isBrowser(platform)).toBe(false);
  });
});
