import { afterEach, describe, expect, it, vi } from "vitest";
import { EndpointAnswerError } from "@common/api/endpoint";
import { listContactMessages, sendContactMessage } from "@common/api/contact";
import { call, endpointKey, endpointQuery } from "./api-client";

vi.mock("@/hooks/use-toast", () => ({ toast: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

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

describe("endpointQuery", () => {
  it("keys the query by the endpoint's path, then its input, so invalidating the path reaches every input", () => {
    expect(endpointKey(listContactMessages)).toEqual([listContactMessages.path]);
    expect(endpointQuery(listContactMessages, { query: { limit: 5 } }).queryKey).toEqual([listContactMessages.path, { query: { limit: 5 } }]);
  });
});
