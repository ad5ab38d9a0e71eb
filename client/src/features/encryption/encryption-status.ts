import type { FormEncryption } from "@common/api/encryption";

/**
 * Whether the account encrypts form entries, as this browser last heard it, kept so a backup made in the
 * first moments of a page (before the server answered) never sends plain form entries it should have sealed.
 */
const storageKey = (email: string) => `tabvault_form_encryption:${email.trim().toLowerCase()}`;

export type KnownEncryption = "on" | "off" | "unknown";

export function rememberEncryption(email: string, encryption: FormEncryption): void {
  try {
    localStorage.setItem(storageKey(email), encryption.enabled ? "on" : "off");
  } catch {
    // Storage refused: the next page asks the server again.
  }
}

export function knownEncryption(email: string): KnownEncryption {
  try {
    const value = localStorage.getItem(storageKey(email));
    return value === "on" || value === "off" ? value : "unknown";
  } catch {
    return "unknown";
  }
}
