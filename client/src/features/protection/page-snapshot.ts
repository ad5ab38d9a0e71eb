import type { TabSnapshotInput } from "@common/api/backups";
import { BACKUP_LIMITS } from "@common/api/payload-limits";
import { storableScroll, storableText } from "@common/form-capture";
import { pageFormData } from "./form-watch";

/** The open page as a tab of a backup: where it is, what was typed, how far down it was read. */
export function snapshotCurrentPage(): TabSnapshotInput {
  const icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  return {
    url: window.location.href.split("#")[0] ?? window.location.href,
    title: storableText(document.title, BACKUP_LIMITS.titleLength),
    faviconUrl: icon?.href && /^https?:/.test(icon.href) ? icon.href : null,
    isActive: true,
    lastAccessed: new Date().toISOString(),
    formData: pageFormData(),
    scrollPosition: storableScroll(window.scrollX, window.scrollY),
  };
}

/** spec 2 §9's browser types, read from the user agent. */
export function detectBrowserType(userAgent = navigator.userAgent): string {
  const ua = userAgent.toLowerCase();
  if (ua.includes("samsungbrowser")) return "samsung";
  if (ua.includes("miuibrowser") || ua.includes("xiaomi")) return "mi_browser";
  if (ua.includes("firefox") || ua.includes("fxios")) return "firefox";
  if (ua.includes("edg/") || ua.includes("edga/") || ua.includes("edgios")) return "edge";
  if (ua.includes("opr/") || ua.includes("opera")) return "opera";
  if (ua.includes("safari") && !ua.includes("chrome") && !ua.includes("crios")) return "safari";
  if (ua.includes("chrome") || ua.includes("crios")) return "chrome";
  return "other";
}
