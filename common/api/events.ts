import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { text } from "./text";

/** Analytics events the client may record; the server refuses any other name. */
export const appEventNames = ["pwa_launch"] as const;
export type AppEventName = (typeof appEventNames)[number];

export const createAppEventRequestSchema = z.strictObject({
  name: z.enum(appEventNames),
  /** The client route the event happened on, e.g. "/sessions". */
  path: text().max(2000).startsWith("/").optional(),
});
export type CreateAppEventRequest = z.infer<typeof createAppEventRequestSchema>;

/** POST /api/events: one app event (e.g. `pwa_launch`), rate-limited per IP. */
export const recordAppEvent = defineEndpoint({
  method: "POST",
  path: "/api/events",
  body: createAppEventRequestSchema,
  responses: { 204: z.null(), 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
});
