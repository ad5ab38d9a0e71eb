import { z } from "zod";

export const systemLogLevels = ["error", "warning", "success", "info"] as const;
export const systemLogLevelSchema = z.enum(systemLogLevels);
export type SystemLogLevel = z.infer<typeof systemLogLevelSchema>;
