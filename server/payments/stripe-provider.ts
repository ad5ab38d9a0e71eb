import Stripe from "stripe";
import type { PaidPlanType } from "@common/plans";
import type { StripeConfig } from "../config/config";
import { type PaymentProvider, ProviderError } from "./provider";

/** Where the SDK sends requests; tests point it at a local stand-in for api.stripe.com. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: "http" | "https";
}

export function createStripeClient(secretKey: string, endpoint?: StripeEndpoint): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(endpoint ?? {}),
  });
}

/**
 * Stripe: PaymentIntents for one-time payments, Subscriptions for plans. Every create carries an
 * idempotency key derived from our own payment id, so a retried request never charges twice.
 */
export function createStripeProvider(config: StripeConfig, endpoint?: StripeEndpoint): PaymentProvider {
  const stripe = createStripeClient(config.secretKey, endpoint);
  const priceIds: Record<PaidPlanType, string> = config.prices;
  return {
    name: "stripe",
    priceIds,
    publishableKey: config.publishableKey,

    async createPaymentIntent({ paymentId, amountCents, email, planType }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: "usd",
            receipt_email: email,
            automatic_payment_methods: { enabled: true },
            description: `TabVault ${planType} plan`,
            metadata: { paymentId, planType },
          },
          { idempotencyKey: `payment-intent-${paymentId}` },
        ),
      );
      if (!intent.client_secret) throw new ProviderError("Stripe returned a PaymentIntent without a client secret");
      return { clientSecret: intent.client_secret, providerPaymentId: intent.id };
    },

    async createSubscription({ paymentId, userId, email, planType, existingCustomerId }) {
      const customerId =
        existingCustomerId ??
        (
          await call(() =>
            stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${paymentId}` }),
          )
        ).id;
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceIds[planType] }],
            payment_behavior: "default_incomplete",
            payment_settings: { save_default_payment_method: "on_subscription" },
            expand: ["latest_invoice.confirmation_secret"],
            metadata: { paymentId, planType, userId },
          },
          { idempotencyKey: `subscription-${paymentId}` },
        ),
      );
      const invoice = subscription.latest_invoice;
      if (!invoice || typeof invoice === "string" || !invoice.id || !invoice.confirmation_secret?.client_secret) {
        throw new ProviderError("Stripe returned a subscription without a payable first invoice");
      }
      const periodEnd = subscription.items.data[0]?.current_period_end;
      return {
        clientSecret: invoice.confirmation_secret.client_secret,
        providerPaymentId: invoice.id,
        providerSubscriptionId: subscription.id,
        providerCustomerId: customerId,
        status: subscription.status,
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      };
    },

    async changeSubscriptionPlan({ paymentId, subscription, planType }) {
      const current = await call(() => stripe.subscriptions.retrieve(subscription.providerSubscriptionId));
      const item = current.items.data[0];
      if (!item) throw new ProviderError("Stripe returned a subscription without an item");
      // The difference is invoiced at once; with pending_if_incomplete the new price applies only
      // once that invoice is paid, so a declined card leaves the subscription as it was.
      const updated = await call(() =>
        stripe.subscriptions.update(
          subscription.providerSubscriptionId,
          {
            items: [{ id: item.id, price: priceIds[planType] }],
            proration_behavior: "always_invoice",
            payment_behavior: "pending_if_incomplete",
            metadata: { planType },
            expand: ["latest_invoice.confirmation_secret"],
          },
          { idempotencyKey: `subscription-change-${paymentId}` },
        ),
      );
      const invoice = updated.latest_invoice;
      if (!invoice || typeof invoice === "string" || !invoice.id) throw new ProviderError("Stripe returned a plan change without its invoice");
      if (invoice.status === "paid" || invoice.amount_due <= 0) return { status: "succeeded", amountCents: invoice.amount_paid };
      if (!invoice.confirmation_secret?.client_secret) throw new ProviderError("Stripe returned a plan change invoice that cannot be paid");
      return {
        status: "requires_payment",
        clientSecret: invoice.confirmation_secret.client_secret,
        providerPaymentId: invoice.id,
        amountCents: invoice.amount_due,
      };
    },

    async cancelSubscription(providerSubscriptionId) {
      await call(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }));
    },
    async endSubscriptionNow(providerSubscriptionId) {
      await call(() => stripe.subscriptions.cancel(providerSubscriptionId));
    },
  };
}

/** Stripe's own errors become ProviderError with its message; the route answers 502 with it. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new ProviderError(error.message, { cause: error });
    throw error;
  }
}
