import { z } from "zod";
import { paidPlanTypes } from "../plan-catalogue";
import { emailAddressSchema } from "./accounts";
import { defineEndpoint } from "./endpoint";
import { paymentsConfigRoute } from "./entry-routes";
import { errorResponseSchema } from "./errors";
import { text } from "./text";

/** Ordered: a payment's status only moves to a later one (spec: statuses only move forward). */
/** In the order a payment moves through them; refunded and disputed end what it bought (decision 136). */
export const paymentStatuses = ["incomplete", "processing", "failed", "succeeded", "refunded", "disputed"] as const;
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

/** spec 1 §3 "Payment record (admin)". */
export const adminPaymentSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  planType: z.enum(paidPlanTypes),
  /** Dollars. */
  amount: z.number(),
  status: z.enum(paymentStatuses),
  stripePaymentIntentId: z.string().nullable(),
  /** email null: the account was deleted and the record kept without it (decision 136). */
  user: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const ADMIN_PAGE_MAX = 500;

export const adminPaymentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(50),
  /** The `nextCursor` of the previous page. */
  cursor: text().max(200).optional(),
});

export const adminPaymentPageSchema = z.object({
  payments: z.array(adminPaymentSchema),
  nextCursor: z.string().nullable(),
});
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};
const adminErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The server's side of a streamed answer: Fastify sends a stream as it is, past any serializer, so
 * this only lets the route's type accept one (checked loosely, as `common/` knows no Node streams).
 */
const streamedBody = z.custom<{ pipe: (...args: never[]) => unknown }>((value) => typeof (value as { pipe?: unknown } | null)?.pipe === "function");

/** GET /api/payments/config: which provider takes cards, with its publishable key and price ids. */
export const getPaymentsConfig = defineEndpoint({
  ...paymentsConfigRoute,
  responses: { 200: paymentConfigSchema },
});

/** POST /api/create-payment-intent: a one-time month of a plan, priced by the server. */
export const createPaymentIntent = defineEndpoint({
  method: "POST",
  path: "/api/create-payment-intent",
  body: createPaymentIntentRequestSchema,
  responses: { 200: paymentSetupResponseSchema, ...errors },
});

/** POST /api/create-subscription: a monthly plan, or a subscriber's prorated change to another plan. */
export const createSubscription = defineEndpoint({
  method: "POST",
  path: "/api/create-subscription",
  body: createSubscriptionRequestSchema,
  responses: { 200: paymentSetupResponseSchema, ...errors },
});

/** GET /api/subscription: the account's newest subscription, or null. */
export const getSubscription = defineEndpoint({
  method: "GET",
  path: "/api/subscription",
  responses: { 200: currentSubscriptionSchema, ...errors },
});

/** POST /api/subscription/cancel: the live subscription ends with its period. */
export const cancelSubscription = defineEndpoint({
  method: "POST",
  path: "/api/subscription/cancel",
  responses: { 200: currentSubscriptionSchema, ...errors },
});

/** POST /api/sandbox/confirm: the sandbox card form's payment (exists only with the sandbox provider). */
export const confirmSandboxPayment = defineEndpoint({
  method: "POST",
  path: "/api/sandbox/confirm",
  body: sandboxConfirmRequestSchema,
  responses: { 200: sandboxConfirmResponseSchema, ...errors },
});

export const sandboxReversalRequestSchema = z.strictObject({
  paymentId: z.uuid({ message: "Not a payment id" }),
  /** What Stripe would report: charge.refunded (fully) or charge.dispute.created. */
  kind: z.enum(["refunded", "disputed"]),
});
export const sandboxReversalResponseSchema = z.object({
  status: z.enum(paymentStatuses),
  message: z.string(),
});

/**
 * POST /api/sandbox/reverse: the admin refunds or disputes a sandbox payment, as Stripe's
 * charge.refunded and charge.dispute.created would (exists only with the sandbox provider; decision 136).
 */
export const reverseSandboxPayment = defineEndpoint({
  method: "POST",
  path: "/api/sandbox/reverse",
  body: sandboxReversalRequestSchema,
  responses: { 200: sandboxReversalResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...adminErrors },
});

/**
 * POST /api/stripe/webhook: Stripe's events, signed over the raw body (exists only with Stripe
 * configured). Registered apart, without schemas, as the body must stay raw bytes.
 */
export const receiveStripeEvent = defineEndpoint({
  method: "POST",
  path: "/api/stripe/webhook",
  responses: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema },
});

/** GET /api/admin/payments: newest first, by pages, with the payer's name and email (admins only). */
export const listAdminPayments = defineEndpoint({
  method: "GET",
  path: "/api/admin/payments",
  query: adminPaymentsQuerySchema,
  responses: { 200: adminPaymentPageSchema, 400: errorResponseSchema, ...adminErrors },
});

/** GET /api/admin/payments.csv: every payment as a CSV attachment (admins only). */
export const exportPaymentsCsv = defineEndpoint({
  method: "GET",
  path: "/api/admin/payments.csv",
  responses: { 200: streamedBody, ...adminErrors },
  answers: "csv",
});
