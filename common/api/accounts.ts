import { z } from "zod";
import { planTypeSchema } from "../plans";

/**
 * The signed-in user as `GET /api/auth/user` returns it (spec 1 §3 "Current user").
 * The endpoint answers 401 when nobody is signed in; the client treats that as "signed out".
 */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  planType: planTypeSchema,
  emailVerified: z.boolean(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;
