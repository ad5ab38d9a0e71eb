import { z } from "zod";
import { paidPlanTypes } from "../plan-catalogue";
import { emailAddressSchema } from "./accounts";
import { text } from "./text";

/** Ordered: a payment's status only moves to a later one (spec: statuses only move forward). */
export const paymentStatuses = ["incomplete", "processing", "failed", "succeeded", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentProviders = ["stripe", "sandbox"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

const planField = z.enum(paidPlanTypes, { message: "planType must be basic, pro or premium" });

/** `amount` in dollars as the page has it (spec 1 §2 query); the server checks it against the plan. */
export const createPaymentIntentRequestSchema = z.strictObject({
  amount: z.number({ message: "amount must be a number of dollars" }).positive().max(100_000),
  planType: planField,
  email: emailAddressSchema.optional(),
});
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

export const createSubscriptionRequestSchema = z.strictObject({
  planType: planField,
  /** The provider's price id from the upgrade link; it must be the plan's own. */
  priceId: text().max(200).nullish(),
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequestSchema>;

/**
 * A payment to make with the card form; or, for a subscriber moving to another plan, a change already
 * paid (the saved card, or nothing due now for a cheaper plan), so no form is shown.
 */
export const paymentSetupResponseSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("requires_payment"),
    clientSecret: z.string(),
    paymentId: z.string(),
    provider: z.enum(paymentProviders),
    amountCents: z.number().int(),
  }),
  z.object({
    status: z.literal("succeeded"),
    provider: z.enum(paymentProviders),
    amountCents: z.number().int(),
  }),
]);
export type PaymentSetupResponse = z.infer<typeof paymentSetupResponseSchema>;

/** What the payment screens need to know before they draw a form. */
export const paymentConfigSchema = z.object({
  provider: z.enum([...paymentProviders, "unavailable"]),
  publishableKey: z.string().nullable(),
  /** Provider price id per plan (Stripe), shown in upgrade links. */
  priceIds: z.record(z.string(), z.string().nullable()),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The sandbox card form's confirmation: Stripe's test numbers behave as at Stripe. */
export const sandboxConfirmRequestSchema = z.strictObject({
  clientSecret: text().min(1).max(300),
  card: z.strictObject({
    number: text().max(40),
    // Loose bounds: an impossible month or a past year is the card's decline message, as at Stripe.
    expMonth: z.number().int().min(0).max(99),
    expYear: z.number().int().min(0).max(9999),
    cvc: text().max(10),
  }),
});
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequestSchema>;

export const sandboxConfirmResponseSchema = z.object({
  status: z.enum(["succeeded", "failed"]),
  message: z.string(),
  planType: z.enum(paidPlanTypes),
});
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

export const subscriptionSchema = z.object({
  planType: z.enum(paidPlanTypes),
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const currentSubscriptionSchema = z.object({ subscription: subscriptionSchema.nullable() });

export const paymentNotConfiguredMessage = "Stripe not configured";
