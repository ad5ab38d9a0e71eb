import type { ExtensionTarget } from "@common/api/extension-packages";

/**
 * Which extension package fits the browser a page runs in, from its user agent: Firefox (desktop, or
 * Android in the extension's reduced mode), a Chromium browser on a computer, or none (Safari, iOS,
 * Chromium on a phone, where extensions cannot be loaded).
 */
export function extensionTargetOf(userAgent: string): ExtensionTarget | null {
  if (/\bFirefox\//.test(userAgent)) return "firefox";
  if (/Android|iPhone|iPad|iPod/i.test(userAgent)) return null;
  // No word boundary: headless Chromium calls itself HeadlessChrome.
  if (/(?:Chrome|Chromium|Edg|OPR)\//.test(userAgent)) return "chromium";
  return null;
}
