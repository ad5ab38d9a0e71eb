import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * POST /api/auth/sign-out-everywhere: ends every browser session of the account (this one too) and
 * revokes every device token and every connection approved but not yet collected. Browser only.
 */
export const signOutEverywhere = defineEndpoint({
  method: "POST",
  path: "/api/auth/sign-out-everywhere",
  responses: { 204: z.null(), ...errors },
});
