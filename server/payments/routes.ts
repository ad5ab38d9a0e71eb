import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cancelSubscription,
  confirmSandboxPayment,
  reverseSandboxPayment,
  createPaymentIntent,
  createSubscription,
  getPaymentsConfig,
  getSubscription,
  paymentNotConfiguredMessage,
} from "@common/api/payments";
import { formatPrice, type PaidPlanType, plans } from "@common/plans";
import { refuseDeviceTokens, requireAdmin, requireSignInSession, signedInAccount } from "../accounts/authentication";
import { requestedEmailKey } from "../accounts/rate-limit-rules";
import type { UserRow } from "../accounts/table";
import { findOrCreateUser } from "../accounts/users";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import type { Mailer } from "../mail/mailer";
import { clientAddress, rateLimitGuard } from "../rate-limits/rate-limits";
import type { ConfiguredProvider } from "./choose-provider";
import { type OutcomeContext, paymentFailed, paymentReversed, paymentSucceeded } from "./outcomes";
import { endSubscriptionAfterReversal } from "./reversals";
import { findPayment, linkProviderPayment, markSetupFailed, startPayment } from "./payment-records";
import { type PlanChangeSetup, ProviderError } from "./provider";
import { sandboxSubscriptionUpdated } from "./sandbox-subscriptions";
import { cardInputProblem, cardOutcome } from "./sandbox-cards";
import { cancelAtPeriodEnd, currentSubscription, latestCustomerId, liveSubscription, recordNewSubscription } from "./subscription-records";

export interface PaymentRoutesOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  payments: ConfiguredProvider;
}

const setupFailedMessage = "Payment setup failed";
const minutes = (count: number) => count * 60_000;

