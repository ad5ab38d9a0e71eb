import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeConfig } from "../config/config";
import { users } from "../accounts/table";
import { readOutbox } from "../test/mail-outbox";
import { signIn, withSession } from "../test/sign-in";
import { type RecordedStripeRequest, startStripeStandIn } from "../test/stripe-stand-in";
import { useTestApp } from "../test/test-app";
import { payments, subscriptions } from "./table";

const stripeConfig: StripeConfig = {
  secretKey: "sk_test_tabvault",
  publishableKey: "pk_test_tabvault",
  webhookSecret: "whsec_tabvault_test_secret",
  prices: { basic: "price_basic_test", pro: "price_pro_test", premium: "price_premium_test" },
};

let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const endpoint = { host: "127.0.0.1", port: 0, protocol: "http" as const };
beforeAll(async () => {
  standIn = await startStripeStandIn();
  endpoint.port = standIn.endpoint.port;
});
afterAll(() => standIn.close());

describe("the Stripe provider (against a local stand-in for the Stripe API)", () => {
  const server = useTestApp({ stripeEndpoint: endpoint }, { stripe: stripeConfig });
  const last = (path: string): RecordedStripeRequest | undefined => standIn.requests.filter((request) => request.path === path).at(-1);

  it("gives the client the publishable key and the plans' price ids", async () => {
    expect((await server.app.inject({ method: "GET", url: "/api/payments/config" })).json()).toEqual({
      provider: "stripe",
      publishableKey: "pk_test_tabvault",
      priceIds: stripeConfig.prices,
    });
  });

  it("creates a PaymentIntent for the plan's own amount, with an idempotency key from our payment id", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      payload: { amount: 14, planType: "pro", email: "stripe-buyer@example.com" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ provider: "stripe", amountCents: 1400, clientSecret: expect.stringMatching(/^pi_test_\d+_secret_abc$/) });
    const request = last("/v1/payment_intents");
    expect(request?.params).toMatchObject({ amount: "1400", currency: "usd", "metadata[paymentId]": body.paymentId, "metadata[planType]": "pro" });
    expect(request?.headers["idempotency-key"]).toBe(`payment-intent-${body.paymentId}`);
    expect(request?.headers.authorization).toBe("Bearer sk_test_tabvault");
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment).toMatchObject({ status: "processing", provider: "stripe", providerPaymentId: expect.stringMatching(/^pi_test_/) });
  });

  it("creates a subscription on the plan's price for a signed-in person", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "stripe-subscriber@example.com");
    const response = await server.app.inject({
      method: "POST",
      url: "/api/create-subscription",
      payload: { planType: "premium", priceId: "price_premium_test" },
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().clientSecret).toMatch(/^in_test_\d+_secret_abc$/);
    expect(last("/v1/customers")?.params).toMatchObject({ email: "stripe-subscriber@example.com" });
    const created = last("/v1/subscriptions");
    expect(created?.params).toMatchObject({ "items[0][price]": "price_premium_test", payment_behavior: "default_incomplete" });
    expect(created?.headers["idempotency-key"]).toBe(`subscription-${response.json().paymentId}`);
    const [row] = await server.database.db.select().from(subscriptions);
    expect(row).toMatchObject({ planType: "premium", status: "incomplete", providerSubscriptionId: expect.stringMatching(/^sub_test_/) });
  });

  it("answers 502 'Payment setup failed' when Stripe refuses, and records the attempt as failed", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      payload: { amount: 8, planType: "basic", email: "refused@example.com" },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: "Payment setup failed" });
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "refused@example.com"));
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.userId, user!.id));
    expect(payment).toMatchObject({ status: "failed", failureMessage: "The stand-in refuses this customer" });
  });
});

