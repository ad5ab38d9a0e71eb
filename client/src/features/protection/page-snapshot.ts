import type { TabSnapshotInput } from "@common/api/backups";
import { SESSION_LIMITS } from "@common/api/payload-limits";
import { captureFields, type FieldFacts } from "./form-fields";
import { storableText } from "./storable-text";

/** Fields that were password fields when the person focused them, even if a "show" toggle changed them. */
const everPassword = new WeakSet<Element>();
/** Fields the person typed into (trusted input events only). */
const edited = new WeakSet<Element>();

export function watchFormFields(): () => void {
  const markPassword = (event: FocusEvent) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "password") everPassword.add(event.target);
  };
  const markEdited = (event: Event) => {
    if (event.isTrusted && event.target instanceof Element) edited.add(event.target);
  };
  document.addEventListener("focusin", markPassword, true);
  document.addEventListener("input", markEdited, true);
  return () => {
    document.removeEventListener("focusin", markPassword, true);
    document.removeEventListener("input", markEdited, true);
  };
}

function factsOf(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): FieldFacts {
  const tag = element.tagName.toLowerCase() as FieldFacts["tag"];
  const defaultValue =
    element instanceof HTMLSelectElement
      ? ([...element.options].find((option) => option.defaultSelected)?.value ?? element.options[0]?.value ?? "")
      : element.defaultValue;
  return {
    tag,
    type: element instanceof HTMLInputElement ? element.type.toLowerCase() : "",
    name: element.name,
    id: element.id,
    value: element.value,
    defaultValue,
    autocomplete: element.getAttribute("autocomplete") ?? "",
    everPassword: everPassword.has(element),
    userEdited: edited.has(element),
  };
}

/** The open page as a tab of a backup: where it is, what was typed, how far down it was read. */
export function snapshotCurrentPage(): TabSnapshotInput {
  const elements = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")];
  const icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  return {
    url: window.location.href.split("#")[0] ?? window.location.href,
    title: storableText(document.title, SESSION_LIMITS.titleLength),
    faviconUrl: icon?.href && /^https?:/.test(icon.href) ? icon.href : null,
    isActive: true,
    lastAccessed: new Date().toISOString(),
    formData: captureFields(elements.map(factsOf)),
    scrollPosition: { x: Math.max(0, Math.round(window.scrollX)), y: Math.max(0, Math.round(window.scrollY)) },
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
