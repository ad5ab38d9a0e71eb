/** Product-wide constants shared by the client and the server. */
import { planSupport } from "./plan-catalogue";

export const PRODUCT_NAME = "TabVault";
/** Prefix of browser storage keys and downloaded file names (spec: `{product}` in keys). */
export const PRODUCT_SLUG = "tabvault";
export const SUPPORT_EMAIL = "support@tabvault.app";
/**
 * The reply time every message gets, whatever the plan: Free's, the longest. Security reports, refunds
 * and requests about personal data quote it; paid plans are answered sooner (`planSupport`, decision 144).
 */
export const SUPPORT_REPLY_HOURS = planSupport.free.replyHours;
/**
 * Requests about personal data sent to support are completed within this many days. Deleting an
 * account from the Account page deletes its data at once (decision 137).
 */
export const ACCOUNT_DELETION_DAYS = 30;
export const MINIMUM_AGE = 13;
export const MONEY_BACK_DAYS = 30;
export const ANNUAL_REFUND_DAYS = 14;
/** A sign-in link works this long after it is sent, once. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A sign-in session lasts this long after sign-in (the cookie's and the stored session's lifetime). */
export const SESSION_LIFETIME_DAYS = 30;
/** A device token (an app's, the extension's) stops working after this many days without being used. */
export const DEVICE_TOKEN_IDLE_DAYS = 90;

/**
 * Automatic backups (Basic and up, issue 16 point C). The browser extension backs up every tab of the browser
 * on this period (its `auto-backup` alarm); the web app, in Backup mode with Automatic Backup on, backs up the
 * TabVault page it runs in (and this site's recent pages) on its own, shorter period while that page has focus.
 * Pages quote these numbers and the code runs on them, so words and timers cannot drift apart.
 */
export const EXTENSION_AUTOMATIC_BACKUP_MINUTES = 5;
export const WEB_APP_AUTOMATIC_BACKUP_SECONDS = 30;

/**
 * How often the settings in effect — a team's policy among them — are read again (decision 187): the web app every
 * WEB_APP_SETTINGS_REFRESH_SECONDS and whenever its window gets focus, the extension on an alarm every
 * EXTENSION_SETTINGS_REFRESH_MINUTES (the shortest period both browsers give an alarm). A change reaches both within
 * TEAM_POLICY_REACH_MINUTES.
 */
export const WEB_APP_SETTINGS_REFRESH_SECONDS = 30;
export const EXTENSION_SETTINGS_REFRESH_MINUTES = 1;
export const TEAM_POLICY_REACH_MINUTES = 1;

/**
 * What the Automatic Backup switch does, as the settings screens say it: the switch drives the web app's timer;
 * the extension's automatic backups follow the plan alone (`automaticBackups` of the extension's connection).
 */
/** The same when a team's policy sets the extension's interval (decision 187). */
export function automaticBackupTextWithTeam(minutes: number): string {
  return (
    `Backs up the TabVault page you have open every ${WEB_APP_AUTOMATIC_BACKUP_SECONDS} seconds while it has focus. ` +
    `Your team has the browser extension back up all your tabs every ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`
  );
}

export const automaticBackupText =
  `Backs up the TabVault page you have open every ${WEB_APP_AUTOMATIC_BACKUP_SECONDS} seconds while it has focus. ` +
  `The browser extension backs up all your tabs every ${EXTENSION_AUTOMATIC_BACKUP_MINUTES} minutes on plans with automatic backups, whatever this switch says.`;

/**
 * The Android requirement every page states (issue 16 point B): one reading of spec 1 and 2, which name 5.0, 6.0
 * and 7.0 (decision 140). What a published release file needs is the operator's, in its manifest.
 */
export const ANDROID_REQUIREMENT = "Android 7.0 or later";
/** The same, with what the app needs beside the system version. */
export const ANDROID_REQUIREMENTS = [ANDROID_REQUIREMENT, "2 GB of RAM", "50 MB of free storage"] as const;

/**
 * What protects a person today: the browser extension and the installable web app. Native
 * Windows and Android apps are offered only where an operator has published their release files (decision 141).
 */
export const EXTENSION_CHROMIUM_BROWSERS = "Chrome, Edge, Brave and Opera";
export const EXTENSION_DESKTOP_SYSTEMS = "Windows, macOS and Linux";
/** Firefox for Android has no windows API: the extension keeps and restores tabs in one window, without groups. */
export const FIREFOX_ANDROID_REDUCED_MODE = "a reduced mode: one window, no tab groups";
export const extensionPlatformsText =
  `${EXTENSION_CHROMIUM_BROWSERS} on ${EXTENSION_DESKTOP_SYSTEMS}, and Firefox, including Firefox for Android in ${FIREFOX_ANDROID_REDUCED_MODE}`;
/** Protection events (the dashboard's history) and app events are kept this many days, then deleted (decision 135). */
export const EVENT_RETENTION_DAYS = 90;
/**
 * The longest rate-limit window; a counter (it holds an IP or email address) is deleted by the hourly
 * housekeeping at most an hour after its window ends, so within RATE_LIMIT_COUNTER_HOURS of its first hit.
 */
export const RATE_LIMIT_LONGEST_WINDOW_MINUTES = 60;
export const RATE_LIMIT_COUNTER_HOURS = 2;
/** A link that deletes an account works this long after it is sent, once. */
export const ACCOUNT_DELETION_LINK_MINUTES = 60;

