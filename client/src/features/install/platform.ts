/** Where the install aids run: they differ by phone platform. */
export type InstallPlatform = "ios" | "android" | "other";

/**
 * The phone platform from the user agent. iPadOS 13+ says "Macintosh" like a Mac, so a "Macintosh" with a
 * touch screen counts as iOS.
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent)) return "ios";
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return "ios";
  return "other";
}

export function currentPlatform(): InstallPlatform {
  return detectPlatform(navigator.userAgent, navigator.maxTouchPoints);
}

/** What "launched as an app" looks like to a page: the display-mode media query, or Safari's own flag. */
export interface DisplayModeProbe {
  matchMedia?: (query: string) => { matches: boolean };
  navigator?: { standalone?: boolean };
}

export function isStandaloneDisplay(probe: DisplayModeProbe = window as DisplayModeProbe): boolean {
  if (probe.matchMedia?.("(display-mode: standalone)").matches) return true;
  // iOS Safari home-screen apps predate the media query and still set navigator.standalone.
  return probe.navigator?.standalone === true;
}
