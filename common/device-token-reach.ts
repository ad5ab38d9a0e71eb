/**
 * What a device connected to an account can reach, in the words every page says it (decision 215): /connect lists
 * it before the person connects a device, and the security page reads the same sentences. No zod here, so a public
 * page can import it without the contracts.
 */

/** What a device token may do: `browser` for the extension, `app` for the Windows and Android apps ({@link deviceTokenReach}). */
export const deviceTokenScopes = ["browser", "app"] as const;
export type DeviceTokenScope = (typeof deviceTokenScopes)[number];

export const devicePlatforms = ["chromium", "firefox", "firefox_android", "windows", "android"] as const;
export type DevicePlatform = (typeof devicePlatforms)[number];

/**
 * The scope each kind of device gets (decision 215): the server decides it from the kind, and /connect shows the
 * kind and what its token reaches; a device cannot ask for more than its kind gets.
 */
export const scopeOfPlatform: Record<DevicePlatform, DeviceTokenScope> = {
  chromium: "browser",
  firefox: "browser",
  firefox_android: "browser",
  windows: "app",
  android: "app",
};

/** The kind of device as /connect names it. */
export const platformNames: Record<DevicePlatform, string> = {
  chromium: "the TabVault extension in Chrome, Edge, Brave or Opera",
  firefox: "the TabVault extension in Firefox",
  firefox_android: "the TabVault extension in Firefox for Android",
  windows: "the TabVault app for Windows",
  android: "the TabVault app for Android",
};

/**
 * Everything a `browser` token (the extension) can read and change, one sentence per area, as /connect shows it.
 * `server/devices/token-scopes.ts` lists each area's routes and refuses every other route, and its test walks every
 * route with such a token, so these words and what the token reaches are the same (decision 215, C343).
 */
export const browserTokenReach = {
  backups: "Your backups: read every one (addresses, titles and saved form entries; sealed ones stay sealed), make new ones, restore and delete them.",
  openTabs: "Open tabs: send this browser's open tabs, and read the open tabs of your other connected browsers and apps.",
  teamShares: "Backups your team shares with you, to restore them.",
  protection: "Protection: read and change your protection settings, and record and read protection events and blocked Clear All attempts.",
  automation: "Workflow automation's rules: read them, to run them (they are made and changed on the website only).",
  encryptionKey: "Your encryption key as your passphrase locks it, so it can seal form entries once you unlock it there; it cannot open it without the passphrase.",
  connection: "Its own connection: your email address and plan.",
} as const;
export type BrowserTokenArea = keyof typeof browserTokenReach;

/** Everything an `app` token (the Windows and Android apps) reaches: the extension's areas, and a little more (C343). */
export const appTokenReach = {
  ...browserTokenReach,
  openTabs: "Open tabs: send this device's open tabs, and read the open tabs of your other connected browsers and apps.",
  backups: "Your backups: read every one (addresses, titles and saved form entries; sealed ones stay sealed), make new ones (emergency backups too), restore and delete them.",
  connection: "Your account: your name, email address and plan, read only.",
  analytics: "Analytics, history reports and backup summaries, as your plan allows.",
} as const;
export type AppTokenArea = keyof typeof appTokenReach;

/** What no device token reaches, whatever its scope: the website's alone. */
export const deviceTokenNever =
  "Payments and subscriptions, changing your profile, your other devices' tokens and your signed-in browsers, the account export and deletion, the library's search, import and organising, making or changing automation rules, encryption's settings and passphrase, managing a team, and the admin pages.";

export const deviceTokenReach: Record<DeviceTokenScope, Readonly<Record<string, string>>> = { browser: browserTokenReach, app: appTokenReach };

