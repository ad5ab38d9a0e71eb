/** The browsers TabVault is built for: read by the builds (vite.config.ts, the extension's manifest) and by /documentation. */

/**
 * The oldest browsers the web app runs in, as /documentation lists them; vite.config.ts builds for
 * exactly these targets, so the bundle never uses syntax they lack.
 */
export const WEB_APP_BROWSERS: readonly { label: string; buildTargets: readonly string[] }[] = [
  { label: "Chrome 111", buildTargets: ["chrome111"] },
  { label: "Edge 111", buildTargets: ["edge111"] },
  { label: "Firefox 114", buildTargets: ["firefox114"] },
  { label: "Safari 16.4 (macOS and iOS)", buildTargets: ["safari16.4", "ios16.4"] },
  // Samsung Internet 22 runs Chromium 111's engine: chrome111 covers it.
  { label: "Samsung Internet 22", buildTargets: ["chrome111"] },
];
export const WEB_APP_BUILD_TARGETS: readonly string[] = [...new Set(WEB_APP_BROWSERS.flatMap((browser) => browser.buildTargets))];

/** The oldest Firefox the extension installs in (its manifest's `strict_min_version`), as /documentation lists it. */
export const EXTENSION_FIREFOX_MIN_VERSION = "140.0";
export const EXTENSION_FIREFOX_ANDROID_MIN_VERSION = "142.0";
