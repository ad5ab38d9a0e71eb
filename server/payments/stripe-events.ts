import { z } from "zod";
import { text } from "@common/api/text";
import { paidPlanTypes } from "@common/plans";

/**
 * The parts of Stripe's events that TabVault reads. A good signature proves who sent an event, not
 * that its body has the shape we expect: a body that does not is refused with 400 instead of
 * failing half-way through with a 500.
 */
// text(): an id is stored, and PostgreSQL refuses a NUL in text (a 500 otherwise, even for a signed event).
const id = text().min(1).max(255);
/** Stripe's Unix timestamps, in seconds. */
const unixSeconds = z.number().int().nonnegative().max(2 ** 32);
/** Our own payment id, echoed back in metadata; anything else is as good as absent. */
const paymentIdMetadata = z
  .object({ paymentId: z.uuid().optional().catch(undefined) })
  .nullish()
  .catch(null);

/** Stripe sends a related object as its id, or expanded as the object itself. */
const reference = z
  .union([id, z.object({ id })])
  .nullish()
  .catch(null)
  .transform((value) => (typeof value === "string" ? value : (value?.id ?? null)));
const cents = z.number().int().nonnegative().max(2 ** 40);

const paymentIntent = z.object({
  id,
  metadata: paymentIdMetadata,
  last_payment_error: z.object({ message: z.string().max(1000).nullish() }).nullish().catch(null),
});

const invoice = z.object({
  id: id.nullish(),
  amount_paid: cents.nullish(),
  currency: z.string().min(3).max(10).nullish().catch(null),
  billing_reason: z.string().max(100).nullish().catch(null),
  parent: z
    .object({ subscription_details: z.object({ subscription: reference, metadata: paymentIdMetadata }).nullish() })
    .nullish()
    .catch(null),
  lines: z
    .object({ data: z.array(z.object({ amount: z.number().int(), pricing: z.object({ price_details: z.object({ price: reference }).nullish() }).nullish() })) })
    .nullish()
    .catch(null),
});

const subscription = z.object({
  id,
  status: z.string().min(1).max(50),
  cancel_at_period_end: z.boolean().default(false),
  metadata: z
    .object({ planType: z.enum(paidPlanTypes).optional().catch(undefined) })
    .nullish()
    .catch(null),
  items: z
    .object({ data: z.array(z.object({ current_period_end: unixSeconds.nullish(), price: reference })) })
    .nullish()
    .catch(null),
});

/** A charge: the PaymentIntent it belongs to, and (in API versions before 2025-03-31) its invoice. */
const charge = z.object({
  id,
  payment_intent: reference,
  invoice: reference.optional(),
  refunded: z.boolean().default(false),
});

const dispute = z.object({
  id,
  charge: reference,
  payment_intent: reference,
  reason: z.string().max(100).nullish().catch(null),
});

const event = <Type extends string, Object extends z.ZodType>(types: readonly Type[], object: Object) =>
  z.object({ id, type: z.enum(types), created: unixSeconds, data: z.object({ object }) });

const handledEvents = {
  "payment_intent.succeeded": event(["payment_intent.succeeded"], paymentIntent),
  "payment_intent.payment_failed": event(["payment_intent.payment_failed"], paymentIntent),
  "invoice.paid": event(["invoice.paid"], invoice),
  "customer.subscription.updated": event(["customer.subscription.updated"], subscription),
  "customer.subscription.deleted": event(["customer.subscription.deleted"], subscription),
  "charge.refunded": event(["charge.refunded"], charge),
  "charge.dispute.created": event(["charge.dispute.created"], dispute),
};

export type StripeEvent = { [Type in keyof typeof handledEvents]: z.infer<(typeof handledEvents)[Type]> }[keyof typeof handledEvents];

/**
 * The event when it is one TabVault handles and has the fields it reads; "ignored" for other types
 * (acknowledged, so Stripe stops sending them); "malformed" for anything else.
 */
export function parseStripeEvent(body: unknown): StripeEvent | "ignored" | "malformed" {
  const envelope = z.object({ id, type: z.string().max(255) }).safeParse(body);
  if (!envelope.success) return "malformed";
  const type = envelope.data.type;
  if (!Object.hasOwn(handledEvents, type)) return "ignored";
  const schema: z.ZodType<StripeEvent> = handledEvents[type as keyof typeof handledEvents];
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : "malformed";
}
