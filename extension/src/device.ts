import type { DevicePlatform } from "@common/api/device-authorization";
import type { UploadBrowserBackupRequest } from "@common/api/browser-backups";

type BrowserType = NonNullable<UploadBrowserBackupRequest["browserType"]>;

export interface DeviceFacts {
  userAgent: string;
  /** `navigator.userAgentData.brands` where the browser has it (Chromium). */
  brands?: { brand: string }[];
  /** Brave hides itself from the user agent but answers `navigator.brave`. */
  isBrave?: boolean;
  /** `runtime.getPlatformInfo().os`: linux, win, mac, android, cros, openbsd, fuchsia. */
  os: string;
}

export interface Device {
  clientName: string;
  platform: DevicePlatform;
  browserType: BrowserType;
  /** No windows API: one window, no window restore. */
  reducedMode: boolean;
}

const osNames: Record<string, string> = { linux: "Linux", win: "Windows", mac: "macOS", android: "Android", cros: "ChromeOS", openbsd: "OpenBSD", fuchsia: "Fuchsia" };
const browserNames: Record<BrowserType, string> = {
  chrome: "Chrome",
  edge: "Edge",
  brave: "Brave",
  opera: "Opera",
  vivaldi: "Vivaldi",
  chromium: "Chromium",
  firefox: "Firefox",
  other: "Browser",
};

function browserType(facts: DeviceFacts): BrowserType {
  const ua = facts.userAgent.toLowerCase();
  const brands = (facts.brands ?? []).map((item) => item.brand.toLowerCase());
  if (ua.includes("firefox/")) return "firefox";
  if (facts.isBrave || brands.some((brand) => brand.includes("brave"))) return "brave";
  if (brands.some((brand) => brand.includes("edge")) || ua.includes("edg/")) return "edge";
  if (brands.some((brand) => brand.includes("opera")) || ua.includes("opr/")) return "opera";
  if (ua.includes("vivaldi")) return "vivaldi";
  if (brands.some((brand) => brand === "google chrome")) return "chrome";
  if (brands.some((brand) => brand === "chromium") || ua.includes("chrome/")) return brands.length > 0 ? "chromium" : "chrome";
  return "other";
}

/** "Chrome on Linux", the platform the server records, and whether this is the reduced Android mode. */
export function describeDevice(facts: DeviceFacts, hasWindowsApi: boolean): Device {
  const type = browserType(facts);
  const android = facts.os === "android";
  const platform: DevicePlatform = type === "firefox" ? (android ? "firefox_android" : "firefox") : "chromium";
  return {
    clientName: `${browserNames[type]} on ${osNames[facts.os] ?? facts.os}`,
    platform,
    browserType: type,
    reducedMode: !hasWindowsApi,
  };
}

/** The facts of the running browser (service worker, event page or extension page). */
export function currentDeviceFacts(os: string): DeviceFacts {
  const nav: Navigator & { userAgentData?: { brands?: { brand: string }[] }; brave?: unknown } = globalThis.navigator;
  return { userAgent: nav.userAgent, brands: nav.userAgentData?.brands, isBrave: nav.brave !== undefined, os };
}
