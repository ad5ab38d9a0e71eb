import type { QueryFunctionContext } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getBackup } from "@common/api/backups";
import { EndpointAnswerError } from "@common/api/endpoint";
import { listContactMessages, sendContactMessage } from "@common/api/contact";
import { getPaymentsConfig } from "@common/api/payments";
import { call, callByRoute, endpointKey, endpointQuery } from "./api-client";
import { paymentsConfigRoute } from "./entry-endpoints";
import { toast } from "./use-toast";

vi.mock("./use-toast", () => ({ toast: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

function stubFetch(response: Response) {
  const fake = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(async () => response);
  vi.stubGlobal("fetch", fake);
  return fake;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("call", () => {
  it("sends the body as JSON to the contract's method and path and returns the checked answer", async () => {
    const fetch = stubFetch(json(201, { id: 7, message: "Thanks!" }));
    const body = { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" };
    await expect(call(sendContactMessage, { body })).resolves.toEqual({ id: 7, message: "Thanks!" });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(sendContactMessage.path);
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify(body), credentials: "include" });
  });

  it("fills the path's parameters, one encoded segment each", async () => {
    const fetch = stubFetch(json(404, { message: "Not found" }));
    await expect(call(getBackup, { params: { id: "a/b" } })).rejects.toThrow("404: ");
    expect(fetch.mock.calls[0]![0]).toBe(getBackup.path.replace(":id", "a%2Fb"));
  });

  it("puts the query in the URL", async () => {
    const fetch = stubFetch(json(200, { messages: [], nextCursor: null }));
    await call(listContactMessages, { query: { limit: 50 } });
    expect(fetch.mock.calls[0]![0]).toBe(`${listContactMessages.path}?limit=50`);
  });

  it("throws instead of casting when the answer does not match the contract", async () => {
    stubFetch(json(200, { messages: "none" }));
    await expect(call(listContactMessages, { query: {} })).rejects.toBeInstanceOf(EndpointAnswerError);
  });

  it("keeps the '{status}: {body}' error of a non-OK answer", async () => {
    stubFetch(json(429, { message: "Slow down" }));
    await expect(call(sendContactMessage, { body: { name: "a", email: "a@b.co", subject: "s", message: "m" } })).rejects.toThrow(
      '429: {"message":"Slow down"}',
    );
  });
});

describe("callByRoute", () => {
  const config = { provider: "sandbox", publishableKey: null, priceIds: { pro: "price_pro" } };

  it("sends by the route and checks the answer against the contract it then loads", async () => {
    const fetch = stubFetch(json(200, config));
    const load = vi.fn(async () => getPaymentsConfig);
    await expect(callByRoute(paymentsConfigRoute, load)).resolves.toEqual(config);
    expect(fetch.mock.calls[0]![0]).toBe(getPaymentsConfig.path);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: "GET", credentials: "include" });
    expect(load).toHaveBeenCalledOnce();
  });

  it("throws instead of casting when the answer does not match the contract", async () => {
    stubFetch(json(200, { provider: "paypal" }));
    await expect(callByRoute(paymentsConfigRoute, async () => getPaymentsConfig)).rejects.toBeInstanceOf(EndpointAnswerError);
  });

  it("loads no contract for a failed call, and leaves an expected 401 to the caller", async () => {
    const load = vi.fn(async () => getPaymentsConfig);
    stubFetch(json(401, { message: "Not signed in" }));
    await expect(callByRoute(paymentsConfigRoute, load, { expectUnauthorized: true })).rejects.toThrow("401: ");
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(callByRoute(paymentsConfigRoute, load, { expectUnauthorized: true })).rejects.toThrow("500: Internal Server Error");
    expect(load).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });
});

describe("endpointQuery", () => {
  it("keys the query by the endpoint's path, then its input, so invalidating the path reaches every input", () => {
    expect(endpointKey(listContactMessages)).toEqual([listContactMessages.path]);
    expect(endpointQuery(listContactMessages, { query: { limit: 5 } }).queryKey).toEqual([listContactMessages.path, { query: { limit: 5 } }]);
  });

  it("keys a route as its contract, so the entry chunk's queries share the screens' answers", () => {
    expect(endpointKey(paymentsConfigRoute)).toEqual(endpointKey(getPaymentsConfig));
  });

  it("hands the query's signal to fetch, so an answer nothing waits for is aborted", async () => {
    const fetch = stubFetch(json(200, { messages: [], nextCursor: null }));
    const { signal } = new AbortController();
    await endpointQuery(listContactMessages, { query: {} }).queryFn({ signal } as QueryFunctionContext);
    expect(fetch.mock.calls[0]![1]?.signal).toBe(signal);
  });
});
