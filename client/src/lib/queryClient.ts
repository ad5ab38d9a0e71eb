import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { toast } from "./use-toast";

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Turns a non-OK response into an Error whose message is `"{status}: {body text or statusText}"`
 * (spec 1 §7, §8). OK responses pass through untouched.
 */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = "";
  try {
    text = await res.text();
  } catch {
    // A body that cannot be read is reported with the status text instead.
  }
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

export interface ApiRequestOptions {
  /** This call expects 401 as an answer (e.g. "nobody is signed in") rather than as an ended session. */
  expectUnauthorized?: boolean;
  /** A query's signal: TanStack Query aborts the request when nothing needs the answer any more. */
  signal?: AbortSignal;
  /** The request outlives the page (a backup sent as the page goes away). */
  keepalive?: boolean;
}

/**
 * How every call reaches the API (`call` in ./api-client builds the URL and checks the answer): cookies
 * included, `Content-Type: application/json` only when there is a body, and a non-OK response throws (see
 * {@link throwIfResNotOk}). A 401 also says so and starts sign-in again (spec 1 §8) before throwing, for
 * every caller, in or out of the query cache.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, options: ApiRequestOptions = {}): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { "Content-Type": "application/json" } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: "include",
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (res.status === 401 && !options.expectUnauthorized) signInAgain();
  await throwIfResNotOk(res);
  return res;
}

/** What a query does when the API answers 401: resolve to null ("nobody signed in") or throw. */
export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * A GET query function whose URL is the query key joined with '/', e.g. `["/api/saved-sessions", id]`
 * fetches `/api/saved-sessions/{id}`. The response body is parsed as JSON.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.map(String).join("/"), { credentials: "include", signal });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** spec 1 §9: after the 'Unauthorized' toast, sign-in starts 0.5 s later. */
export const UNAUTHORIZED_REDIRECT_MS = 500;
let signingInAgain = false;

/**
 * The session ended (signed out elsewhere, expired): say so and go to sign-in, coming back to this
 * page afterwards (spec 1 §8). Once, however many calls failed at the same time.
 */
function signInAgain(): void {
  if (signingInAgain) return;
  signingInAgain = true;
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  const next = `${window.location.pathname}${window.location.search}`;
  window.setTimeout(() => {
    signingInAgain = false;
    window.location.assign(`/api/login?${new URLSearchParams({ next }).toString()}`);
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** For the query cache: a query or mutation that failed with the API's 401 starts sign-in again. */
export function handleUnauthorized(error: unknown): void {
  if (isUnauthorizedError(error)) signInAgain();
}

/** Query and mutation defaults of spec 1 §7: never stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The application's single QueryClient. */
export const queryClient = createQueryClient();

/** The HTTP status at the front of an {@link apiRequest} error message, or null for other errors. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** True when the error is the API's 401 (signed out or the session expired). */
export function isUnauthorizedError(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/**
 * The human-readable message of an API error for a toast: the JSON body's `message` field when the
 * body has one, otherwise the body text after the status; `fallback` when there is nothing usable
 * (a network failure, an HTML error page, an empty body).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  const body = (match[2] ?? "").trim();
  if (body.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed !== null && typeof parsed === "object" && "message" in parsed) {
        const message = (parsed as { message: unknown }).message;
        if (typeof message === "string" && message.trim() !== "") return message;
      }
    } catch {
      // Not JSON after all: fall through to the plain-text handling.
    }
    return fallback;
  }
  if (body === "" || body.startsWith("<")) return fallback;
  return body;
}
