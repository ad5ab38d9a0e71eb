import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { devicePlatforms, deviceTokenScopes } from "../device-token-reach";
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

export {
  type AppTokenArea,
  type BrowserTokenArea,
  type DevicePlatform,
  devicePlatforms,
  type DeviceTokenScope,
  deviceTokenScopes,
  scopeOfPlatform,
} from "../device-token-reach";

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

/** GET: the connect page shows what asks to be connected (a sign-in session only). */
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
