/**
 * A server answer that would have lowered this browser's protection, kept as refused (decision 220): "encryption is
 * off" once it was seen on, or titles and addresses plain once they were sealed.
 */
export type RefusedDowngrade = "encryption-off" | "locations-plain";

/** What the options page says about a refused downgrade. */
export const REFUSED_DOWNGRADE_MESSAGES: Record<RefusedDowngrade, string> = {
  "encryption-off":
    "TabVault's server answered that encryption is off for your account. No page turns it off, so this browser does not believe it: it keeps sealing what it sends. Disconnect this browser if you mean to stop.",
  "locations-plain":
    "TabVault's server answered that titles and addresses are no longer encrypted for your account. This browser keeps encrypting them until you lock it and unlock it again with your passphrase.",
};

/** What the options page says once the account's key was rotated elsewhere (decision 239): the old key is forgotten. */
export const KEY_CHANGED_MESSAGE =
  "Your account's encryption key was replaced on another device. This browser has forgotten the old key and seals nothing with it: unlock it again with your passphrase.";
