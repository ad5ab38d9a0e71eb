import { z } from "zod";
import { emailAddressSchema } from "./accounts";
import { text } from "./text";

const required = (label: string, max: number) =>
  text({ message: `Enter a ${label}` }).trim().min(1, `Enter a ${label}`).max(max, `A ${label} has at most ${max} characters`);

/** spec 1 §3 "Contact form": every field required. */
export const contactMessageRequestSchema = z.strictObject({
  name: required("name", 100),
  email: emailAddressSchema,
  subject: required("subject", 200),
  message: required("message", 5000),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;

export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagesPageSchema = z.object({ messages: z.array(contactMessageSchema), nextCursor: z.number().nullable() });
