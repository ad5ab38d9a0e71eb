import type { FormEncryption } from "@common/api/encryption";

/**
 * Whether the account encrypts form entries (and titles and addresses, decision 199), as this browser last heard
 * it, kept so a backup made in the first moments of a page (before the server answered) never sends plain what it
 * should have sealed.
 */
const storageKey = (email: string) => `tabvault_form_encryption:${email.trim().toLowerCase()}`;

export type KnownEncryption = "on" | "off" | "unknown";

/** "sealing": on, and titles and addresses are sealed too. */
type Stored = "on" | "off" | "sealing";

export function rememberEncryption(email: string, encryption: FormEncryption): void {
  const stored: Stored = !encryption.enabled ? "off" : encryption.sealsTabLocations ? "sealing" : "on";
  try {
    localStorage.setItem(storageKey(email), stored);
  } catch {
    // Storage refused: the next page asks the server again.
  }
}

function stored(email: string): Stored | null {
  try {
    const value = localStorage.getItem(storageKey(email));
    return value === "on" || value === "off" || value === "sealing" ? value : null;
  } catch {
    return null;
  }
}

export function knownEncryption(email: string): KnownEncryption {
  const value = stored(email);
  return value === null ? "unknown" : value === "off" ? "off" : "on";
}

/** Whether the account seals titles and addresses, as last heard; false when unknown (the server refuses plain tabs then). */
export function knownLocationSealing(email: string): boolean {
  return stored(email) === "sealing";
}
