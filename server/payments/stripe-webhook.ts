import type { FastifyPluginAsync } from "fastify";
import type { ErrorResponse } from "@common/api/errors";
import { receiveStripeEvent } from "@common/api/payments";
import { paidPlanTypes, type PaidPlanType } from "@common/plans";
import type { StripeConfig } from "../config/config";
import type { Database } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { invoicePaid, type OutcomeContext, paymentFailed, paymentReversed, paymentSucceeded, subscriptionChanged } from "./outcomes";
import { endSubscriptionAfterReversal } from "./reversals";
import type { PaymentProvider } from "./provider";
import { parseStripeEvent, type StripeEvent } from "./stripe-events";
import { createStripeClient } from "./stripe-provider";

export const stripeWebhookPath = receiveStripeEvent.path;

export interface StripeWebhookOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  stripe: StripeConfig;
  /** Stops a subscription whose payment was refunded or disputed. */
  provider: PaymentProvider;
}

const asPlan = (value: unknown): PaidPlanType | undefined =>
  paidPlanTypes.includes(value as PaidPlanType) ? (value as PaidPlanType) : undefined;

/** Our plan for one of the configured Stripe prices. */
function planOfPrice(prices: StripeConfig["prices"], priceId: string | null | undefined): PaidPlanType | undefined {
  if (!priceId) return undefined;
  return paidPlanTypes.find((plan) => prices[plan] === priceId);
}

/** The plan an invoice charges for: its largest line on one of our prices (a plan change credits the old one). */
type Invoice = Extract<StripeEvent, { type: "invoice.paid" }>["data"]["object"];

function planOfInvoice(prices: StripeConfig["prices"], invoice: Invoice): PaidPlanType | undefined {
  const lines = [...(invoice.lines?.data ?? [])].sort((a, b) => b.amount - a.amount);
  for (const line of lines) {
    const plan = planOfPrice(prices, line.pricing?.price_details?.price);
    if (plan) return plan;
  }
  return undefined;
}

/**
 * Stripe's events, verified by the Stripe-Signature over the raw body. Registered in its own
 * encapsulated plugin so only this route reads JSON as raw bytes. Every handler records the event id
 * in the same transaction as its effect, so a replay changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookOptions> = async (app, options) => {
  const stripe = createStripeClient(options.stripe.secretKey);
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(stripeWebhookPath, async (request, reply) => {
    const signature = request.headers["stripe-signature"];
    if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
      return reply.code(400).send({ message: "Missing Stripe-Signature or body" } satisfies ErrorResponse);
    }
    let signed: unknown;
    try {
      signed = stripe.webhooks.constructEvent(request.body, signature, options.stripe.webhookSecret);
    } catch {
      request.log.warn("stripe webhook with a bad signature");
      return reply.code(400).send({ message: "Invalid Stripe signature" } satisfies ErrorResponse);
    }
    const event = parseStripeEvent(signed);
    if (event === "malformed") {
      request.log.warn("stripe webhook event without the fields TabVault reads");
      return reply.code(400).send({ message: "Malformed Stripe event" } satisfies ErrorResponse);
    }
    if (event !== "ignored") {
      const context: OutcomeContext = { db: options.db, mailer: options.mailer, publicUrl: options.publicUrl, log: request.log, now: app.clock() };
      await handleEvent(context, options.stripe.prices, event, options.provider);
    }
    return { received: true };
  });
};

async function handleEvent(context: OutcomeContext, prices: StripeConfig["prices"], event: StripeEvent, provider: PaymentProvider): Promise<void> {
  switch (event.type) {
    case "charge.refunded": {
      const charge = event.data.object;
      // A partial refund leaves what was bought in place; it is only logged by Stripe's dashboard.
      if (!charge.refunded) return;
      const ids = [charge.payment_intent, charge.invoice ?? null].filter((value): value is string => typeof value === "string");
      await endSubscriptionAfterReversal(context, provider, await paymentReversed(context, { eventId: event.id, providerPaymentIds: ids, kind: "refunded" }));
      return;
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const ids = [dispute.payment_intent].filter((value): value is string => typeof value === "string");
      const reversal = { eventId: event.id, providerPaymentIds: ids, kind: "disputed" as const, reason: dispute.reason ? `dispute: ${dispute.reason}` : "dispute" };
      await endSubscriptionAfterReversal(context, provider, await paymentReversed(context, reversal));
      return;
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      await paymentSucceeded(context, { providerPaymentId: intent.id, paymentId: intent.metadata?.paymentId, eventId: event.id });
      return;
    }
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      await paymentFailed(context, {
        providerPaymentId: intent.id,
        paymentId: intent.metadata?.paymentId,
        eventId: event.id,
        message: intent.last_payment_error?.message ?? "The payment failed",
      });
      return;
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      if (!invoice.id) return;
      const details = invoice.parent?.subscription_details;
      await invoicePaid(context, {
        eventId: event.id,
        invoiceId: invoice.id,
        providerSubscriptionId: details?.subscription ?? null,
        amountPaidCents: invoice.amount_paid ?? 0,
        currency: invoice.currency ?? "usd",
        planType: planOfInvoice(prices, invoice),
        // The subscription's metadata keeps naming its first payment on every later invoice.
        firstPaymentId: invoice.billing_reason === "subscription_create" ? details?.metadata?.paymentId : null,
      });
      return;
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const periodEnd = subscription.items?.data?.[0]?.current_period_end;
      await subscriptionChanged(context, {
        eventId: event.id,
        providerSubscriptionId: subscription.id,
        status: event.type === "customer.subscription.deleted" ? "canceled" : subscription.status,
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        changedAt: new Date(event.created * 1000),
        // The price says the plan; metadata is only a fallback for a price we do not know.
        planType: planOfPrice(prices, subscription.items?.data?.[0]?.price) ?? asPlan(subscription.metadata?.planType),
      });
      return;
    }
  }
}
