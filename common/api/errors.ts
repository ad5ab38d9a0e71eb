import { z } from "zod";

/** Every error response of the API has this shape. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
