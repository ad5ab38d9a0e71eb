import { z } from "zod";
import { planTypes } from "../plan-catalogue";
import { emailAddressSchema } from "./accounts";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { oneLineText, text } from "./text";

const required = (label: string, max: number, base = text) =>
  base({ message: `Enter a ${label}` }).trim().min(1, `Enter a ${label}`).max(max, `A ${label} has at most ${max} characters`);

/** spec 1 §3 "Contact form": every field required. */
export const contactMessageRequestSchema = z.strictObject({
  name: required("name", 100, oneLineText),
  email: emailAddressSchema,
  subject: required("subject", 200),
  message: required("message", 5000),
});

export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The plan of the account with the sender's address when the inbox is read; "free" without an account (decision 144). */
  plan: z.enum(planTypes),
  /** createdAt plus the reply time that plan is promised (`planSupport` in common/plan-catalogue.ts). */
  replyBy: z.string(),
});

export const contactMessagesPageSchema = z.object({ messages: z.array(contactMessageSchema), nextCursor: z.number().nullable() });

/** POST /api/contact: the form's message, stored for the admins (rate-limited per IP). */
export const sendContactMessage = defineEndpoint({
  method: "POST",
  path: "/api/contact",
  body: contactMessageRequestSchema,
  responses: { 201: z.object({ id: z.number(), message: z.string() }), 400: errorResponseSchema, 429: errorResponseSchema },
});

/**
 * GET /api/admin/messages: the contact messages by plan priority (Premium first), newest first within a plan, a
 * page at a time (admins only); `cursor` is the previous page's last id.
 */
export const listContactMessages = defineEndpoint({
  method: "GET",
  path: "/api/admin/messages",
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), cursor: z.coerce.number().int().positive().optional() }),
  responses: { 200: contactMessagesPageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
});
