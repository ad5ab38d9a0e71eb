import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ErrorResponse } from "@common/api/errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export const crossOriginMessage = "Cross-site request refused: this action has to come from the TabVault site itself";

/**
 * CSRF defence for cookie-authenticated requests: a state-changing request made by a browser must
 * come from our own origin. Browsers mark every request with Sec-Fetch-Site and send Origin on
 * every non-GET fetch or form post, so a page elsewhere cannot pass; clients that are not browsers
 * (the Windows and Android apps, curl) send neither and authenticate without cookies anyway.
 * A request with a Bearer token and no Cookie header is exempt too: another site can make a browser
 * send cookies but never an Authorization header (that needs a CORS preflight we never grant), so
 * such a request cannot be forged — and the browser extension's requests carry its own Origin.
 * `exemptPaths` are endpoints that other servers call (the payment provider's webhook) or that act for
 * no account (the device-authorization start and poll, called by the extension).
 */
export function refuseCrossOriginWrites(
  app: FastifyInstance,
  { publicUrl, exemptPaths = [] }: { publicUrl: string; exemptPaths?: readonly string[] },
): void {
  const publicOrigin = new URL(publicUrl).origin;
  const exempt = new Set(exemptPaths);
  app.addHook("onRequest", async (request, reply) => {
    // Every unsafe method, whatever its raw path: the router decodes `/%61pi/…` to `/api/…` and merges
    // slashes, so a test on the raw URL let writes through. Exemptions name the route that matched.
    if (safeMethods.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route !== undefined && exempt.has(route)) return;
    if (request.headers.cookie === undefined && hasBearerToken(request.headers.authorization)) return;
    if (isSameOrigin(request, publicOrigin)) return;
    request.log.warn({ origin: request.headers.origin, referer: request.headers.referer }, "cross-origin write refused");
    return reply.code(403).send({ message: crossOriginMessage } satisfies ErrorResponse);
  });
}

function hasBearerToken(header: string | undefined): boolean {
  return header !== undefined && /^Bearer\s+\S+$/i.test(header.trim());
}

function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return false;

  const claimed = request.headers.origin ?? originOf(request.headers.referer);
  if (claimed === undefined) return true;
  // The request's own host is accepted too: a victim's browser cannot be made to send a Host that
  // differs from the site it is talking to, and this keeps the app usable under another name.
  return claimed === publicOrigin || claimed === `${request.protocol}://${request.host}`;
}

/** The origin of a Referer header; "null" (an opaque origin) when it does not parse. */
function originOf(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
