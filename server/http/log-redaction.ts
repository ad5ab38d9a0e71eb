import type { FastifyRequest } from "fastify";

/** Query parameters that carry a secret: sign-in tokens and download link signatures. */
const secretParameters = ["token", "signature"];

/** The URL as it may appear in a log: secret query values replaced, everything else kept. */
export function urlForLog(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of secretParameters) {
    if (params.has(name)) {
      params.set(name, "[redacted]");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** pino's request serializer: what Fastify logs for each request, with no secret in the URL. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
