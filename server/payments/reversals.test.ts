import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { systemLogs } from "../system-log/table";
import { signIn, withSession } from "../test/sign-in";
import { testStripeConfig as stripeConfig, useStripeStandIn } from "../test/stripe-stand-in";
import { testAdminEmail, useTestApp } from "../test/test-app";
import { payments, subscriptions } from "./table";

const stripeApi = useStripeStandIn();

describe("refunds and disputes end what the payment bought (Stripe webhooks, decision 136)", () => {
  const server = useTestApp({ stripeEndpoint: stripeApi.endpoint }, { stripe: stripeConfig });
  const stripe = new Stripe("sk_test_unused");
  let clock = Math.floor(Date.parse("2026-11-23T10:00:00Z") / 1000);

  function signed(type: string, object: object, id = `evt_${type}_${(clock += 1)}`) {
    const payload = JSON.stringify({ id, object: "event", type, created: clock, data: { object } });
    return {
      method: "POST" as const,
      url: "/api/stripe/webhook",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: stripeConfig.webhookSecret }) },
    };
  }
  const accountOf = async (email: string) => (await server.database.db.select().from(users).where(eq(users.email, email)))[0]!;
  const paymentRow = async (id: string) => (await server.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const logs = async () => (await server.database.db.select().from(systemLogs)).map((row) => `${row.level}: ${row.message}`);

  /** A paid month of `planType` for `email`, bought with a PaymentIntent. */
  async function paidMonth(email: string, planType: "basic" | "pro") {
    const amount = planType === "pro" ? 14 : 8;
    const { paymentId } = (await server.app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount, planType, email } })).json();
    const payment = await paymentRow(paymentId);
    await server.app.inject(signed("payment_intent.succeeded", { id: payment.providerPaymentId, object: "payment_intent", metadata: {} }));
    return paymentRow(paymentId);
  }

  it("charge.refunded (fully) marks the payment refunded, returns the account to Free and logs it; a replay changes nothing", async () => {
    const payment = await paidMonth("refunded@example.com", "pro");
    expect((await accountOf("refunded@example.com")).planType).toBe("pro");
    const event = signed("charge.refunded", { id: "ch_1", object: "charge", payment_intent: payment.providerPaymentId, refunded: true, amount_refunded: 1400 });
    const response = await server.app.inject(event);
    expect(response.statusCode).toBe(200);
    expect((await paymentRow(payment.id)).status).toBe("refunded");
    expect((await accountOf("refunded@example.com")).planType).toBe("free");
    expect(await logs()).toContainEqual(
      `warning: Payment refunded: Pro $14.00 by refunded@example.com, ${payment.providerPaymentId}; the account is now on Free`,
    );
    const before = (await logs()).length;
    expect((await server.app.inject(event)).statusCode).toBe(200);
    expect((await logs()).length).toBe(before);
  });

  it("a partial refund leaves the plan; a refund of one month leaves what remains paid", async () => {
    const basic = await paidMonth("two-months@example.com", "basic");
    const pro = await paidMonth("two-months@example.com", "pro");
    const partial = signed("charge.refunded", { id: "ch_2", object: "charge", payment_intent: pro.providerPaymentId, refunded: false, amount_refunded: 100 });
    await server.app.inject(partial);
    expect((await paymentRow(pro.id)).status).toBe("succeeded");
    await server.app.inject(signed("charge.refunded", { id: "ch_2", object: "charge", payment_intent: pro.providerPaymentId, refunded: true }));
    expect((await paymentRow(pro.id)).status).toBe("refunded");
    expect((await paymentRow(basic.id)).status).toBe("succeeded");
    expect((await accountOf("two-months@example.com")).planType).toBe("basic");
  });

  it("charge.dispute.created marks the payment disputed and ends the plan, even after a refund", async () => {
    const payment = await paidMonth("disputed@example.com", "pro");
    await server.app.inject(signed("charge.dispute.created", { id: "dp_1", object: "dispute", charge: "ch_3", payment_intent: payment.providerPaymentId, reason: "fraudulent" }));
    expect((await paymentRow(payment.id)).status).toBe("disputed");
    expect((await accountOf("disputed@example.com")).planType).toBe("free");
    expect((await logs()).some((line) => line.startsWith("warning: Payment disputed (dispute: fraudulent): Pro $14.00 by disputed@example.com"))).toBe(true);
  });

  it("a refunded subscription invoice ends the subscription here and at Stripe", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "sub-refund@example.com");
    const setup = (await server.app.inject({ method: "POST", url: "/api/create-subscription", payload: { planType: "basic" }, ...withSession(cookie) })).json();
    const first = await paymentRow(setup.paymentId);
    const [subscription] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, first.userId!));
    await server.app.inject(
      signed("invoice.paid", {
        id: first.providerPaymentId,
        object: "invoice",
        amount_paid: 800,
        currency: "usd",
        billing_reason: "subscription_create",
        parent: { type: "subscription_details", subscription_details: { subscription: subscription!.providerSubscriptionId, metadata: { paymentId: first.id } } },
        lines: { data: [{ amount: 800, pricing: { price_details: { price: "price_basic_test" } } }] },
      }),
    );
    await server.app.inject(
      signed("customer.subscription.updated", {
        id: subscription!.providerSubscriptionId,
        object: "subscription",
        status: "active",
        cancel_at_period_end: false,
        items: { data: [{ current_period_end: clock + 30 * 86400, price: { id: "price_basic_test" } }] },
      }),
    );
    expect((await accountOf("sub-refund@example.com")).planType).toBe("basic");
    await server.app.inject(signed("charge.refunded", { id: "ch_4", object: "charge", payment_intent: "pi_of_invoice", invoice: first.providerPaymentId, refunded: true }));
    expect((await paymentRow(first.id)).status).toBe("refunded");
    expect((await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription!.id)))[0]?.status).toBe("canceled");
    expect((await accountOf("sub-refund@example.com")).planType).toBe("free");
    const ended = stripeApi.standIn.requests.filter((request) => request.method === "DELETE" && request.path === `/v1/subscriptions/${subscription!.providerSubscriptionId}`);
    expect(ended).toHaveLength(1);
  });

  it("a refund of a payment we do not know is acknowledged and changes nothing", async () => {
    const response = await server.app.inject(signed("charge.refunded", { id: "ch_5", object: "charge", payment_intent: "pi_unknown", refunded: true }));
    expect(response.statusCode).toBe(200);
    const malformed = await server.app.inject(signed("charge.refunded", { object: "charge" }));
    expect(malformed.statusCode).toBe(400);
  });
});

