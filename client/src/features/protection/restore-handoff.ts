import type { SavedTab } from "@common/api/backups";

/**
 * A restored tab of this site carries its form values and scroll position in the URL fragment, read
 * and removed by the page when it opens (other sites' pages can only be reopened at their URL).
 */
const fragmentKey = "tabvault-restore=";

interface Handoff {
  formData: Record<string, string>;
  scroll: { x: number; y: number };
}

function encode(handoff: Handoff): string {
  const bytes = new TextEncoder().encode(JSON.stringify(handoff));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(text: string): Handoff | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Handoff;
    return parsed && typeof parsed === "object" && parsed.scroll ? parsed : null;
  } catch {
    return null;
  }
}

/** The URL to open for a saved tab: with the hand-off fragment when it is this site and has state. */
export function restoreUrl(tab: SavedTab, origin = window.location.origin): string {
  const hasState = Object.keys(tab.formData).length > 0 || tab.scrollPosition.y > 0 || tab.scrollPosition.x > 0;
  if (!hasState || !tab.url.startsWith(`${origin}/`)) return tab.url;
  return `${tab.url.split("#")[0]}#${fragmentKey}${encode({ formData: tab.formData, scroll: tab.scrollPosition })}`;
}

/** On page open: refills the fields and scrolls, once the screen has drawn, then clears the fragment. */
export function applyRestoreHandoff(): void {
  const hash = window.location.hash;
  const index = hash.indexOf(fragmentKey);
  if (index === -1) return;
  const handoff = decode(hash.slice(index + fragmentKey.length));
  window.history.replaceState(null, "", `${window.location.pathname}${window.location.search}`);
  if (!handoff) return;
  let attempts = 0;
  const apply = () => {
    attempts += 1;
    const entries = Object.entries(handoff.formData);
    const fields = entries.map(([key]) =>
      document.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="${CSS.escape(key)}"], #${CSS.escape(key)}`),
    );
    // Lazily loaded screens render after a moment: wait for the fields (up to ~3 s).
    if (fields.some((field) => !field) && attempts < 30) return void window.setTimeout(apply, 100);
    entries.forEach(([, value], position) => {
      const field = fields[position];
      if (!field) return;
      // React tracks values itself; the native setter plus an input event updates its state too.
      const prototype = Object.getPrototypeOf(field) as object;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
    window.scrollTo(handoff.scroll.x, handoff.scroll.y);
  };
  window.setTimeout(apply, 50);
}
