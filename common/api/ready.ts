import { z } from "zod";

export const readyResponseSchema = z.object({ ready: z.literal(true) });
