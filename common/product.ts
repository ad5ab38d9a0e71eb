/** Product-wide constants shared by the client and the server. */
export const PRODUCT_NAME = "TabVault";
/** Prefix of browser storage keys and downloaded file names (spec: `{product}` in keys). */
export const PRODUCT_SLUG = "tabvault";
export const SUPPORT_EMAIL = "support@tabvault.app";
/** Support replies are promised within this many hours (spec 1 §9). */
export const SUPPORT_REPLY_HOURS = 24;
/**
 * Requests about personal data sent to support (spec 1 §9) are completed within this many days. Deleting an
 * account from the Account page deletes its data at once (decision 137).
 */
export const ACCOUNT_DELETION_DAYS = 30;
export const MINIMUM_AGE = 13;
export const MONEY_BACK_DAYS = 30;
export const ANNUAL_REFUND_DAYS = 14;
/** A sign-in link works this long after it is sent, once. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A browser session lasts this long after sign-in (the cookie's and the stored session's lifetime). */
export const SESSION_LIFETIME_DAYS = 30;
/** A device token (an app's, the extension's) stops working after this many days without being used. */
export const DEVICE_TOKEN_IDLE_DAYS = 90;
/** Protection events (the dashboard's history) and app events are kept this many days, then deleted (decision 135). */
export const EVENT_RETENTION_DAYS = 90;
/** A link that deletes an account works this long after it is sent, once. */
export const ACCOUNT_DELETION_LINK_MINUTES = 60;
