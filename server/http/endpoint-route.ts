import type { z } from "zod";
import type { Endpoint } from "@common/api/endpoint";

type Declared<S> = S extends z.ZodType ? S : undefined;

/** The route's schema as Fastify and fastify-type-provider-zod read it, taken from the endpoint's contract. */
export interface EndpointRouteSchema<E extends Endpoint> {
  params: Declared<E["params"]>;
  querystring: Declared<E["query"]>;
  body: Declared<E["body"]>;
  response: E["responses"];
}

/**
 * The method, URL and schemas of a route, from its contract in `common/api/`: a domain registers
 * `app.route({ ...endpointRoute(contract), onRequest, handler })`, so the path and the schemas it is
 * validated and serialized with are the ones the web app and the extension call with.
 */
export function endpointRoute<E extends Endpoint>(endpoint: E): { method: E["method"]; url: E["path"]; schema: EndpointRouteSchema<E> } {
  // Undeclared parts are left out (not set to undefined) so walkers of the route table see only what exists.
  const schema: Record<string, unknown> = { response: endpoint.responses };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  return { method: endpoint.method, url: endpoint.path, schema: schema as unknown as EndpointRouteSchema<E> };
}
