import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as flat keys, e.g. `items[0][price]`. */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/**
 * A local HTTP server in place of api.stripe.com for the SDK (host / port / protocol settings). It
 * answers the few calls TabVault makes with objects shaped like Stripe's, and records every request.
 */
export async function startStripeStandIn(): Promise<{
  endpoint: { host: string; port: number; protocol: "http" };
  requests: RecordedStripeRequest[];
  close: () => Promise<void>;
}> {
  const requests: RecordedStripeRequest[] = [];
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
      if (request.method === "POST" && path === "/v1/subscriptions") {
        return send(200, {
          id: `sub_test_${sequence}`,
          object: "subscription",
          status: "incomplete",
          customer: params.customer,
          cancel_at_period_end: false,
          metadata,
          items: { object: "list", data: [{ id: `si_${sequence}`, object: "subscription_item", current_period_end: 1798000000 }] },
          latest_invoice: {
            id: `in_test_${sequence}`,
            object: "invoice",
            confirmation_secret: { client_secret: `in_test_${sequence}_secret_abc`, type: "payment_intent" },
          },
        });
      }
      if (request.method === "POST" && path.startsWith("/v1/subscriptions/")) {
        return send(200, { id: path.split("/").at(-1), object: "subscription", status: "active", cancel_at_period_end: true });
      }
      return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
