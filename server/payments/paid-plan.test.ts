import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { UserRow } from "../accounts/table";
import { users } from "../accounts/table";
import type { Database } from "../db/database";
import { systemLogs } from "../system-log/table";
import { signIn, withSession } from "../test/sign-in";
import { useTestApp } from "../test/test-app";
import { addMonths, bestPaidPeriod, lapseExpiredPlan, oneMonthAfter } from "./paid-plan";
import { proratedDifferenceCents } from "./sandbox-provider";
import { payments, subscriptions } from "./table";

const goodCard = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };
const declinedCard = { ...goodCard, number: "4000 0000 0000 0002" };
const day = 24 * 60 * 60_000;

function fakeClock(start = "2026-11-23T10:00:00Z") {
  let now = new Date(start).getTime();
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms), set: (iso: string) => void (now = new Date(iso).getTime()) };
}

describe("the rules of a paid plan", () => {
  const at = (iso: string) => new Date(iso);

  it("chooses the highest plan paid for, and between two periods of one plan the longer", () => {
    expect(bestPaidPeriod([])).toBeNull();
    expect(bestPaidPeriod([{ planType: "basic", endsAt: null }, { planType: "pro", endsAt: at("2026-12-01T00:00:00Z") }])).toEqual({ planType: "pro", endsAt: at("2026-12-01T00:00:00Z") });
    expect(bestPaidPeriod([{ planType: "pro", endsAt: at("2026-12-01T00:00:00Z") }, { planType: "pro", endsAt: at("2027-01-01T00:00:00Z") }])?.endsAt).toEqual(at("2027-01-01T00:00:00Z"));
    // A subscription that renews outlasts any date.
    expect(bestPaidPeriod([{ planType: "pro", endsAt: at("2027-01-01T00:00:00Z") }, { planType: "pro", endsAt: null }])?.endsAt).toBeNull();
    expect(bestPaidPeriod([{ planType: "premium", endsAt: at("2026-11-30T00:00:00Z") }, { planType: "pro", endsAt: null }])?.planType).toBe("premium");
  });

  it.each([
    ["2026-11-23T10:00:00.000Z", 1, "2026-12-23T10:00:00.000Z"],
    ["2026-01-31T08:00:00.000Z", 1, "2026-02-28T08:00:00.000Z"],
    ["2028-01-31T08:00:00.000Z", 1, "2028-02-29T08:00:00.000Z"],
    ["2026-12-31T23:00:00.000Z", 1, "2027-01-31T23:00:00.000Z"],
    ["2026-03-31T00:00:00.000Z", -1, "2026-02-28T00:00:00.000Z"],
  ])("%s plus %i month(s) is %s", (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });

  it("prorates a plan change over the part of the month left", () => {
    const subscription = { planType: "basic" as const, currentPeriodEnd: at("2026-12-23T10:00:00Z") };
    expect(proratedDifferenceCents(subscription, "pro", at("2026-11-23T10:00:00Z"))).toBe(600);
    expect(proratedDifferenceCents(subscription, "pro", at("2026-12-08T10:00:00Z"))).toBe(300);
    expect(proratedDifferenceCents(subscription, "premium", at("2026-12-08T10:00:00Z"))).toBe(600);
    expect(proratedDifferenceCents({ ...subscription, planType: "pro" }, "basic", at("2026-12-08T10:00:00Z"))).toBe(-300);
    expect(proratedDifferenceCents(subscription, "pro", at("2026-12-24T10:00:00Z"))).toBe(0);
  });

  it("checks a running plan in memory only: an account whose plan has not ended costs no query", async () => {
    const untouchable = new Proxy({}, {
      get() {
        throw new Error("the database was used");
      },
    }) as Database;
    const now = at("2026-11-23T10:00:00Z");
    const user = { id: "u", email: "u@example.com", planType: "pro", planExpiresAt: at("2026-11-23T10:00:01Z") } as UserRow;
    expect(await lapseExpiredPlan(untouchable, user, now)).toBe(user);
    const renewing = { ...user, planExpiresAt: null };
    expect(await lapseExpiredPlan(untouchable, renewing, now)).toBe(renewing);
    await expect(lapseExpiredPlan(untouchable, { ...user, planExpiresAt: now }, now)).rejects.toThrow("the database was used");
  });

  it("one month after is the next month's same day", () => {
    expect(oneMonthAfter(at("2026-11-23T10:00:00Z")).toISOString()).toBe("2026-12-23T10:00:00.000Z");
  });
});

