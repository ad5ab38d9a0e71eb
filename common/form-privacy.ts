import { looksLikeCardNumber } from "./card-number";
import { asSealedFormData, sealedFormDataOf } from "./end-to-end-encryption";

/**
 * What a backup never keeps of a form, whoever captured it: passwords, one-time codes, card security
 * codes and card numbers. The capture in the web app and in the extension reads a field's type and
 * autocomplete and leaves such fields out; the server sees only names and values, and drops by those
 * ({@link withoutPrivateFields}), so an app or an old extension that sends one anyway stores nothing of it.
 */

/** Words that name a secret on their own: passwords and PINs, one-time codes, card security codes. */
const secretWords = new Set([
  "password",
  "passwd",
  "pwd",
  "pass",
  "passphrase",
  "passcode",
  "pin",
  "otp",
  "totp",
  "hotp",
  "mfa",
  "2fa",
  "tfa",
  "cvc",
  "cvc2",
  "cvv",
  "cvv2",
  "csc",
  "cvn",
]);

/** Names written as one word or several (`newPassword`, `one-time-code`, `card_number`): matched with the separators removed. */
const secretRuns = [
  "password",
  "passwd",
  "passphrase",
  "passcode",
  "onetimecode",
  "onetimepassword",
  "securitycode",
  "verificationcode",
  "authcode",
  "smscode",
  "cardverification",
  "cardnumber",
  "ccnumber",
  "ccnum",
];

/** A field name's words: camelCase split, lower-cased, split at anything but letters and digits. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** True when a field's name (or id) says it holds a password, a one-time code, a card security code or a card number. */
export function isPrivateFieldName(name: string): boolean {
  const parts = words(name);
  if (parts.some((word) => secretWords.has(word))) return true;
  const joined = parts.join("");
  return secretRuns.some((run) => joined.includes(run));
}

/** Autocomplete tokens of secrets that outlive a page: SMS codes, passwords and card details. */
export function secretAutocomplete(autocomplete: string): boolean {
  return /(^|\s)(one-time-code|current-password|new-password)(\s|$)/.test(autocomplete) || /cc-|card/.test(autocomplete);
}

/** A value that must never be stored, whatever its field is called: one that passes the card-number check. */
export function isPrivateValue(value: string): boolean {
  return looksLikeCardNumber(value);
}

/** The form values a backup may keep: every entry whose name and value are not private, in order. */
export function withoutPrivateFields(formData: Readonly<Record<string, string>>): Record<string, string> {
  // Sealed entries were sifted before the browser sealed them, and cannot be read here (decision 177).
  const sealed = sealedFormDataOf(formData);
  if (sealed !== null) return asSealedFormData(sealed);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(formData)) {
    if (!isPrivateFieldName(name) && !isPrivateValue(value)) kept[name] = value;
  }
  return kept;
}
