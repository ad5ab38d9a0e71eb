import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { oneLineText, text } from "./text";

/**
 * Announcements (the terms' promise that price changes, changes to the terms and to paid features are announced by
 * email in advance): an admin writes one, every account with a verified address gets it by email, sent in the
 * background by whichever instance claims it (decision 198).
 */
export const ANNOUNCEMENT_LIMITS = { subjectLength: 120, bodyLength: 5_000, listed: 50 } as const;

export const announcementRequestSchema = z.strictObject({
  subject: oneLineText({ message: "Enter a subject" })
    .trim()
    .min(1, "Enter a subject")
    .max(ANNOUNCEMENT_LIMITS.subjectLength, `A subject has at most ${ANNOUNCEMENT_LIMITS.subjectLength} characters`),
  body: text({ message: "Enter the announcement" })
    .trim()
    .min(1, "Enter the announcement")
    .max(ANNOUNCEMENT_LIMITS.bodyLength, `An announcement has at most ${ANNOUNCEMENT_LIMITS.bodyLength} characters`),
});

export const announcementSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Accounts with a verified address when it was written. */
  recipients: z.number().int(),
  /** Emails sent so far. */
  delivered: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** POST (admins): announces to every account with a verified address; the emails go out in the background. */
export const createAnnouncement = defineEndpoint({
  method: "POST",
  path: "/api/admin/announcements",
  body: announcementRequestSchema,
  responses: { 201: announcementSchema, ...errors, 429: errorResponseSchema },
});

/** GET (admins): the newest announcements, each with how many of its emails went out. */
export const listAnnouncements = defineEndpoint({
  method: "GET",
  path: "/api/admin/announcements",
  responses: { 200: z.array(announcementSchema), ...errors },
});
