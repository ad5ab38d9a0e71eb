import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { oneLineText, text } from "./text";

/**
 * Pairing an app or the browser extension without typing a token: the device-authorization flow of
 * RFC 8628. The device asks for a device code and a short user code, opens `/connect?code=USER-CODE`,
 * a signed-in person confirms, and the device, polling at the interval the server sets, receives a
 * scoped device token.
 */
export const DEVICE_AUTHORIZATION = {
  /** Codes expire after 10 minutes. */
  expiresInSeconds: 600,
  /** The polling interval a device starts with; `slow_down` adds 5 s (RFC 8628 §3.5). */
  intervalSeconds: 5,
  slowDownSeconds: 5,
  /** Eight letters from an alphabet without vowels or look-alikes, shown as XXXX-XXXX (RFC 8628 §6.1). */
  userCodeAlphabet: "BCDFGHJKLMNPQRSTVWXZ",
  userCodeLength: 8,
} as const;

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
  backups: "Your backups: read every one (addresses, titles and saved form entries; sealed ones stay sealed), make new ones (emergency backups too), restore and delete them.",
  connection: "Your account: your name, email address and plan, read only.",
  analytics: "Analytics, history reports and backup summaries, as your plan allows.",
} as const;
export type AppTokenArea = keyof typeof appTokenReach;

/** What no device token reaches, whatever its scope: the website's alone. */
export const deviceTokenNever =
  "Payments and subscriptions, changing your profile, your other devices' tokens and your signed-in browsers, the account export and deletion, the library's search, import and organising, making or changing automation rules, encryption's settings and passphrase, managing a team, and the admin pages.";

export const deviceTokenReach: Record<DeviceTokenScope, Readonly<Record<string, string>>> = { browser: browserTokenReach, app: appTokenReach };

/** A user code as typed or carried in the link: case and the dash do not matter. */
export const userCodeSchema = text()
  .trim()
  .max(20, "Not a connection code")
  .transform((value) => value.toUpperCase().replace(/[^A-Z]/g, ""))
  .pipe(text().length(DEVICE_AUTHORIZATION.userCodeLength, "Not a connection code"));

export const startDeviceAuthorizationRequestSchema = z.strictObject({
  /** What the device calls itself, e.g. "Chrome on Linux": one line, shown on /connect as the device's own words. */
  clientName: oneLineText({ message: "Name the device" }).trim().min(1, "Name the device").max(100, "A device name has at most 100 characters"),
  platform: z.enum(devicePlatforms),
  /**
   * Not the device's choice (decision 215): the scope is {@link scopeOfPlatform}'s. Extensions from before still
   * send it; it is accepted when it is the kind's own and refused (400) when it asks for another.
   */
  scope: z.enum(deviceTokenScopes).optional(),
});
export type StartDeviceAuthorizationRequest = z.input<typeof startDeviceAuthorizationRequestSchema>;

export const deviceAuthorizationSchema = z.object({
  deviceCode: z.string(),
  /** Formatted for people: XXXX-XXXX. */
  userCode: z.string(),
  /** Path of the page where the person confirms, relative to the server's origin. */
  verificationUri: z.string(),
  verificationUriComplete: z.string(),
  expiresIn: z.number().int(),
  interval: z.number().int(),
});
export type DeviceAuthorization = z.infer<typeof deviceAuthorizationSchema>;

export const pollDeviceAuthorizationRequestSchema = z.strictObject({ deviceCode: text().min(1).max(200) });

export const deviceTokenGrantSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  scope: z.enum(deviceTokenScopes),
  /** The token's id in the dashboard's device list. */
  deviceId: z.string(),
  deviceName: z.string(),
  /** Whose account the device is now connected to, for the extension's popup. */
  email: z.string(),
});
export type DeviceTokenGrant = z.infer<typeof deviceTokenGrantSchema>;

/** RFC 8628 §3.5's error codes, answered with 400 while the device must keep polling or stop. */
export const deviceAuthorizationErrors = ["authorization_pending", "slow_down", "expired_token", "access_denied"] as const;
export const deviceAuthorizationErrorSchema = z.object({
  message: z.string(),
  error: z.enum(deviceAuthorizationErrors),
  /** The interval to poll at from now on, in seconds. */
  interval: z.number().int().optional(),
});
export type DeviceAuthorizationError = z.infer<typeof deviceAuthorizationErrorSchema>;

export const pendingDeviceSchema = z.object({
  userCode: z.string(),
  clientName: z.string(),
  platform: z.enum(devicePlatforms),
  scope: z.enum(deviceTokenScopes),
  status: z.enum(["pending", "approved", "denied", "expired"]),
  expiresAt: z.string(),
});
export type PendingDevice = z.infer<typeof pendingDeviceSchema>;

const userCodeParams = z.object({ userCode: userCodeSchema });

/** POST: a device asks for a device code and a user code (no sign-in; rate-limited per IP). */
export const startDeviceAuthorization = defineEndpoint({
  method: "POST",
  path: "/api/device-authorizations",
  body: startDeviceAuthorizationRequestSchema,
  responses: { 201: deviceAuthorizationSchema, 400: errorResponseSchema, 429: errorResponseSchema },
});

/** POST: the device polls with its device code; 400 with an RFC 8628 error until the person decided. */
export const pollDeviceAuthorization = defineEndpoint({
  method: "POST",
  path: "/api/device-authorizations/token",
  body: pollDeviceAuthorizationRequestSchema,
  responses: { 200: deviceTokenGrantSchema, 400: z.union([deviceAuthorizationErrorSchema, errorResponseSchema]), 429: errorResponseSchema },
});

/** GET: the connect page shows what asks to be connected (signed-in browser session only). */
export const describeDeviceAuthorization = defineEndpoint({
  method: "GET",
  path: "/api/device-authorizations/:userCode",
  params: userCodeParams,
  responses: { 200: pendingDeviceSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
});

/** POST: the signed-in person connects the device to their account. */
export const approveDeviceAuthorization = defineEndpoint({
  method: "POST",
  path: "/api/device-authorizations/:userCode/approve",
  params: userCodeParams,
  responses: { 200: pendingDeviceSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
});

/** POST: the signed-in person refuses; the device's next poll gets access_denied. */
export const denyDeviceAuthorization = defineEndpoint({
  method: "POST",
  path: "/api/device-authorizations/:userCode/deny",
  params: userCodeParams,
  responses: { 200: pendingDeviceSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
});
