import type { QueryFunctionContext } from "@tanstack/react-query";
import { type Endpoint, type EndpointAnswer, type EndpointInput, type InputOptional, endpointUrl, parseEndpointAnswer } from "@common/api/endpoint";
import { type ApiRequestOptions, apiRequest } from "./queryClient";

export type CallOptions = ApiRequestOptions;

/** `call(endpoint)` when the endpoint takes no input, `call(endpoint, input)` otherwise. */
type CallArguments<E extends Endpoint> = InputOptional<E> extends true
  ? [input?: EndpointInput<E>, options?: CallOptions]
  : [input: EndpointInput<E>, options?: CallOptions];

/**
 * The one way the web app calls the API: builds the URL from the endpoint's contract, sends through
 * {@link apiRequest} (cookies, JSON body, a non-OK answer throws "{status}: {body}", a 401 starts
 * sign-in again) and checks the answer against the contract's schema for its status. A mismatch
 * throws an `EndpointAnswerError`; nothing is cast.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArguments<E>): Promise<EndpointAnswer<E>> {
  const response = await apiRequest(endpoint.method, endpointUrl(endpoint, input), input?.body, options);
  return parseEndpointAnswer(endpoint, response.status, await answerBody(response));
}

async function answerBody(response: Response): Promise<unknown> {
  return response.status === 204 ? null : await response.json();
}

/** An endpoint's method and path without its schemas: what the entry chunk may hold (see `entry-endpoints.ts`). */
export type EndpointRoute<E extends Endpoint> = Pick<E, "method" | "path">;

/**
 * {@link call} for the entry chunk, which must not import a contract's module (each brings zod): sends by
 * the route of an endpoint that takes no input, and imports the contract only to check an answer that
 * came, so a call that fails (a visitor's 401) loads nothing more.
 */
export async function callByRoute<E extends Endpoint>(
  route: InputOptional<E> extends true ? EndpointRoute<E> : never,
  loadContract: () => Promise<E>,
  options?: CallOptions,
): Promise<EndpointAnswer<E>> {
  const response = await apiRequest(route.method, route.path, undefined, options);
  const body = await answerBody(response);
  return parseEndpointAnswer(await loadContract(), response.status, body);
}

/**
 * The query key of an endpoint's answer: its path first, so invalidating `endpointKey(endpoint)` reaches
 * every input of it at once, then the input.
 */
export function endpointKey<E extends Endpoint>(endpoint: E | EndpointRoute<E>, input?: EndpointInput<E>): readonly unknown[] {
  return input === undefined ? [endpoint.path] : [endpoint.path, input];
}

/** TanStack Query options that fetch an endpoint through {@link call}, aborted when nothing needs the answer. */
export function endpointQuery<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: CallArguments<E>
): { queryKey: readonly unknown[]; queryFn: (context: QueryFunctionContext) => Promise<EndpointAnswer<E>> } {
  return {
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, ...([input, { ...options, signal }] as CallArguments<E>)),
  };
}