describe("one-time months and plan changes in the sandbox", () => {
  const time = fakeClock();
  const server = useTestApp({ clock: time.clock });
  const post = (url: string, payload: object, cookie?: string) =>
    server.app.inject({ method: "POST", url, payload, ...(cookie ? withSession(cookie) : {}) });
  const account = async (email: string) => (await server.database.db.select().from(users).where(eq(users.email, email)))[0]!;
  const buyOneMonth = async (email: string, planType: "basic" | "pro" | "premium", amount: number) => {
    const setup = (await post("/api/create-payment-intent", { amount, planType, email })).json();
    expect((await post("/api/sandbox/confirm", { clientSecret: setup.clientSecret, card: goodCard })).json().status).toBe("succeeded");
    return setup.paymentId as string;
  };
  const subscribe = async (cookie: string, planType: "basic" | "pro" | "premium") => {
    const setup = await post("/api/create-subscription", { planType }, cookie);
    expect(setup.json().status).toBe("requires_payment");
    expect((await post("/api/sandbox/confirm", { clientSecret: setup.json().clientSecret, card: goodCard })).json().status).toBe("succeeded");
  };

  it("a one-time month ends a month later; a second one starts where the first ends; the plan lapses for devices too", async () => {
    time.set("2026-11-23T10:00:00Z");
    const first = await buyOneMonth("monthly@example.com", "pro", 14);
    let row = await account("monthly@example.com");
    expect(row).toMatchObject({ planType: "pro", planExpiresAt: new Date("2026-12-23T10:00:00Z") });
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, first));
    expect(payment?.periodEnd).toEqual(new Date("2026-12-23T10:00:00Z"));

    time.advance(5 * day);
    await buyOneMonth("monthly@example.com", "pro", 14);
    row = await account("monthly@example.com");
    expect(row.planExpiresAt).toEqual(new Date("2027-01-23T10:00:00Z"));

    const { cookie } = await signIn(server.app, server.mailDir, "monthly@example.com");
    expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(cookie) })).json()).toMatchObject({
      planType: "pro",
      planExpiresAt: "2027-01-23T10:00:00.000Z",
    });
    const { token } = (await post("/api/device-tokens", { name: "Pixel" }, cookie)).json();
    const statsByDevice = () => server.app.inject({ method: "GET", url: "/api/user/stats", headers: { authorization: `Bearer ${token}` } });

    time.set("2027-01-23T09:59:59Z");
    expect((await statsByDevice()).json().planStatus).toBe("Pro plan");
    time.set("2027-01-23T10:00:00Z");
    expect((await statsByDevice()).json().planStatus).toBe("Free plan");
    expect(await account("monthly@example.com")).toMatchObject({ planType: "free", planExpiresAt: null });
    const logs = await server.database.db.select().from(systemLogs);
    expect(logs.some((log) => log.message === "Plan ended: Pro of monthly@example.com; now Free")).toBe(true);
  });

  it("a subscriber moves to a dearer plan paying the prorated difference, and to a cheaper one at once", async () => {
    time.set("2026-11-23T10:00:00Z");
    const { cookie } = await signIn(server.app, server.mailDir, "mover@example.com");
    await subscribe(cookie, "basic");
    const [subscription] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, (await account("mover@example.com")).id));
    expect(subscription).toMatchObject({ planType: "basic", status: "active", currentPeriodEnd: new Date("2026-12-23T10:00:00Z") });

    time.set("2026-12-08T10:00:00Z");
    const change = await post("/api/create-subscription", { planType: "pro", priceId: "sandbox_price_pro" }, cookie);
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ status: "requires_payment", provider: "sandbox", amountCents: 300 });
    // Declined: nothing changes.
    expect((await post("/api/sandbox/confirm", { clientSecret: change.json().clientSecret, card: declinedCard })).json().status).toBe("failed");
    expect((await account("mover@example.com")).planType).toBe("basic");

    expect((await post("/api/sandbox/confirm", { clientSecret: change.json().clientSecret, card: goodCard })).json().status).toBe("succeeded");
    expect(await account("mover@example.com")).toMatchObject({ planType: "pro", planExpiresAt: null });
    const rows = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, subscription!.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planType: "pro", status: "active", currentPeriodEnd: new Date("2026-12-23T10:00:00Z") });
    const [changePayment] = await server.database.db.select().from(payments).where(eq(payments.id, change.json().paymentId));
    expect(changePayment).toMatchObject({ status: "succeeded", kind: "subscription", planType: "pro", amountCents: 300, subscriptionId: subscription!.id });

    const before = (await server.database.db.select().from(payments)).length;
    const down = await post("/api/create-subscription", { planType: "basic" }, cookie);
    expect(down.json()).toEqual({ status: "succeeded", provider: "sandbox", amountCents: 0 });
    expect((await account("mover@example.com")).planType).toBe("basic");
    expect((await server.database.db.select().from(payments)).length).toBe(before);
    const current = (await server.app.inject({ method: "GET", url: "/api/subscription", ...withSession(cookie) })).json();
    expect(current.subscription).toMatchObject({ planType: "basic", status: "active" });
  });

  it("a month of Pro bought by a Basic subscriber is the plan until it ends; then Basic is back, and a cancellation never takes Pro away", async () => {
    time.set("2026-11-23T10:00:00Z");
    const { cookie } = await signIn(server.app, server.mailDir, "both@example.com");
    await subscribe(cookie, "basic");
    time.set("2026-12-03T10:00:00Z");
    await buyOneMonth("both@example.com", "pro", 14);
    expect(await account("both@example.com")).toMatchObject({ planType: "pro", planExpiresAt: new Date("2027-01-03T10:00:00Z") });

    // The subscription's own changes settle the plan from everything paid for: Pro stays.
    const cancelled = await post("/api/subscription/cancel", {}, cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(await account("both@example.com")).toMatchObject({ planType: "pro", planExpiresAt: new Date("2027-01-03T10:00:00Z") });

    // Past the Basic period's end the subscription reads as ended; Pro runs on.
    time.set("2026-12-24T10:00:00Z");
    const again = await signIn(server.app, server.mailDir, "both@example.com");
    expect((await server.app.inject({ method: "GET", url: "/api/subscription", ...withSession(again.cookie) })).json().subscription.status).toBe("canceled");
    expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(again.cookie) })).json().planType).toBe("pro");
    // A new Basic subscription is allowed now that the old one ended.
    await subscribe(again.cookie, "basic");
    expect((await account("both@example.com")).planType).toBe("pro");

    time.set("2027-01-03T10:00:00Z");
    expect((await server.app.inject({ method: "GET", url: "/api/auth/user", ...withSession(again.cookie) })).json()).toMatchObject({
      planType: "basic",
      planExpiresAt: null,
    });
  });
});
