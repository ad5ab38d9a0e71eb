import { z } from "zod";
import { paidPlanTypes, planTypeSchema } from "../plans";
import type { ClientRoute } from "../routes";
import { deviceTokenScopes } from "./device-authorization";
import { defineEndpoint } from "./endpoint";
import { currentUserRoute } from "./entry-routes";
import { errorResponseSchema } from "./errors";
import { oneLineText, text } from "./text";

/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export { SIGN_IN_LINK_MINUTES } from "../product";

/**
 * An email address as the server accepts it: trimmed, lower-cased, a real address. The client's
 * "contains @" check stays the first line; this is the one that decides.
 */
export const emailAddressSchema = text({ message: "Enter an email address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter an email address")
  .max(MAX_EMAIL_LENGTH, `An email address has at most ${MAX_EMAIL_LENGTH} characters`)
  .pipe(z.email({ message: "Enter a valid email address, like name@example.com" }));

/** The signed-in user as `GET /api/auth/user` returns it (spec 1 §3 "Current user"); 401 when signed out. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  planType: planTypeSchema,
  /** ISO 8601: the paid plan ends then unless renewed; null for Free or a subscription that renews. */
  planExpiresAt: z.string().nullable().default(null),
  emailVerified: z.boolean(),
  /** True until the account signs in a second time: the dashboard greets a newcomer, not a returning person. */
  firstSignIn: z.boolean().default(false),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
  /** The person's team; `fromTeam` when `planType` is the team's plan rather than their own. */
  team: z.object({ name: z.string(), role: z.enum(["owner", "admin", "member"]), planFromTeam: z.boolean() }).nullable().default(null),
});
export type AuthUser = z.infer<typeof authUserSchema>;

