import type { QueryFunctionContext } from "@tanstack/react-query";
import { type Endpoint, type EndpointAnswer, type EndpointInput, type InputOptional, endpointUrl, parseEndpointAnswer } from "@common/api/endpoint";
import { type ApiRequestOptions, apiRequest } from "./queryClient";

export interface CallOptions extends ApiRequestOptions {
  signal?: AbortSignal;
}

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
  const body: unknown = response.status === 204 ? null : await response.json();
  return parseEndpointAnswer(endpoint, response.status, body);
}

/**
 * The query key of an endpoint's answer: its path first, so `invalidateEndpoint` reaches every input
 * of it at once, then the input.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>): readonly unknown[] {
  return input === undefined ? [endpoint.path] : [endpoint.path, input];
}

/** TanStack Query options that fetch an endpoint through {@link call}. */
export function endpointQuery<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: CallArguments<E>
): { queryKey: readonly unknown[]; queryFn: (context: QueryFunctionContext) => Promise<EndpointAnswer<E>> } {
  return {
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, ...([input, { ...options, signal }] as CallArguments<E>)),
  };
}