describe("the sandbox's refund and dispute, for the admin (decision 136)", () => {
  const server = useTestApp();
  const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };

  it("the admin refunds a sandbox payment: it is refunded and the account is back on Free; others are refused", async () => {
    const setup = (await server.app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 14, planType: "pro", email: "sandbox-refund@example.com" } })).json();
    await server.app.inject({ method: "POST", url: "/api/sandbox/confirm", payload: { clientSecret: setup.clientSecret, card: goodCard } });
    const [user] = await server.database.db.select().from(users).where(eq(users.email, "sandbox-refund@example.com"));
    expect(user?.planType).toBe("pro");

    const signedOut = await server.app.inject({ method: "POST", url: "/api/sandbox/reverse", payload: { paymentId: setup.paymentId, kind: "refunded" } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: expect.any(String) });
    const buyer = await signIn(server.app, server.mailDir, "sandbox-refund@example.com");
    const byBuyer = await server.app.inject({ method: "POST", url: "/api/sandbox/reverse", payload: { paymentId: setup.paymentId, kind: "refunded" }, ...withSession(buyer.cookie) });
    expect(byBuyer.statusCode).toBe(403);

    const admin = await signIn(server.app, server.mailDir, testAdminEmail);
    const reverse = (kind: string, paymentId = setup.paymentId) =>
      server.app.inject({ method: "POST", url: "/api/sandbox/reverse", payload: { paymentId, kind }, ...withSession(admin.cookie) });
    const refunded = await reverse("refunded");
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toEqual({ status: "refunded", message: "Payment refunded" });
    const [after] = await server.database.db.select().from(users).where(eq(users.email, "sandbox-refund@example.com"));
    expect(after?.planType).toBe("free");
    expect((await reverse("refunded")).json()).toEqual({ message: "Only a succeeded payment can be refunded; this one is refunded" });
    expect((await reverse("disputed")).json().status).toBe("disputed");
    expect((await reverse("refunded", "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await reverse("chargeback")).statusCode).toBe(400);
    const oversized = await reverse("refunded", "x".repeat(100_000));
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json()).toEqual({ message: expect.stringContaining("Not a payment id") });
  });
});
