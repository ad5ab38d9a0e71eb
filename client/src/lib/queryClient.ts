import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { endpointUrl } from "@common/api/endpoint";
import { toast } from "./use-toast";

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A non-OK answer of the API. Its message is spec 1 §8's `"{status}: {body text or statusText}"`; `body` keeps
 * what the server itself sent ("" for an empty body), so a toast never passes a status text off as the
 * server's message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }
}

/** Turns a non-OK response into an {@link ApiError}. OK responses pass through untouched. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = "";
  try {
    text = await res.text();
  } catch {
    // A body that cannot be read is reported with the status text instead.
  }
  throw new ApiError(res.status, text, res.statusText);
}

export interface ApiRequestOptions {
  /** This call expects 401 as an answer (e.g. "nobody is signed in") rather than as an ended session. */
  expectUnauthorized?: boolean;
  /** A query's signal: TanStack Query aborts the request when nothing needs the answer any more. */
  signal?: AbortSignal;
  /** The request outlives the page (a backup sent as the page goes away), when its body is small enough. */
  keepalive?: boolean;
}

// Browsers refuse a keepalive request whose body (with those still in flight) passes 64 KiB; a larger one is
// sent as an ordinary request, which still arrives unless the page closes first.
const KEEPALIVE_BODY_LIMIT = 60 * 1024;

/**
 * How every call reaches the API (`call` in ./api-client builds the URL and checks the answer): cookies
 * included, `Content-Type: application/json` only when there is a body, and a non-OK response throws (see
 * {@link throwIfResNotOk}). A 401 also says so and starts sign-in again before throwing, for
 * every caller, in or out of the query cache.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, options: ApiRequestOptions = {}): Promise<Response> {
  const hasBody = body !== undefined;
  const text = hasBody ? JSON.stringify(body) : undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { "Content-Type": "application/json" } : {},
    body: text,
    credentials: "include",
    signal: options.signal,
    keepalive: options.keepalive === true && new TextEncoder().encode(text ?? "").byteLength <= KEEPALIVE_BODY_LIMIT,
  });
  if (res.status === 401 && !options.expectUnauthorized) signInAgain();
  await throwIfResNotOk(res);
  return res;
}

/** spec 1 §9: after the 'Unauthorized' toast, sign-in starts 0.5 s later. */
export const UNAUTHORIZED_REDIRECT_MS = 500;
let signingInAgain = false;

/**
 * The session ended (signed out elsewhere, expired): say so and go to sign-in, coming back to this
 * page afterwards. Once, however many calls failed at the same time.
 */
function signInAgain(): void {
  if (signingInAgain) return;
  signingInAgain = true;
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  const next = `${window.location.pathname}${window.location.search}`;
  // Imported here, not at the top: this module is in the entry chunk, and the contract brings zod, which
  // visitors of the landing page never download. It has the half second to arrive.
  const signIn = import("@common/api/accounts").then(
    (accounts) => accounts.signIn,
    () => null,
  );
  window.setTimeout(() => {
    void signIn.then((contract) => {
      signingInAgain = false;
      if (contract) window.location.assign(endpointUrl(contract, { query: { next } }));
      // Its chunk is gone (a new version was deployed): a fresh load finds the new one, signed out.
      else window.location.reload();
    });
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** For the query cache: a query or mutation that failed with the API's 401 starts sign-in again. */
export function handleUnauthorized(error: unknown): void {
  if (isUnauthorizedError(error)) signInAgain();
}

/**
 * Query and mutation defaults of spec 1 §7: never stale, no refetch on focus, no polling, no retries. No default
 * query function: every query names its endpoint (`endpointQuery` in ./api-client).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({ onError: handleUnauthorized }),
    defaultOptions: {
      queries: {
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
 * body has one, otherwise the body's text; `fallback` when there is nothing usable (a network failure,
 * an HTML error page, an empty body, whose status text is no server message: spec 1 §8).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = (error instanceof ApiError ? error.body : (/^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1] ?? "")).trim();
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