const personName = oneLineText()
  .trim()
  .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`)
  .transform((value) => (value === "" ? null : value))
  .nullable();

/** `PATCH /api/auth/user`: the names a person sets in the dashboard; blank clears one. */
export const updateProfileRequestSchema = z
  .strictObject({ firstName: personName.optional(), lastName: personName.optional() })
  .refine((body) => body.firstName !== undefined || body.lastName !== undefined, {
    message: "Send firstName, lastName or both",
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** Where an email was captured. */
export const signupSources = [
  "email_signup_modal",
  ...paidPlanTypes.map((plan) => `plan_selection_${plan}` as const),
  "direct_download_modal",
] as const;
export type SignupSource = (typeof signupSources)[number];

export const captureEmailRequestSchema = z.strictObject({
  email: emailAddressSchema,
  source: z.enum(signupSources, { message: `source must be one of ${signupSources.join(", ")}` }),
});
export type CaptureEmailRequest = z.input<typeof captureEmailRequestSchema>;

export const captureEmailResponseSchema = z.object({
  userExists: z.boolean(),
  message: z.string(),
  /** True once the address is verified (spec 1 §4 direct download modal). */
  canDownload: z.boolean(),
});
export type CaptureEmailResponse = z.infer<typeof captureEmailResponseSchema>;

export const createFreeAccountRequestSchema = z.strictObject({ email: emailAddressSchema });
export type CreateFreeAccountRequest = z.input<typeof createFreeAccountRequestSchema>;

export const createFreeAccountResponseSchema = z.object({ message: z.string(), email: z.string() });
export type CreateFreeAccountResponse = z.infer<typeof createFreeAccountResponseSchema>;

export const verifyUserRequestSchema = z.strictObject({ email: emailAddressSchema });
export type VerifyUserRequest = z.input<typeof verifyUserRequestSchema>;

/**
 * What `/verify` shows about an account (spec 1 §3 "Verification result"): only to the account's owner
 * and to admins. Anyone else gets `user: null` and learns only whether the address is verified.
 */
export const verifiedUserSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  planType: planTypeSchema,
  planStatus: z.string(),
  createdAt: z.string(),
});
export type VerifiedUser = z.infer<typeof verifiedUserSchema>;

export const verifyUserResponseSchema = z.object({
  verified: z.boolean(),
  user: verifiedUserSchema.nullable(),
  message: z.string(),
});
export type VerifyUserResponse = z.infer<typeof verifyUserResponseSchema>;

/** Query of the `/api/login` navigation: no email → the sign-in screen asks for one. */
export const loginQuerySchema = z.object({
  email: text().max(1000).optional(),
  next: text().max(2000).optional(),
});

/** `GET /api/auth/callback?token=`: a token that cannot be one (too long, unstorable) is just not valid. */
export const authCallbackQuerySchema = z.object({ token: text().max(1000).optional().catch(undefined) });

/** Why `/sign-in` was opened with `?error=`; the screen turns each into a sentence. */
export const signInErrors = ["invalid-email", "link-invalid", "rate-limited", "mail-failed"] as const;
export type SignInError = (typeof signInErrors)[number];

/** A token of the Windows or Android app, as the dashboard lists it (never the token itself). */
export const deviceTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** "browser" for the extension (backups and protection only), "app" for the Windows and Android apps. */
  scope: z.enum(deviceTokenScopes),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;
export const createDeviceTokenRequestSchema = z.strictObject({ name: text().trim().min(1).max(100) });
export const createdDeviceTokenSchema = z.object({
  deviceToken: deviceTokenSchema,
  /** Shown once; only its hash is stored. */
  token: z.string(),
});

/** GET /api/login?email=&next=: a navigation that mails a sign-in link, then /check-email (or /sign-in with a reason). */
export const signIn = defineEndpoint({
  method: "GET",
  path: "/api/login",
  query: loginQuerySchema,
  responses: { 303: z.null(), 429: errorResponseSchema },
  answers: "redirect",
});

/**
 * GET /api/auth/callback?token=: the link in the mail. It signs nobody in by itself (another site could
 * make a browser open it): a usable link goes to the confirmation screen with the token in the fragment,
 * where the person confirms with a same-origin POST ({@link confirmSignIn}); a dead one to the sign-in
 * screen with the reason.
 */
export const completeSignIn = defineEndpoint({
  method: "GET",
  path: "/api/auth/callback",
  query: authCallbackQuerySchema,
  responses: { 303: z.null() },
  answers: "redirect",
});

/** Where the mailed link sends the browser: the token travels in the fragment, never to the server again. */
export const SIGN_IN_CONFIRM_PATH = "/sign-in/confirm" satisfies ClientRoute;

/** The token of a mailed sign-in link, in a body, so it is never part of a URL the server logs. */
export const signInLinkRequestSchema = z.strictObject({ token: text().min(1, "token is required").max(1000) });

/** POST /api/auth/sign-in-link: which account a usable link signs in to, for "Sign in as …?"; 404 when it cannot be used. */
export const describeSignInLink = defineEndpoint({
  method: "POST",
  path: "/api/auth/sign-in-link",
  body: signInLinkRequestSchema,
  responses: { 200: z.object({ email: z.string() }), 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
});

/**
 * POST /api/auth/callback: the person confirmed "Sign in as …?" on our own page. Spends the link, signs
 * this browser in (a fresh session) and names the page to go to; 404 when the link cannot be used. The
 * same-origin check refuses it from any other site, which is what stops sign-in CSRF.
 */
export const confirmSignIn = defineEndpoint({
  method: "POST",
  path: "/api/auth/callback",
  body: signInLinkRequestSchema,
  responses: { 200: z.object({ next: z.string() }), 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
});

/** GET /api/logout: a navigation that ends the session on the server and goes home. */
export const signOut = defineEndpoint({
  method: "GET",
  path: "/api/logout",
  responses: { 303: z.null() },
  answers: "redirect",
});

/** GET /api/auth/user: the signed-in person (spec 1 §3 "Current user"); 401 when signed out. */
export const getCurrentUser = defineEndpoint({
  ...currentUserRoute,
  responses: { 200: authUserSchema, 401: errorResponseSchema },
});

/** PATCH /api/auth/user: the names a person sets in the dashboard. */
export const updateProfile = defineEndpoint({
  method: "PATCH",
  path: currentUserRoute.path,
  body: updateProfileRequestSchema,
  responses: { 200: authUserSchema, 400: errorResponseSchema, 401: errorResponseSchema },
});

const signupErrors = { 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema };

/** POST /api/capture-email: an address from a sign-up modal; a new one gets a free account and a verification mail. */
export const captureEmail = defineEndpoint({
  method: "POST",
  path: "/api/capture-email",
  body: captureEmailRequestSchema,
  responses: { 200: captureEmailResponseSchema, ...signupErrors },
});

/** POST /api/create-free-account: opens (or reuses) a free account and mails a sign-in link. */
export const createFreeAccount = defineEndpoint({
  method: "POST",
  path: "/api/create-free-account",
  body: createFreeAccountRequestSchema,
  responses: { 200: createFreeAccountResponseSchema, ...signupErrors },
});

/** POST /api/verify-user: whether an address has a verified account (`/verify`); the account itself only for its owner or an admin. */
export const verifyUser = defineEndpoint({
  method: "POST",
  path: "/api/verify-user",
  body: verifyUserRequestSchema,
  responses: { 200: verifyUserResponseSchema, ...signupErrors },
});

const deviceTokenErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/device-tokens: the account's active tokens, newest first (signed-in browser only). */
export const listDeviceTokens = defineEndpoint({
  method: "GET",
  path: "/api/device-tokens",
  responses: { 200: z.array(deviceTokenSchema), ...deviceTokenErrors },
});

/** POST /api/device-tokens: a new token for the Windows or Android app, shown once; 409 past the account's maximum. */
export const createDeviceToken = defineEndpoint({
  method: "POST",
  path: "/api/device-tokens",
  body: createDeviceTokenRequestSchema,
  responses: { 201: createdDeviceTokenSchema, 409: errorResponseSchema, ...deviceTokenErrors },
});

/** DELETE /api/device-tokens/:id: the app holding the token is signed out at once. */
export const revokeDeviceToken = defineEndpoint({
  method: "DELETE",
  path: "/api/device-tokens/:id",
  params: z.object({ id: z.uuid({ message: "Not a device token id" }) }),
  responses: { 204: z.null(), ...deviceTokenErrors },
});
