import { describe, expect, it } from "vitest";
import { appModeBadge, isInstallableAsApp } from "./app-badge";

const everything = { serviceWorker: true, push: true, notifications: true };

describe("isInstallableAsApp", () => {
  it("holds on Android with a service worker, push and notifications", () => {
    expect(isInstallableAsApp("android", everything)).toBe(true);
  });

  it.each([
    ["no service worker", { ...everything, serviceWorker: false }],
    ["no push", { ...everything, push: false }],
    ["no notifications", { ...everything, notifications: false }],
  ])("does not hold on Android with %s", (_label, capabilities) => {
    expect(isInstallableAsApp("android", capabilities)).toBe(false);
  });

  it("does not hold on iOS or desktop, whatever they support", () => {
    expect(isInstallableAsApp("ios", everything)).toBe(false);
    expect(isInstallableAsApp("other", everything)).toBe(false);
  });
});

describe("appModeBadge", () => {
  it("says Running as App when standalone, even where it would also be installable", () => {
    expect(appModeBadge(true, true)).toBe("Running as App");
    expect(appModeBadge(true, false)).toBe("Running as App");
  });

  it("says Installable as App in the browser where installable, and nothing otherwise", () => {
    expect(appModeBadge(false, true)).toBe("Installable as App");
    expect(appModeBadge(false, false)).toBeNull();
  });
});
