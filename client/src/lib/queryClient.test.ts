import { afterEach, describe, expect, it, vi } from "vitest";
import { captureEmail, getCurrentUser, signIn } from "@common/api/accounts";
import { getAdminStats } from "@common/api/admin";
import { getProtectionStatus, getUserStats, saveWindowsCloseBackup } from "@common/api/backups";
import { endpointUrl } from "@common/api/endpoint";
import { getSystemStatus } from "@common/api/status";
import { clearSystemLog } from "@common/api/system-log";
import { endpointQuery } from "./api-client";
import { toast } from "./use-toast";
import { apiRequest, createQueryClient, errorMessage, errorStatus, isUnauthorizedError, UNAUTHORIZED_REDIRECT_MS } from "./queryClient";

type FetchArgs = [input: string, init?: RequestInit];

function stubFetch(response: Response) {
  const fake = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response);
  vi.stubGlobal("fetch", fake);
  return fake;
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

/** Lets the sign-in contract's import finish and the navigation after it run. */
async function settle() {
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

describe("apiRequest", () => {
  it("sends JSON with a content type and cookies when there is a body", async () => {
    const fake = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", captureEmail.path, { email: "a@b.c" });
    const [url, init] = fake.mock.calls[0]!;
    expect(url).toBe(captureEmail.path);
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.c" }));
  });

  it("sends no content type and no body without a body", async () => {
    const fake = stubFetch(new Response(null, { status: 204 }));
    await apiRequest("DELETE", clearSystemLog.path);
    const [, init] = fake.mock.calls[0]!;
    expect(init?.headers).toEqual({});
    expect(init?.body).toBeUndefined();
    expect(init?.credentials).toBe("include");
  });

  it("returns the response when it is OK", async () => {
    stubFetch(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    const res = await apiRequest("GET", getSystemStatus.path);
    expect(await res.json()).toEqual({ ok: 1 });
  });

  it("throws '{status}: {body}' on a non-OK response", async () => {
    stubFetch(new Response('{"message":"Email is required"}', { status: 400, statusText: "Bad Request" }));
    await expect(apiRequest("POST", captureEmail.path, {})).rejects.toThrow('400: {"message":"Email is required"}');
  });

  it("on a 401 says 'Unauthorized' and starts sign-in again 0.5 s later, once however many calls failed", async () => {
    const assign = stubPage();
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(apiRequest("POST", saveWindowsCloseBackup.path, {})).rejects.toThrow("401: ");
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(apiRequest("GET", endpointUrl(getProtectionStatus, { params: { userEmail: "a@b.co" } }))).rejects.toThrow("401: ");

    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    await settle();
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await settle();
    // The sign-in contract's URL, with this page to come back to.
    expect(assign).toHaveBeenCalledExactlyOnceWith(`${signIn.path}?next=%2Fprotection-test%3Ftab%3Dx`);
  });

  it("leaves a 401 to a caller that expects one, and does nothing on other errors", async () => {
    const assign = stubPage();
    stubFetch(new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(apiRequest("GET", getCurrentUser.path, undefined, { expectUnauthorized: true })).rejects.toThrow("401: Unauthorized");
    stubFetch(new Response("", { status: 403, statusText: "Forbidden" }));
    await expect(apiRequest("GET", getAdminStats.path)).rejects.toThrow("403: Forbidden");
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS * 2);
    await settle();
    expect(toast).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("uses the status text when the body is empty", async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", getSystemStatus.path)).rejects.toThrow("503: Service Unavailable");
  });

  it("passes a query's signal and a keepalive on to fetch", async () => {
    const fake = stubFetch(new Response("{}", { status: 200 }));
    const { signal } = new AbortController();
    await apiRequest("GET", getSystemStatus.path, undefined, { signal, keepalive: true });
    expect(fake.mock.calls[0]![1]).toMatchObject({ signal, keepalive: true });
  });

  it("sends a body too big for keepalive as an ordinary request rather than have the browser refuse it", async () => {
    const fake = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", getSystemStatus.path, { text: "x".repeat(70 * 1024) }, { keepalive: true });
    expect(fake.mock.calls[0]![1]).toMatchObject({ keepalive: false });
    await apiRequest("POST", getSystemStatus.path, { text: "x".repeat(1024) }, { keepalive: true });
    expect(fake.mock.calls[1]![1]).toMatchObject({ keepalive: true });
  });
});

describe("createQueryClient", () => {
  it("has the spec defaults: never stale, no focus refetch, no polling, no retries, and no default query function", () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    // Every query names its endpoint (endpointQuery): none fetches a URL made of its key.
    expect(queries?.queryFn).toBeUndefined();
    expect(mutations?.retry).toBe(false);
  });

  it("a query that gets a 401 throws it and starts signing in again, once", async () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal("window", {
      location: { pathname: "/sessions", search: "?tab=manual", assign },
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    });
    expect(toast).not.toHaveBeenCalled();
    const fake = stubFetch(new Response("", { status: 401, statusText: "Unauthorized" }));
    const client = createQueryClient();
    await expect(client.fetchQuery(endpointQuery(getAdminStats))).rejects.toThrow("401: Unauthorized");
    expect(fake.mock.calls[0]![0]).toBe(getAdminStats.path);
    expect(fake.mock.calls[0]![1]?.credentials).toBe("include");
    stubFetch(new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(client.fetchQuery(endpointQuery(getUserStats))).rejects.toThrow("401");

    await vi.dynamicImportSettled();
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    await settle();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`${signIn.path}?next=%2Fsessions%3Ftab%3Dmanual`);
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
  it("fall back when the answer had an empty body: its status text is no server message (spec 1 §8)", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    const error = await apiRequest("POST", captureEmail.path, { email: "a@b.c" }).catch((caught: unknown) => caught);
    // The error still reads as spec 1 §8 has it; only the toast's text falls back.
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("500: Internal Server Error");
    expect(errorMessage(error, "Failed to verify user. Please try again.")).toBe("Failed to verify user. Please try again.");
    stubFetch(new Response("Service Unavailable", { status: 503, statusText: "Service Unavailable" }));
    // A body the server did send is its message, even when it happens to equal the status text.
    expect(errorMessage(await apiRequest("GET", getSystemStatus.path).catch((caught: unknown) => caught), "fallback")).toBe("Service Unavailable");
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