/** Payments of spec 1 §7: the server prices every plan itself; the provider only moves the money. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { db, mailer, publicUrl } = options;
  const configured = options.payments;
  const outcomeContext = (log: OutcomeContext["log"]): OutcomeContext => ({ db, mailer, publicUrl, log, now: app.clock() });

  // Setting up a payment can create an account for an email, and confirming one is where stolen
  // card numbers would be tried: both are limited per network and per address.
  const limitSetup = rateLimitGuard(app, [
    { name: "payment-setup-ip", max: 30, windowMs: minutes(15), key: clientAddress, message: (wait) => `Too many payment attempts from your network. Try again in ${wait}.` },
    {
      name: "payment-setup-email",
      max: 10,
      windowMs: minutes(15),
      key: requestedEmailKey,
      message: (wait) => `Too many payment attempts for this address. Try again in ${wait}.`,
    },
  ]);
  const limitConfirm = rateLimitGuard(app, [
    { name: "payment-confirm-ip", max: 20, windowMs: minutes(15), key: clientAddress, message: (wait) => `Too many card attempts from your network. Try again in ${wait}.` },
  ]);

  app.route({
    ...endpointRoute(getPaymentsConfig),
    handler: async () => {
      if (configured.kind === "unavailable") return { provider: "unavailable" as const, publishableKey: null, priceIds: {} };
      return { provider: configured.kind, publishableKey: configured.provider.publishableKey, priceIds: configured.provider.priceIds };
    },
  });

  app.route({
    ...endpointRoute(createPaymentIntent),
    onRequest: refuseDeviceTokens,
    preHandler: limitSetup,
    handler: async (request, reply) => {
      const { amount, planType, email } = request.body;
      const plan = plans[planType];
      if (Math.round(amount * 100) !== plan.priceCents) {
        return reply.code(400).send({ message: `amount ${amount} does not match the ${plan.name} plan (${formatPrice(plan.priceCents)} a month)` });
      }
      if (configured.kind === "unavailable") return reply.code(503).send({ message: paymentNotConfiguredMessage });

      const account = await request.loadAccount();
      let user: UserRow;
      if (account) user = account.user;
      else if (email) user = (await findOrCreateUser(db, email, "payment_page")).user;
      else return reply.code(400).send({ message: "body.email: Enter the email address the plan is for" });

      const payment = await startPayment(db, { userId: user.id, email: user.email, planType, amountCents: plan.priceCents, status: "processing", kind: "one_time", provider: configured.kind, createdAt: app.clock(), updatedAt: app.clock() });
      try {
        const setup = await configured.provider.createPaymentIntent({ paymentId: payment.id, amountCents: plan.priceCents, email: user.email, planType });
        await linkProviderPayment(db, payment.id, setup.providerPaymentId);
        return { status: "requires_payment" as const, clientSecret: setup.clientSecret, paymentId: payment.id, provider: configured.kind, amountCents: plan.priceCents };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.error({ err: error }, "payment intent could not be created");
        await markSetupFailed(db, payment.id, error.message);
        return reply.code(502).send({ message: setupFailedMessage });
      }
    },
  });

  app.route({
    ...endpointRoute(createSubscription),
    onRequest: requireSignInSession,
    preHandler: limitSetup,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const { planType, priceId } = request.body;
      const plan = plans[planType];
      if (configured.kind === "unavailable") return reply.code(503).send({ message: paymentNotConfiguredMessage });
      if (priceId && priceId !== configured.provider.priceIds[planType]) {
        return reply.code(400).send({ message: `priceId ${priceId} is not the ${plan.name} plan's price` });
      }
      const now = app.clock();
      const live = await liveSubscription(db, user.id, now);
      if (live?.planType === planType) {
        return reply.code(409).send({ message: `You already have an active ${plan.name} subscription` });
      }
      if (live) {
        // A subscriber choosing another plan moves the subscription they have, prorated.
        const paymentId = randomUUID();
        let change: PlanChangeSetup;
        try {
          change = await configured.provider.changeSubscriptionPlan({ paymentId, subscription: live, planType, now });
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          request.log.error({ err: error }, "subscription plan could not be changed");
          return reply.code(502).send({ message: "Failed to change your plan. Please try again." });
        }
        if (change.status === "requires_payment") {
          await startPayment(db, {
            id: paymentId,
            userId: user.id,
            email: user.email,
            planType,
            amountCents: change.amountCents,
            status: "processing",
            kind: "subscription",
            provider: configured.kind,
            providerPaymentId: change.providerPaymentId,
            subscriptionId: live.id,
            createdAt: now,
            updatedAt: now,
          });
          return { status: "requires_payment" as const, clientSecret: change.clientSecret, paymentId, provider: configured.kind, amountCents: change.amountCents };
        }
        // Paid at once: Stripe reports the change (and records its invoice) by webhook; the sandbox sends
        // no events, so it is reported here.
        if (configured.kind === "sandbox") await sandboxSubscriptionUpdated(outcomeContext(request.log), live.id, planType);
        return { status: "succeeded" as const, provider: configured.kind, amountCents: change.amountCents };
      }
      const existingCustomerId = await latestCustomerId(db, user.id);
      const payment = await startPayment(db, { userId: user.id, email: user.email, planType, amountCents: plan.priceCents, status: "processing", kind: "subscription", provider: configured.kind, createdAt: now, updatedAt: now });
      try {
        const setup = await configured.provider.createSubscription({
          paymentId: payment.id,
          userId: user.id,
          email: user.email,
          planType,
          existingCustomerId,
        });
        await recordNewSubscription(db, { userId: user.id, planType, provider: configured.kind, setup, paymentId: payment.id, now });
        return { status: "requires_payment" as const, clientSecret: setup.clientSecret, paymentId: payment.id, provider: configured.kind, amountCents: plan.priceCents };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.error({ err: error }, "subscription could not be created");
        await markSetupFailed(db, payment.id, error.message);
        return reply.code(502).send({ message: "Failed to initialize subscription. Please try again." });
      }
    },
  });

  app.route({
    ...endpointRoute(getSubscription),
    onRequest: requireSignInSession,
    handler: async (request) => {
      const { user } = signedInAccount(request);
      return { subscription: await currentSubscription(db, user.id, app.clock()) };
    },
  });

  app.route({
    ...endpointRoute(cancelSubscription),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const now = app.clock();
      const active = await liveSubscription(db, user.id, now);
      if (!active) return reply.code(404).send({ message: "You have no active subscription" });
      // Only Stripe holds a subscription of its own to tell; a sandbox one lives in our database alone
      // (also when Stripe was configured after it was made).
      if (active.provider === "stripe" && configured.kind === "stripe") {
        try {
          await configured.provider.cancelSubscription(active.providerSubscriptionId);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          return reply.code(502).send({ message: "The subscription could not be cancelled just now. Please try again." });
        }
      }
      await cancelAtPeriodEnd(db, active.id, user.id, now);
      return { subscription: await currentSubscription(db, user.id, now) };
    },
  });

  if (configured.kind === "sandbox") {
    const sandbox = configured.provider;
    app.route({
      ...endpointRoute(confirmSandboxPayment),
      onRequest: refuseDeviceTokens,
      preHandler: limitConfirm,
      handler: async (request, reply) => {
        const paymentId = sandbox.paymentIdOfClientSecret(request.body.clientSecret);
        const payment = paymentId ? await findPayment(db, paymentId) : undefined;
        if (!payment?.providerPaymentId) return reply.code(400).send({ message: "This payment is unknown; start again from the plan" });
        const planType: PaidPlanType = payment.planType;
        if (payment.status === "succeeded") return { status: "succeeded" as const, message: "Payment already succeeded", planType };
        const problem = cardInputProblem(request.body.card, app.clock());
        if (problem) return reply.code(400).send({ message: problem });
        const outcome = cardOutcome(request.body.card.number);
        const context = outcomeContext(request.log);
        if (outcome.status === "succeeded") {
          const paid = await paymentSucceeded(context, { providerPaymentId: payment.providerPaymentId });
          if (paid?.subscriptionId) await sandboxSubscriptionUpdated(context, paid.subscriptionId, paid.planType);
          return { status: "succeeded" as const, message: "Payment succeeded", planType };
        }
        await paymentFailed(context, { providerPaymentId: payment.providerPaymentId, message: outcome.message });
        return { status: "failed" as const, message: outcome.message, planType };
      },
    });

    // What Stripe's charge.refunded / charge.dispute.created do, for a sandbox payment: the admin's
    // stand-in for the card network, so refunds can be tried locally (decision 136).
    app.route({
      ...endpointRoute(reverseSandboxPayment),
      onRequest: requireAdmin,
      handler: async (request, reply) => {
        const payment = await findPayment(db, request.body.paymentId);
        if (!payment?.providerPaymentId || payment.provider !== "sandbox") return reply.code(404).send({ message: "No such sandbox payment" });
        const context = outcomeContext(request.log);
        const reversed = await paymentReversed(context, { providerPaymentIds: [payment.providerPaymentId], kind: request.body.kind });
        await endSubscriptionAfterReversal(context, sandbox, reversed);
        if (!reversed) return reply.code(400).send({ message: `Only a succeeded payment can be ${request.body.kind}; this one is ${payment.status}` });
        return { status: reversed.payment.status, message: `Payment ${reversed.payment.status}` };
      },
    });
  }
};
