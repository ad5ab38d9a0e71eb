import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../accounts/table";
import { systemLogs } from "../system-log/table";
import { readOutbox } from "../test/mail-outbox";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { payments, subscriptions } from "./table";

const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };

function fakeClock() {
  let now = new Date("2026-11-23T10:00:00Z").getTime();
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe("payments in the sandbox (no Stripe key, not production)", () => {
  const time = fakeClock();
  const server = useTestApp({ clock: time.clock });
  const post = (url: string, payload: object, cookie?: string) =>
    server.app.inject({ method: "POST", url, payload, ...(cookie ? withSession(cookie) : {}) });
  const userByEmail = async (email: string) =>
    (await server.database.db.select().from(users).where(eq(users.email, email)))[0];

  it("says the sandbox is the provider, with its price ids", async () => {
    const config = (await server.app.inject({ method: "GET", url: "/api/payments/config" })).json();
    expect(config).toEqual({
      provider: "sandbox",
      publishableKey: null,
      priceIds: { basic: "sandbox_price_basic", pro: "sandbox_price_pro", premium: "sandbox_price_premium" },
    });
  });

  it("a visitor pays for Pro with 4242…: the account is created on Pro, logged, and a receipt is mailed", async () => {
    const setup = await post("/api/create-payment-intent", { amount: 14, planType: "pro", email: "Buyer@Example.com" });
    expect(setup.statusCode).toBe(200);
    const { clientSecret, paymentId, provider, amountCents } = setup.json();
    expect({ provider, amountCents }).toEqual({ provider: "sandbox", amountCents: 1400 });
    expect(clientSecret).toMatch(/^sandbox_pi_[0-9a-f-]{36}_secret_/);

    const confirm = await post("/api/sandbox/confirm", { clientSecret, card: goodCard });
    expect(confirm.json()).toEqual({ status: "succeeded", message: "Payment succeeded", planType: "pro" });
    expect((await userByEmail("buyer@example.com"))?.planType).toBe("pro");
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 1400, provider: "sandbox", kind: "one_time", email: "buyer@example.com" });
    const logs = await server.database.db.select().from(systemLogs);
    expect(logs.some((log) => log.level === "success" && log.message.includes("buyer@example.com"))).toBe(true);
    const receipts = (await readOutbox(server.mailDir)).filter((mail) => mail.subject === "Your TabVault receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("$14.00");

    // Confirming again changes nothing and mails nothing.
    const again = await post("/api/sandbox/confirm", { clientSecret, card: goodCard });
    expect(again.json().status).toBe("succeeded");
    expect((await readOutbox(server.mailDir)).filter((mail) => mail.subject === "Your TabVault receipt")).toHaveLength(1);
  });

  it("a declined card is recorded as failed with Stripe's message, and another card can then succeed", async () => {
    const { clientSecret, paymentId } = (await post("/api/create-payment-intent", { amount: 8, planType: "basic", email: "declined@example.com" })).json();
    const declined = await post("/api/sandbox/confirm", { clientSecret, card: { ...goodCard, number: "4000000000000002" } });
    expect(declined.json()).toEqual({ status: "failed", message: "Your card was declined.", planType: "basic" });
    const [failed] = await server.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(failed).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    expect((await userByEmail("declined@example.com"))?.planType).toBe("free");

    const poor = await post("/api/sandbox/confirm", { clientSecret, card: { ...goodCard, number: "4000000000009995" } });
    expect(poor.json().message).toBe("Your card has insufficient funds.");

    expect((await post("/api/sandbox/confirm", { clientSecret, card: goodCard })).json().status).toBe("succeeded");
    expect((await userByEmail("declined@example.com"))?.planType).toBe("basic");
  });

  it.each([
    [{ number: "4242 4242 4242 4241" }, "Your card number is invalid."],
    [{ number: "1234" }, "Your card number is invalid."],
    [{ expMonth: 13 }, "Your card's expiration month is invalid."],
    [{ expMonth: 10, expYear: 2026 }, "Your card's expiration date is in the past."],
    [{ cvc: "12" }, "Your card's security code is incomplete."],
  ])("refuses card input %j with 400: %s", async (change, message) => {
    const { clientSecret } = (await post("/api/create-payment-intent", { amount: 20, planType: "premium", email: "typo@example.com" })).json();
    const response = await post("/api/sandbox/confirm", { clientSecret, card: { ...goodCard, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it("refuses a forged client secret", async () => {
    const response = await post("/api/sandbox/confirm", {
      clientSecret: "sandbox_pi_00000000-0000-4000-8000-000000000000_secret_forged",
      card: goodCard,
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ["a tampered amount", { amount: 1, planType: "pro", email: "x@example.com" }, 400, /amount 1 does not match the Pro plan \(\$14 a month\)/],
    ["an unknown plan", { amount: 14, planType: "gold", email: "x@example.com" }, 400, /planType must be basic, pro or premium/],
    ["no email while signed out", { amount: 14, planType: "pro" }, 400, /body\.email/],
    ["a bad email", { amount: 14, planType: "pro", email: "nobody" }, 400, /body\.email/],
    ["an amount as text", { amount: "14", planType: "pro", email: "x@example.com" }, 400, /body\.amount/],
  ])("refuses %s, writing nothing", async (_label, payload, status, message) => {
    const before = (await server.database.db.select().from(payments)).length;
    const response = await post("/api/create-payment-intent", payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
    expect((await server.database.db.select().from(payments)).length).toBe(before);
  });

  it("refuses a subscription while signed out with 401", async () => {
    const response = await post("/api/create-subscription", { planType: "basic", priceId: null });
    expect(response.statusCode).toBe(401);
  });

  it("a signed-in person subscribes to Basic, cancels, and returns to Free when the period ends", async () => {
    const { cookie } = await signIn(server.app, server.mailDir, "subscriber@example.com");
    const wrongPrice = await post("/api/create-subscription", { planType: "basic", priceId: "sandbox_price_pro" }, cookie);
    expect(wrongPrice.statusCode).toBe(400);

    const setup = await post("/api/create-subscription", { planType: "basic", priceId: "sandbox_price_basic" }, cookie);
    expect(setup.statusCode).toBe(200);
    await post("/api/sandbox/confirm", { clientSecret: setup.json().clientSecret, card: goodCard });
    const me = await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) });
    expect(me.json().planType).toBe("basic");
    const current = (await server.app.inject({ method: "GET", url: "/api/subscription", ...withSession(cookie) })).json();
    expect(current.subscription).toEqual({
      planType: "basic",
      status: "active",
      currentPeriodEnd: "2026-12-23T10:00:00.000Z",
      cancelAtPeriodEnd: false,
    });

    expect(me.json().planExpiresAt).toBeNull();

    const twice = await post("/api/create-subscription", { planType: "basic" }, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: "You already have an active Basic subscription" });

    const cancelled = await post("/api/subscription/cancel", {}, cookie);
    expect(cancelled.json().subscription.cancelAtPeriodEnd).toBe(true);
    // The plan now ends with the period.
    expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) })).json()).toMatchObject({
      planType: "basic",
      planExpiresAt: "2026-12-23T10:00:00.000Z",
    });

    time.advance(31 * 24 * 60 * 60_000);
    // Sessions last 30 days, so the person signs in again a month later.
    const later = await signIn(server.app, server.mailDir, "subscriber@example.com");
    expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(later.cookie) })).json()).toMatchObject({
      planType: "free",
      planExpiresAt: null,
    });
    const [row] = await server.database.db.select().from(subscriptions);
    expect(row?.status).toBe("canceled");
  });
});

