import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { readOutbox } from "../test/mail-outbox";
import { signIn, withSession } from "../test/sign-in";
import { type RecordedStripeRequest, testStripeConfig as stripeConfig, useStripeStandIn } from "../test/stripe-stand-in";
import { testAdminEmail, useTestApp } from "../test/test-app";
import { payments, subscriptions } from "./table";


const stripeApi = useStripeStandIn();
const { endpoint } = stripeApi;

describe("the Stripe provider (against a local stand-in for the Stripe API)", () => {
  const server = useTestApp({ stripeEndpoint: endpoint }, { stripe: stripeConfig });
  const last = (path: string): RecordedStripeRequest | undefined => stripeApi.standIn.requests.filter((request) => request.path === path).at(-1);

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
        data: {
          object: {
            id: payment!.providerPaymentId,
            object: "invoice",
            billing_reason: "subscription_create",
            amount_paid: 800,
            currency: "usd",
            parent: { subscription_details: { subscription: "sub_unused", metadata: { paymentId: payment!.id } } },
          },
        },
      }),
    );
    const [sub] = await server.database.db.select().from(subscriptions);
    // The paid first invoice activates the subscription; its plan reaches the account with the subscription's event.
    expect(sub?.status).toBe("active");
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

  /** A signed-in person with an active Stripe subscription, as the webhook events leave it. */
  async function subscriber(email: string, planType: "basic" | "pro" | "premium") {
    const { cookie } = await signIn(server.app, server.mailDir, email);
    const setup = (await server.app.inject({ method: "POST", url: "/api/create-subscription", payload: { planType }, ...withSession(cookie) })).json();
    const [firstPayment] = await server.database.db.select().from(payments).where(eq(payments.id, setup.paymentId));
    const [subscription] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, firstPayment!.userId!));
    await server.app.inject(signed(invoiceEvent(`evt_first_${email}`, firstPayment!.providerPaymentId!, subscription!.providerSubscriptionId, "subscription_create", 1400, stripeConfig.prices[planType], firstPayment!.id)));
    await server.app.inject(signed(subscriptionUpdated(`evt_active_${email}`, subscription!.providerSubscriptionId, stripeConfig.prices[planType], 10)));
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.planType).toBe(planType);
    return { cookie, user: user!, subscription: subscription!, firstPayment: firstPayment! };
  }
  const invoiceEvent = (id: string, invoiceId: string, subscriptionId: string, billingReason: string, amountPaid: number, price: string, firstPaymentId: string) => ({
    id,
    object: "event",
    type: "invoice.paid",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: invoiceId,
        object: "invoice",
        billing_reason: billingReason,
        amount_paid: amountPaid,
        currency: "usd",
        // The subscription's metadata still names its first payment on every later invoice.
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: { paymentId: firstPaymentId, planType: "basic" } } },
        lines: { object: "list", data: [{ id: "il_1", object: "line_item", amount: amountPaid, pricing: { type: "price_details", price_details: { price, product: "prod_1" } } }] },
      },
    },
  });
  const subscriptionUpdated = (id: string, subscriptionId: string, price: string, secondsLater: number, changes: object = {}) => ({
    id,
    object: "event",
    type: "customer.subscription.updated",
    created: Math.floor(Date.now() / 1000) + secondsLater,
    data: {
      object: {
        id: subscriptionId,
        object: "subscription",
        status: "active",
        cancel_at_period_end: false,
        // Stale metadata: the price is what says the plan.
        metadata: { planType: "basic" },
        items: { object: "list", data: [{ id: "si_x", current_period_end: 1798000000, price: { id: price, object: "price" } }] },
        ...changes,
      },
    },
  });
  const paymentsOf = (userId: string) => server.database.db.select().from(payments).where(eq(payments.userId, userId));

  it("moves a subscriber to another plan: the item gets the new price, prorated, paid with the card form", async () => {
    const { cookie, user, subscription } = await subscriber("upgrader@example.com", "basic");
    stripeApi.standIn.settings.planChangeInvoice = "requires_payment";
    stripeApi.standIn.settings.planChangeAmountCents = 300;
    const response = await server.app.inject({ method: "POST", url: "/api/create-subscription", payload: { planType: "pro", priceId: "price_pro_test" }, ...withSession(cookie) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: "requires_payment", provider: "stripe", amountCents: 300, clientSecret: expect.stringMatching(/^in_test_\d+_secret_abc$/) });
    const update = stripeApi.standIn.requests.filter((request) => request.method === "POST" && request.path === `/v1/subscriptions/${subscription.providerSubscriptionId}`).at(-1);
    expect(update?.params).toMatchObject({
      "items[0][id]": expect.stringMatching(/^si_/),
      "items[0][price]": "price_pro_test",
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
      "metadata[planType]": "pro",
    });
    expect(update?.headers["idempotency-key"]).toBe(`subscription-change-${body.paymentId}`);
    const [pending] = await server.database.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(pending).toMatchObject({ status: "processing", kind: "subscription", planType: "pro", amountCents: 300, subscriptionId: subscription.id });
    // Not Pro before Stripe says the invoice is paid and the subscription moved.
    expect((await server.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.planType).toBe("basic");

    await server.app.inject(signed(invoiceEvent("evt_change_paid", pending!.providerPaymentId!, subscription.providerSubscriptionId, "subscription_update", 300, "price_pro_test", "first")));
    await server.app.inject(signed(subscriptionUpdated("evt_change_applied", subscription.providerSubscriptionId, "price_pro_test", 20)));
    expect((await server.database.db.select().from(payments).where(eq(payments.id, body.paymentId)))[0]?.status).toBe("succeeded");
    expect((await server.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.planType).toBe("pro");
    expect((await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)))[0]?.planType).toBe("pro");
    expect((await paymentsOf(user.id)).map((payment) => payment.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("a plan change paid with the saved card needs no form, and its invoice is recorded when Stripe says it is paid", async () => {
    const { cookie, user, subscription } = await subscriber("saved-card@example.com", "pro");
    stripeApi.standIn.settings.planChangeInvoice = "paid";
    stripeApi.standIn.settings.planChangeAmountCents = 250;
    const response = await server.app.inject({ method: "POST", url: "/api/create-subscription", payload: { planType: "premium" }, ...withSession(cookie) });
    expect(response.json()).toEqual({ status: "succeeded", provider: "stripe", amountCents: 250 });
    expect(await paymentsOf(user.id)).toHaveLength(1);

    const paid = invoiceEvent("evt_saved_card_invoice", "in_saved_card", subscription.providerSubscriptionId, "subscription_update", 250, "price_premium_test", "first");
    await server.app.inject(signed(paid));
    await server.app.inject(signed(subscriptionUpdated("evt_saved_card_sub", subscription.providerSubscriptionId, "price_premium_test", 20)));
    const rows = await paymentsOf(user.id);
    expect(rows.find((row) => row.providerPaymentId === "in_saved_card")).toMatchObject({ status: "succeeded", planType: "premium", amountCents: 250, kind: "subscription", subscriptionId: subscription.id });
    expect((await server.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.planType).toBe("premium");
  });

  it("records every renewal invoice as a payment of its own, once, and counts it in the month's revenue", async () => {
    const { user, subscription, firstPayment } = await subscriber("renews@example.com", "basic");
    const admin = await signIn(server.app, server.mailDir, testAdminEmail);
    const revenue = async () => (await server.app.inject({ method: "GET", url: "/api/admin/stats", ...withSession(admin.cookie) })).json().monthlyRevenue as number;
    const before = await revenue();

    const renewal = invoiceEvent("evt_renewal_1", "in_renewal_1", subscription.providerSubscriptionId, "subscription_cycle", 800, "price_basic_test", firstPayment.id);
    expect((await server.app.inject(signed(renewal))).statusCode).toBe(200);
    expect((await server.app.inject(signed(renewal))).statusCode).toBe(200);
    // The same invoice under another event id (Stripe may send one twice) is still one payment.
    await server.app.inject(signed({ ...renewal, id: "evt_renewal_1_again" }));

    const rows = await paymentsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.providerPaymentId === "in_renewal_1")).toMatchObject({ status: "succeeded", planType: "basic", amountCents: 800, kind: "subscription", provider: "stripe" });
    expect((await server.database.db.select().from(payments).where(eq(payments.id, firstPayment.id)))[0]?.providerPaymentId).toBe(firstPayment.providerPaymentId);
    expect(await revenue()).toBe(before + 8);
    const receipts = (await readOutbox(server.mailDir)).filter((mail) => mail.to.includes("renews@example.com") && mail.subject === "Your TabVault receipt");
    expect(receipts).toHaveLength(2);
  });

  it("a one-time month of Pro is not taken back by the Basic subscription's next update", async () => {
    const { user, subscription } = await subscriber("best-of@example.com", "basic");
    const setup = (await server.app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 14, planType: "pro", email: "best-of@example.com" } })).json();
    const [oneTime] = await server.database.db.select().from(payments).where(eq(payments.id, setup.paymentId));
    await server.app.inject(signed(intentEvent("evt_best_of_pro", "payment_intent.succeeded", oneTime!.providerPaymentId!)));
    let [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.planType).toBe("pro");
    expect(row?.planExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 60 * 60_000);

    await server.app.inject(signed(subscriptionUpdated("evt_best_of_basic", subscription.providerSubscriptionId, "price_basic_test", 30)));
    [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.planType).toBe("pro");
    await server.app.inject(signed(subscriptionUpdated("evt_best_of_deleted", subscription.providerSubscriptionId, "price_basic_test", 40, { status: "canceled" })));
    [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.planType).toBe("pro");
  });

  it("acknowledges event types it does not handle", async () => {
    const response = await server.app.inject(signed({ id: "evt_other", object: "event", type: "charge.captured", created: 1, data: { object: {} } }));
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
