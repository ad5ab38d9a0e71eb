import { afterAll, beforeAll } from "vitest";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { StripeConfig } from "../config/config";

/** Stripe settings for tests that run against the stand-in. */
export const testStripeConfig: StripeConfig = {
  secretKey: "sk_test_tabvault",
  publishableKey: "pk_test_tabvault",
  webhookSecret: "whsec_tabvault_test_secret",
  prices: { basic: "price_basic_test", pro: "price_pro_test", premium: "price_premium_test" },
};

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as flat keys, e.g. `items[0][price]`. */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** How the stand-in settles the invoice of a plan change: charged to the saved card, or left open for the card form. */
export type PlanChangeInvoice = "paid" | "requires_payment";

interface StoredSubscription {
  id: string;
  customer: string;
  itemId: string;
  price: string;
  metadata: Record<string, string>;
}

/**
 * A local HTTP server in place of api.stripe.com for the SDK (host / port / protocol settings). It
 * answers the few calls TabVault makes with objects shaped like Stripe's, keeps the subscriptions it
 * created (their item and price), and records every request.
 */
export async function startStripeStandIn(): Promise<{
  endpoint: { host: string; port: number; protocol: "http" };
  requests: RecordedStripeRequest[];
  /** The next plan change's invoice; "paid" unless a test says otherwise. */
  settings: { planChangeInvoice: PlanChangeInvoice; planChangeAmountCents: number };
  close: () => Promise<void>;
}> {
  const requests: RecordedStripeRequest[] = [];
  const settings: { planChangeInvoice: PlanChangeInvoice; planChangeAmountCents: number } = { planChangeInvoice: "paid", planChangeAmountCents: 300 };
  const stored = new Map<string, StoredSubscription>();
  let sequence = 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const path = (request.url ?? "").split("?")[0] ?? "";
      requests.push({ method: request.method ?? "", path, params, headers: request.headers });
      sequence += 1;
      const metadata = Object.fromEntries(
        Object.entries(params)
          .filter(([key]) => key.startsWith("metadata["))
          .map(([key, value]) => [key.slice("metadata[".length, -1), value]),
      );
      const send = (status: number, payload: object) => {
        response.writeHead(status, { "content-type": "application/json", "request-id": `req_${sequence}` });
        response.end(JSON.stringify(payload));
      };
      if (request.method === "POST" && path === "/v1/payment_intents") {
        if (params.receipt_email?.startsWith("refused")) {
          return send(400, { error: { type: "invalid_request_error", message: "The stand-in refuses this customer" } });
        }
        return send(200, {
          id: `pi_test_${sequence}`,
          object: "payment_intent",
          amount: Number(params.amount),
          currency: params.currency,
          client_secret: `pi_test_${sequence}_secret_abc`,
          status: "requires_payment_method",
          metadata,
        });
      }
      if (request.method === "POST" && path === "/v1/customers") {
        return send(200, { id: `cus_test_${sequence}`, object: "customer", email: params.email, metadata });
      }
      const subscriptionObject = (subscription: StoredSubscription, extra: object) => ({
        id: subscription.id,
        object: "subscription",
        status: "active",
        customer: subscription.customer,
        cancel_at_period_end: false,
        metadata: subscription.metadata,
        items: {
          object: "list",
          data: [{ id: subscription.itemId, object: "subscription_item", current_period_end: 1798000000, price: { id: subscription.price, object: "price" } }],
        },
        ...extra,
      });
      if (request.method === "POST" && path === "/v1/subscriptions") {
        const subscription: StoredSubscription = {
          id: `sub_test_${sequence}`,
          customer: params.customer ?? "",
          itemId: `si_${sequence}`,
          price: params["items[0][price]"] ?? "",
          metadata,
        };
        stored.set(subscription.id, subscription);
        return send(200, {
          ...subscriptionObject(subscription, { status: "incomplete" }),
          latest_invoice: {
            id: `in_test_${sequence}`,
            object: "invoice",
            confirmation_secret: { client_secret: `in_test_${sequence}_secret_abc`, type: "payment_intent" },
          },
        });
      }
      const subscription = path.startsWith("/v1/subscriptions/") ? stored.get(path.split("/").at(-1) ?? "") : undefined;
      if (request.method === "GET" && subscription) return send(200, subscriptionObject(subscription, {}));
      if (request.method === "DELETE" && subscription) return send(200, subscriptionObject(subscription, { status: "canceled" }));
      if (request.method === "POST" && subscription && params["items[0][price]"]) {
        if (params["items[0][id]"] !== subscription.itemId) {
          return send(400, { error: { type: "invalid_request_error", message: `No such subscription item: '${params["items[0][id]"]}'` } });
        }
        const invoiceId = `in_test_${sequence}`;
        const paid = settings.planChangeInvoice === "paid";
        // Stripe's pending updates: the new price applies only once the invoice is paid.
        if (paid) {
          subscription.price = params["items[0][price]"];
          subscription.metadata = { ...subscription.metadata, ...metadata };
        }
        return send(200, {
          ...subscriptionObject(subscription, {}),
          pending_update: paid ? null : { expires_at: 1798000000, subscription_items: [{ id: subscription.itemId, price: { id: params["items[0][price]"] } }] },
          latest_invoice: {
            id: invoiceId,
            object: "invoice",
            status: paid ? "paid" : "open",
            billing_reason: "subscription_update",
            amount_due: settings.planChangeAmountCents,
            amount_paid: paid ? settings.planChangeAmountCents : 0,
            confirmation_secret: paid ? null : { client_secret: `${invoiceId}_secret_abc`, type: "payment_intent" },
          },
        });
      }
      if (request.method === "POST" && subscription) {
        return send(200, subscriptionObject(subscription, { cancel_at_period_end: params.cancel_at_period_end === "true" }));
      }
      return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    settings,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * Starts a stand-in before the tests of the surrounding describe (or file) and closes it after. The
 * endpoint can be handed to `useTestApp` at once: its port is filled in before any app is built.
 */
export function useStripeStandIn(): { endpoint: StripeStandIn["endpoint"]; readonly standIn: StripeStandIn } {
  let standIn: StripeStandIn | undefined;
  const endpoint: StripeStandIn["endpoint"] = { host: "127.0.0.1", port: 0, protocol: "http" };
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    endpoint.port = standIn.endpoint.port;
  });
  afterAll(() => standIn?.close());
  return {
    endpoint,
    get standIn() {
      if (!standIn) throw new Error("useStripeStandIn: the stand-in starts in beforeAll; use it inside a test");
      return standIn;
    },
  };
}
