import { z } from "zod";
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
