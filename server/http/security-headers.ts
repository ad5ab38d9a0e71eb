import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

const stripeScripts = "https://js.stripe.com";

/** The CSP allows our own origin plus exactly what Stripe's payment elements need. */
export const contentSecurityPolicy = {
  "default-src": ["'self'"],
  "script-src": ["'self'", stripeScripts],
  "frame-src": [stripeScripts, "https://hooks.stripe.com"],
  "connect-src": ["'self'", "https://api.stripe.com"],
  "img-src": ["'self'", "data:", "blob:", "https:"],
  // Radix positions popovers and tooltips with inline styles.
  "style-src": ["'self'", "'unsafe-inline'"],
  "font-src": ["'self'", "data:"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "worker-src": ["'self'"],
  "manifest-src": ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Over plain http (local development) HSTS would pin browsers to an https that does not exist.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Matches frame-ancestors 'none' for browsers that only know X-Frame-Options.
    frameguard: { action: "deny" },
    // Stripe's frames are cross-origin and do not send CORP headers.
    crossOriginEmbedderPolicy: false,
  });
}
