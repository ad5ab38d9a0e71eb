import { afterEach, describe, expect, it, vi } from "vitest";
import type { QueryFunctionContext } from "@tanstack/react-query";
import { toast } from "./use-toast";
import {
  apiRequest,
  createQueryClient,
  errorMessage,
  errorStatus,
  getQueryFn,
  isUnauthorizedError,
  UNAUTHORIZED_REDIRECT_MS,
} from "./queryClient";

type FetchArgs = [input: string, init?: RequestInit];

function stubFetch(response: Response) {
  const fake = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response);
  vi.stubGlobal("fetch", fake);
  return fake;
}

function context(queryKey: readonly unknown[]): QueryFunctionContext {
  // Only queryKey and signal are read by our query function; the rest of the context is irrelevant here.
  return { queryKey, signal: new AbortController().signal, meta: undefined } as unknown as QueryFunctionContext;
}

vi.mock("./use-toast", () => ({ toast: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  vi.useRealTimers();
});

/** A page at /protection-test?tab=x whose navigations are recorded instead of made. */
function stubPage() {
  vi.useFakeTimers();
  const assign = vi.fn();
  vi.stubGlobal("window", {
    location: { pathname: "/protection-test", search: "?tab=x", assign },
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  });
  return assign;
}

describe("apiRequest", () => {
  it("sends JSON with a content type and cookies when there is a body", async () => {
    const fake = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/capture-email", { email: "a@b.c" });
    const [url, init] = fake.mock.calls[0]!;
    expect(url).toBe("/api/capture-email");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.c" }));
  });

  it("sends no content type and no body without a body", async () => {
    const fake = stubFetch(new Response(null, { status: 204 }));
    await apiRequest("DELETE", "/api/admin/logs");
    const [, init] = fake.mock.calls[0]!;
    expect(init?.headers).toEqual({});
    expect(init?.body).toBeUndefined();
    expect(init?.credentials).toBe("include");
  });

  it("returns the response when it is OK", async () => {
    stubFetch(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    const res = await apiRequest("GET", "/api/thing");
    expect(await res.json()).toEqual({ ok: 1 });
  });

  it("throws '{status}: {body}' on a non-OK response", async () => {
    stubFetch(new Response('{"message":"Email is required"}', { status: 400, statusText: "Bad Request" }));
    await expect(apiRequest("POST", "/api/x", {})).rejects.toThrow('400: {"message":"Email is required"}');
  });

  it("on a 401 says 'Unauthorized' and starts sign-in again 0.5 s later, once however many calls failed", async () => {
    const assign = stubPage();
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(apiRequest("POST", "/api/protection/windows-x-button", {})).rejects.toThrow("401: ");
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(apiRequest("GET", "/api/protection/status/a%40b.co")).rejects.toThrow("401: ");

    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith("/api/login?next=%2Fprotection-test%3Ftab%3Dx");
  });

  it("leaves a 401 to a caller that expects one, and does nothing on other errors", async () => {
    const assign = stubPage();
    stubFetch(new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(apiRequest("GET", "/api/auth/user", undefined, { expectUnauthorized: true })).rejects.toThrow("401: Unauthorized");
    stubFetch(new Response("", { status: 403, statusText: "Forbidden" }));
    await expect(apiRequest("GET", "/api/admin/stats")).rejects.toThrow("403: Forbidden");
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS * 2);
    expect(toast).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("uses the status text when the body is empty", async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("getQueryFn", () => {
  it("joins the query key with '/' and parses JSON", async () => {
    const fake = stubFetch(new Response(JSON.stringify({ id: "7" }), { status: 200 }));
    const result = await getQueryFn({ on401: "throw" })(context(["/api/saved-sessions", 7]));
    expect(fake.mock.calls[0]![0]).toBe("/api/saved-sessions/7");
    expect(fake.mock.calls[0]![1]?.credentials).toBe("include");
    expect(result).toEqual({ id: "7" });
  });

  it("returns null on 401 when asked to", async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401, statusText: "Unauthorized" }));
    expect(await getQueryFn({ on401: "returnNull" })(context(["/api/auth/user"]))).toBeNull();
  });

  it("throws on 401 by default", async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401, statusText: "Unauthorized" }));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/user/stats"]))).rejects.toThrow("401: ");
  });

  it("throws on other errors even with returnNull", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/auth/user"]))).rejects.toThrow(
      "500: Internal Server Error",
    );
  });
});

describe("createQueryClient", () => {
  it("has the spec defaults: never stale, no focus refetch, no polling, no retries", () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(typeof queries?.queryFn).toBe("function");
    expect(mutations?.retry).toBe(false);
  });

  it("fetches with the default query function, throws on 401 and starts signing in again once", async () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal("window", {
      location: { pathname: "/sessions", search: "?tab=manual", assign },
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    });
    expect(toast).not.toHaveBeenCalled();
    const fake = stubFetch(new Response("", { status: 401, statusText: "Unauthorized" }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/admin", "stats"] })).rejects.toThrow("401: Unauthorized");
    expect(fake.mock.calls[0]![0]).toBe("/api/admin/stats");
    stubFetch(new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(client.fetchQuery({ queryKey: ["/api/user/stats"] })).rejects.toThrow("401");

    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith("/api/login?next=%2Fsessions%3Ftab%3Dmanual");
    expect(toast).toHaveBeenCalledTimes(1);
  });
});

describe("error helpers", () => {
  it("pull the message field out of a JSON body", () => {
    expect(errorMessage(new Error('400: {"message":"Email is required"}'), "fallback")).toBe("Email is required");
  });
  it("use plain-text bodies as they are", () => {
    expect(errorMessage(new Error("503: Service Unavailable"), "fallback")).toBe("Service Unavailable");
  });
  it("fall back for JSON without a message, HTML bodies and other errors", () => {
    expect(errorMessage(new Error('500: {"error":"x"}'), "fallback")).toBe("fallback");
    expect(errorMessage(new Error("502: <html>Bad gateway</html>"), "fallback")).toBe("fallback");
    expect(errorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
    expect(errorMessage("nope", "fallback")).toBe("fallback");
  });
  it("read the status", () => {
    expect(errorStatus(new Error("404: Not Found"))).toBe(404);
    expect(errorStatus(new Error("boom"))).toBeNull();
    expect(isUnauthorizedError(new Error('401: {"message":"x"}'))).toBe(true);
    expect(isUnauthorizedError(new Error("403: Forbidden"))).toBe(false);
  });
});
