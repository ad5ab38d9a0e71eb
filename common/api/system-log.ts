import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";

export const systemLogLevels = ["error", "warning", "success", "info"] as const;
export const systemLogLevelSchema = z.enum(systemLogLevels);
export type SystemLogLevel = z.infer<typeof systemLogLevelSchema>;

export const systemLogEntrySchema = z.object({
  id: z.number(),
  level: systemLogLevelSchema,
  message: z.string(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
});

export const MAX_PAGE_SIZE = 200;

/** `?limit=&cursor=`: newest first; `cursor` is the `nextCursor` of the previous page. */
export const systemLogPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  cursor: z.coerce.number().int().positive().optional(),
});

export const systemLogPageSchema = z.object({
  entries: z.array(systemLogEntrySchema),
  /** Pass as `cursor` for older entries; null on the last page. */
  nextCursor: z.number().nullable(),
});
export type SystemLogPage = z.infer<typeof systemLogPageSchema>;

/** GET /api/admin/logs: the system log, newest first, by pages (admins only). */
export const listSystemLog = defineEndpoint({
  method: "GET",
  path: "/api/admin/logs",
  query: systemLogPageQuerySchema,
  responses: { 200: systemLogPageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
});

/** DELETE /api/admin/logs: empties the log but for one entry naming who did it (admins only). */
export const clearSystemLog = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/logs",
  responses: { 204: z.null(), 401: errorResponseSchema, 403: errorResponseSchema },
});
