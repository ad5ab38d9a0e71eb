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

const refusedKey = (email: string) => `tabvault_form_encryption_refused:${email.trim().toLowerCase()}`;

/**
 * Keeps the account's answer. An answer lower than what this browser already holds is refused (decision 220): no
 * route turns encryption off, so "off" after "on" is never believed, and titles and addresses stop being sealed only
 * when the person chose so on this page (`chosenHere`). Answers true when the answer was refused.
 */
export function rememberEncryption(email: string, encryption: FormEncryption, chosenHere = false): boolean {
  const next: Stored = !encryption.enabled ? "off" : encryption.sealsTabLocations ? "sealing" : "on";
  const current = stored(email);
  const lower = (current !== null && current !== "off" && next === "off") || (current === "sealing" && next === "on" && !chosenHere);
  try {
    if (lower) localStorage.setItem(refusedKey(email), next);
    else {
      localStorage.setItem(storageKey(email), next);
      localStorage.removeItem(refusedKey(email));
    }
  } catch {
    // Storage refused: the next page asks the server again.
  }
  return lower;
}

/** Whether the server's last answer was lower than what this browser holds, and refused (decision 220). */
export function refusedDowngrade(email: string): boolean {
  try {
    return localStorage.getItem(refusedKey(email)) !== null;
  } catch {
    return false;
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