describe("POST /api/stripe/webhook", () => {
  const server = useTestApp({ stripeEndpoint: endpoint }, { stripe: stripeConfig });
  const stripe = new Stripe("sk_test_unused");

  function signed(event: object, secret = stripeConfig.webhookSecret) {
    const payload = JSON.stringify(event);
    return {
      method: "POST" as const,
      url: "/api/stripe/webhook",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    };
  }
  const intentEvent = (id: string, type: string, providerPaymentId: string, extra: object = {}) => ({
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: providerPaymentId, object: "payment_intent", metadata: {}, ...extra } },
  });

  async function startPayment(email: string) {
    const body = (
      await server.app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 14, planType: "pro", email } })
    ).json();
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, body.paymentId));
    return payment!;
  }

  it("upgrades the account on payment_intent.succeeded, once, however often the event is replayed", async () => {
    const payment = await startPayment("hook@example.com");
    const event = intentEvent("evt_succeeded_1", "payment_intent.succeeded", payment.providerPaymentId!);
    const first = await server.app.inject(signed(event));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const replay = await server.app.inject(signed(event));
    expect(replay.statusCode).toBe(200);

    const [user] = await server.database.db.select().from(users).where(eq(users.email, "hook@example.com"));
    expect(user?.planType).toBe("pro");
    const rows = await server.database.db.select().from(payments).where(eq(payments.userId, user!.id));
    expect(rows.map((row) => row.status)).toEqual(["succeeded"]);
    const receipts = (await readOutbox(server.mailDir)).filter((mail) => mail.to.includes("hook@example.com"));
    expect(receipts.filter((mail) => mail.subject === "Your TabVault receipt")).toHaveLength(1);
  });

  it("finds the payment by our id in metadata when the event beats the stored provider id", async () => {
    const payment = await startPayment("early@example.com");
    await server.database.db.update(payments).set({ providerPaymentId: null }).where(eq(payments.id, payment.id));
    await server.app.inject(signed(intentEvent("evt_early", "payment_intent.succeeded", "pi_unknown_yet", { metadata: { paymentId: payment.id } })));
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe("succeeded");
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const payment = await startPayment("forged@example.com");
    const response = await server.app.inject(signed(intentEvent("evt_forged", "payment_intent.succeeded", payment.providerPaymentId!), "whsec_wrong"));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Invalid Stripe signature" });
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe("processing");
    const unsigned = await server.app.inject({ method: "POST", url: "/api/stripe/webhook", payload: { id: "evt_x" } });
    expect(unsigned.statusCode).toBe(400);
  });

  it("records a failed payment, and a late failure never undoes a success", async () => {
    const payment = await startPayment("fails@example.com");
    await server.app.inject(
      signed(intentEvent("evt_fail_1", "payment_intent.payment_failed", payment.providerPaymentId!, { last_payment_error: { message: "Your card was declined." } })),
    );
    let [row] = await server.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    await server.app.inject(signed(intentEvent("evt_ok_2", "payment_intent.succeeded", payment.providerPaymentId!)));
    await server.app.inject(signed(intentEvent("evt_fail_3", "payment_intent.payment_failed", payment.providerPaymentId!)));
    [row] = await server.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe("succeeded");
  });

  it("follows subscription updates in order and returns the account to Free when it is deleted", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "subs@example.com");
    const setup = (
      await server.app.inject({ method: "POST", url: "/api/create-subscription", payload: { planType: "basic" }, ...withSession(cookie) })
    ).json();
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, setup.paymentId));
    await server.app.inject(
      signed({
        id: "evt_invoice_paid",
        object: "event",
        type: "invoice.paid",
        created: 1795000000,
        data: { object: { id: payment!.providerPaymentId, object: "invoice", parent: { subscription_details: { metadata: { paymentId: payment!.id } } } } },
      }),
    );
    const [sub] = await server.database.db.select().from(subscriptions);
    const subscriptionEvent = (id: string, type: string, created: number, changes: object) => ({
      id,
      object: "event",
      type,
      created,
      data: {
        object: {
          id: sub!.providerSubscriptionId,
          object: "subscription",
          status: "active",
          cancel_at_period_end: false,
          metadata: { planType: "basic" },
          items: { object: "list", data: [{ current_period_end: 1797600000 }] },
          ...changes,
        },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    await server.app.inject(signed(subscriptionEvent("evt_sub_new", "customer.subscription.updated", now + 200, { cancel_at_period_end: true })));
    // An older event arriving late does not undo the newer one.
    await server.app.inject(signed(subscriptionEvent("evt_sub_old", "customer.subscription.updated", now + 100, { cancel_at_period_end: false })));
    let [row] = await server.database.db.select().from(subscriptions);
    expect(row).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    let [user] = await server.database.db.select().from(users).where(eq(users.email, "subs@example.com"));
    expect(user?.planType).toBe("basic");

    await server.app.inject(signed(subscriptionEvent("evt_sub_deleted", "customer.subscription.deleted", now + 300, { status: "canceled" })));
    [row] = await server.database.db.select().from(subscriptions);
    expect(row?.status).toBe("canceled");
    [user] = await server.database.db.select().from(users).where(eq(users.email, "subs@example.com"));
    expect(user?.planType).toBe("free");
  });

  it("acknowledges event types it does not handle", async () => {
    const response = await server.app.inject(signed({ id: "evt_other", object: "event", type: "charge.refunded", created: 1, data: { object: {} } }));
    expect(response.statusCode).toBe(200);
    const prototypeName = await server.app.inject(signed({ id: "evt_proto", type: "constructor", created: 1 }));
    expect(prototypeName.statusCode).toBe(200);
  });

  it("refuses a signed event without the fields it reads with 400, and changes nothing", async () => {
    const payment = await startPayment("malformed@example.com");
    const malformed = [
      null,
      [],
      { id: "evt_m1", type: "payment_intent.succeeded", created: 1 },
      { id: "evt_m2", type: "payment_intent.succeeded", created: 1, data: { object: { metadata: {} } } },
      { ...intentEvent("evt_m3", "payment_intent.succeeded", payment.providerPaymentId!), created: undefined },
      { ...intentEvent("evt_m4", "payment_intent.succeeded", payment.providerPaymentId!), created: 1e300 },
      { id: "evt_m5", type: "customer.subscription.updated", created: 1, data: { object: { id: "sub_x", status: 7 } } },
    ];
    for (const event of malformed) {
      const response = await server.app.inject(signed(event as object));
      expect(response.statusCode, JSON.stringify(event)).toBe(400);
      expect(response.json()).toEqual({ message: "Malformed Stripe event" });
    }
    const [row] = await server.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe("processing");
  });
});
