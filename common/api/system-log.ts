import { z } from "zod";

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
export type SystemLogEntry = z.infer<typeof systemLogEntrySchema>;

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
