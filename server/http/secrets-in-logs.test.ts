import { Writable } from "node:stream";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { catalogueStripeConfig } from "../test/endpoint-catalogue";
import { openSignInLink, sessionCookieOf, signInLinkFromMail, withSession } from "../test/sign-in";
import { useStripeStandIn } from "../test/stripe-stand-in";
import { testAppConfig, useTestApp } from "../test/test-app";

/**
 * The browser tests grep the server's log for every secret of their run (e2e/support/secrets.ts);
 * they run the payment sandbox. This runs the Stripe path too, with the log at its most verbose,
 * and greps it for the Stripe keys and every other secret the requests carry.
 */
describe("no secret or token in any log line, Stripe configured, at log level trace", () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const { endpoint } = useStripeStandIn();
  const server = useTestApp({ stripeEndpoint: endpoint, logger: { stream } }, { stripe: catalogueStripeConfig, logLevel: "trace" });

  it("keeps sign-in tokens, cookies, device tokens, client secrets, link signatures, SESSION_SECRET and Stripe keys out", async () => {
    const app = server.app;
    const email = "logs@example.com";
    const secrets: Record<string, string> = {
      SESSION_SECRET: testAppConfig.sessionSecret,
      STRIPE_SECRET_KEY: catalogueStripeConfig.secretKey,
      STRIPE_WEBHOOK_SECRET: catalogueStripeConfig.webhookSecret,
    };

    // Sign-in: the token travels in the callback's query string, then in the confirmation's body; the session in a cookie.
    await app.inject({ method: "GET", url: `/api/login?email=${email}` });
    const link = await signInLinkFromMail(server.mailDir, email);
    secrets.signInToken = new URL(link, "http://x").searchParams.get("token")!;
    const callback = await openSignInLink(app, link);
    const cookie = sessionCookieOf(callback)!;
    secrets.sessionCookie = cookie;
    secrets.sessionId = cookie.split(".")[0]!;
    // A used link, opened again, is logged as a request too.
    await app.inject({ method: "GET", url: link });
    const asOwner = withSession(cookie);
    await app.inject({ method: "GET", url: "/api/auth/user", ...asOwner });

    // A device token, created and used in the Authorization header; a wrong one is refused.
    const created = await app.inject({ method: "POST", url: "/api/device-tokens", payload: { name: "Phone" }, ...asOwner });
    secrets.deviceToken = created.json().token as string;
    await app.inject({ method: "GET", url: "/api/saved-sessions", headers: { authorization: `Bearer ${secrets.deviceToken}` } });
    await app.inject({ method: "GET", url: "/api/saved-sessions", headers: { authorization: `Bearer ${secrets.deviceToken}x` } });

    // Stripe: a payment set up, one Stripe refuses (logged as an error), webhooks good and forged.
    const payment = await app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 14, planType: "pro" }, ...asOwner });
    expect(payment.statusCode).toBe(200);
    secrets.clientSecret = payment.json().clientSecret as string;
    const refused = await app.inject({ method: "POST", url: "/api/create-payment-intent", payload: { amount: 8, planType: "basic", email: "refused@example.com" } });
    expect(refused.statusCode).toBe(502);
    const event = JSON.stringify({ id: "evt_logs", type: "payment_intent.succeeded", created: 1795420800, data: { object: { id: "pi_none", metadata: {} } } });
    const signature = new Stripe("sk_test_unused").webhooks.generateTestHeaderString({ payload: event, secret: catalogueStripeConfig.webhookSecret });
    for (const header of [signature, `${signature}0`]) {
      await app.inject({ method: "POST", url: "/api/stripe/webhook", payload: event, headers: { "content-type": "application/json", "stripe-signature": header } });
    }

    // A signed download link, generated and followed.
    const download = await app.inject({ method: "POST", url: "/api/generate-download", payload: { platform: "windows", email }, ...asOwner });
    const downloadUrl = download.json().downloadUrl as string;
    secrets.downloadSignature = new URL(downloadUrl, "http://x").searchParams.get("signature")!;
    expect((await app.inject({ method: "GET", url: downloadUrl })).statusCode).toBe(200);

    // Sign-out, with the cookie.
    await app.inject({ method: "GET", url: "/api/logout", ...asOwner });

    const log = lines.join("");
    // The requests were logged (with their URLs), so the check below looked at real lines.
    expect(log).toContain('"url":"/api/auth/callback?token=%5Bredacted%5D"');
    expect(log).toContain("payment intent could not be created");
    expect(log).toContain("stripe webhook with a bad signature");
    const leaked = Object.entries(secrets)
      .filter(([, value]) => value.length >= 16 && log.includes(value))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