describe("payments in production without Stripe", () => {
  const server = useTestApp({}, { nodeEnv: "production" });

  it("answer 503 'Stripe not configured' and offer no sandbox", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      payload: { amount: 14, planType: "pro", email: "x@example.com" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: "Stripe not configured" });
    expect((await server.app.inject({ method: "GET", url: "/api/payments/config" })).json().provider).toBe("unavailable");
    const sandbox = await server.app.inject({ method: "POST", url: "/api/sandbox/confirm", payload: {} });
    expect(sandbox.statusCode).toBe(404);
  });
});

describe("payments of a demo server that asked for the stand-ins, and of a real site without them", () => {
  const demo = useTestApp({}, { publicUrl: "https://demo.tabvault.example", standIns: "allowed" });
  const real = useTestApp({}, { publicUrl: "https://tabvault.example", standIns: "off" });

  it("the sandbox runs only when the stand-ins may: a site with them off never sells a plan for a test card", async () => {
    expect((await demo.app.inject({ method: "GET", url: "/api/payments/config" })).json().provider).toBe("sandbox");
    expect((await real.app.inject({ method: "GET", url: "/api/payments/config" })).json().provider).toBe("unavailable");
    const started = await real.app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 14, planType: "pro", email: "x@example.com" } });
    expect(started.statusCode).toBe(503);
    expect((await real.app.inject({ method: "POST", url: "/api/sandbox/confirm", payload: {} })).statusCode).toBe(404);
  });
});
