import Fastify, { type FastifyInstance, type FastifySchema } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { DestinationStream } from "pino";
import { pollDeviceAuthorization, startDeviceAuthorization } from "@common/api/device-authorization";
import type { ErrorResponse } from "@common/api/errors";
import { isServerPath } from "@common/server-paths";
import type { Config } from "./config/config";
import type { Database } from "./db/database";
import { databaseErrorSummary, databaseErrorText, errorForLog } from "./db/error-for-log";
import { accountPageRoutes } from "./account-data/routes";
import { keyRotationRoutes } from "./backups/key-rotation-routes";
import { plainLabelRoutes } from "./backups/plain-label-routes";
import { formEncryptionRoutes } from "./encryption/routes";
import { authentication } from "./accounts/authentication";
import { authRoutes } from "./accounts/auth-routes";
import { signupRoutes } from "./accounts/signup-routes";
import { deviceTokenRoutes } from "./devices/device-token-routes";
import { deviceOfToken } from "./devices/device-tokens";
import { adminDailyRoutes } from "./admin/daily-routes";
import { analyticsRoutes } from "./analytics/routes";
import { adminStatsRoutes } from "./admin/stats-routes";
import { contactRoutes } from "./contact/routes";
import { deviceRoutes } from "./devices/routes";
import { enforceTokenScopes } from "./devices/token-scopes";
import { extensionPackageRoutes } from "./downloads/extension-package-routes";
import { downloadRoutes } from "./downloads/routes";
import { eventRoutes } from "./events/routes";
import { healthRoutes } from "./health/routes";
import { housekeeping } from "./housekeeping/housekeeping";
import { drainRefusedBodies } from "./http/refused-body";
import { closeConnectionsOnShutdown } from "./http/close-connections-on-shutdown";
import { registerClientFiles } from "./http/client-files";
import { answerRouterError, registerErrorHandler } from "./http/errors";
import { requestForLog } from "./http/log-redaction";
import { refuseCrossOriginWrites } from "./http/same-origin";
import { registerSecurityHeaders } from "./http/security-headers";
import { libraryOrganiseRoutes } from "./library/organise-routes";
import { libraryRoutes } from "./library/routes";
import { openTabsRoutes } from "./open-tabs/routes";
import { forgetPlainOpenTabs } from "./open-tabs/open-tabs";
import { accountTeamOf } from "./teams/team-membership";
import { teamRoutes } from "./teams/routes";
import { announcementDelivery } from "./announcements/delivery";
import { announcementRoutes } from "./announcements/routes";
import { automationRoutes } from "./automation/routes";
import { teamSharingRoutes } from "./teams/sharing/routes";
import { teamInsightRoutes } from "./teams/insights/routes";
import { teamPolicyRoutes } from "./teams/policy/routes";
import { choosePaymentProvider } from "./payments/choose-provider";
import { adminPaymentRoutes } from "./payments/admin-routes";
import { lapseExpiredPlan } from "./payments/paid-plan";
import { paymentRoutes } from "./payments/routes";
import { stripeWebhookPath, stripeWebhookRoutes } from "./payments/stripe-webhook";
import type { StripeEndpoint } from "./payments/stripe-provider";
import { protectionRoutes } from "./protection/routes";
import { backupRoutes } from "./backups/routes";
import { backupPageRoutes } from "./backups/backup-page-routes";
import { timelineRoutes } from "./backups/timeline-routes";
import { browserBackupRoutes } from "./backups/browser-backup-routes";
import { statusRoutes } from "./status/routes";
import type { Mailer } from "./mail/mailer";
import { rateLimits } from "./rate-limits/rate-limits";
import { appendSystemLog } from "./system-log/append";
import { systemLogRoutes } from "./admin/system-log-routes";

export type AppConfig = Pick<
  Config,
  "publicUrl" | "logLevel" | "trustProxy" | "sessionSecret" | "adminEmails" | "nodeEnv" | "stripe" | "releasesDir" | "standIns"
>;

export interface AppDeps {
  database: Database;
  mailer: Mailer;
  /** Shared counters (rate limits) go to Redis when given, else to the database. */
  redis?: Redis;
  /** Where the Stripe SDK sends requests; tests point it at a local stand-in for api.stripe.com. */
  stripeEndpoint?: StripeEndpoint;
  /** Injectable so later features (expiring links, trials) can be tested with a fake clock. */
  clock?: () => Date;
  /** The built client; nothing is served (API only) when it holds no index.html. */
  clientDir?: string;
  /** The built browser extension (one directory per target); no packages are offered without it. */
  extensionDir?: string;
  /** false silences request logs (tests); a stream receives them instead of stdout. */
  logger?: false | { stream: DestinationStream };
}

/** Limits that keep a slow or hostile client from holding resources. */
export const serverLimits = {
  bodyLimit: 1024 * 1024,
  connectionTimeout: 60_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 72_000,
  maxParamLength: 200,
  maxHeaderSize: 16 * 1024,
};

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? (() => new Date());
  const startedAt = performance.now();
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
              censor: "[redacted]",
            },
            // Sign-in links and download links carry their secret in the query string.
            serializers: { req: requestForLog, err: errorForLog },
            ...(deps.logger ? { stream: deps.logger.stream } : {}),
          },
    trustProxy: trustProxySetting(config.trustProxy),
    bodyLimit: serverLimits.bodyLimit,
    connectionTimeout: serverLimits.connectionTimeout,
    requestTimeout: serverLimits.requestTimeout,
    keepAliveTimeout: serverLimits.keepAliveTimeout,
    routerOptions: { maxParamLength: serverLimits.maxParamLength },
    http: { maxHeaderSize: serverLimits.maxHeaderSize },
    // Shutdown closes idle keep-alive sockets at once and lets in-flight requests finish.
    forceCloseConnections: "idle",
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();

  // The API's own index of routes, for the fuzzer and anything else that must cover every endpoint.
  const routeTable: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeTable.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.decorate("routeTable", routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("clock", clock);
  drainRefusedBodies(app);
  closeConnectionsOnShutdown(app);

  registerErrorHandler(app, (error) => {
    // Never a database error's own words: they repeat the values of its query (decision 134).
    const database = databaseErrorSummary(error);
    const message = database ? databaseErrorText(database) : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    void appendSystemLog(deps.database, "error", `Unhandled error: ${message}`, (failure) =>
      app.log.warn({ err: failure }, "could not write the system log"),
    );
  });

  const https = config.publicUrl.startsWith("https:");
  const db = deps.database;
  await registerSecurityHeaders(app, { https });
  refuseCrossOriginWrites(app, {
    publicUrl: config.publicUrl,
    exemptPaths: [stripeWebhookPath, startDeviceAuthorization.path, pollDeviceAuthorization.path],
  });
  await app.register(rateLimits, { db, clock, redis: deps.redis });
  await app.register(authentication, {
    db,
    clock,
    sessionSecret: config.sessionSecret,
    adminEmails: config.adminEmails,
    secureCookies: https,
    refreshPlan: lapseExpiredPlan,
    teamOf: accountTeamOf,
    deviceOfToken,
  });
  enforceTokenScopes(app);
  await app.register(housekeeping, { db });

  await app.register(healthRoutes, { db, startedAt, now: () => performance.now() });
  await app.register(eventRoutes, { db });
  await app.register(authRoutes, { db, mailer: deps.mailer, publicUrl: config.publicUrl });
  await app.register(signupRoutes, { db, mailer: deps.mailer, publicUrl: config.publicUrl });
  await app.register(deviceTokenRoutes, { db });
  await app.register(deviceRoutes, { db });
  await app.register(backupRoutes, { db });
  await app.register(backupPageRoutes, { db });
  await app.register(timelineRoutes, { db });
  await app.register(protectionRoutes, { db });
  await app.register(browserBackupRoutes, { db });
  await app.register(libraryRoutes, { db });
  await app.register(libraryOrganiseRoutes, { db });
  await app.register(openTabsRoutes, { db });
  await app.register(teamRoutes, { db, mailer: deps.mailer, publicUrl: config.publicUrl });
  await app.register(announcementRoutes, { db });
  await app.register(announcementDelivery, { db, mailer: deps.mailer });
  await app.register(teamSharingRoutes, { db });
  await app.register(teamInsightRoutes, { db });
  await app.register(teamPolicyRoutes, { db });
  await app.register(analyticsRoutes, { db });
  await app.register(formEncryptionRoutes, { db, onSealingTurnedOn: forgetPlainOpenTabs });
  await app.register(keyRotationRoutes, { db });
  await app.register(plainLabelRoutes, { db });
  const payments = choosePaymentProvider(config, deps.stripeEndpoint);
  await app.register(accountPageRoutes, { db, mailer: deps.mailer, publicUrl: config.publicUrl, payments });
  await app.register(paymentRoutes, { db, mailer: deps.mailer, publicUrl: config.publicUrl, payments });
  await app.register(statusRoutes, {
    db,
    mailer: deps.mailer,
    payments,
    releasesDir: config.releasesDir,
    clientDir: deps.clientDir,
    startedAt: clock(),
  });
  if (config.stripe) {
    if (payments.kind !== "stripe") throw new Error("unreachable: Stripe is configured, so Stripe is the provider");
    await app.register(stripeWebhookRoutes, { db, mailer: deps.mailer, publicUrl: config.publicUrl, stripe: config.stripe, provider: payments.provider });
  }
  await app.register(downloadRoutes, { db, releasesDir: config.releasesDir, secret: config.sessionSecret });
  await app.register(extensionPackageRoutes, { db, extensionDir: deps.extensionDir, publicUrl: config.publicUrl, releasesDir: config.releasesDir });
  await app.register(contactRoutes, { db });
  await app.register(systemLogRoutes, { db });
  await app.register(adminPaymentRoutes, { db });
  await app.register(adminDailyRoutes, { db });
  await app.register(adminStatsRoutes, { db });
  // After the download routes: the fuzzer walks routes in this order, and the signed download link it reuses lasts 24 hours.
  await app.register(automationRoutes, { db });

  const spaFallback = deps.clientDir ? await registerClientFiles(app, deps.clientDir) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback && !isServerPath(request.url)) {
      const answered = spaFallback(request, reply);
      if (answered) return answered;
    }
    const body: ErrorResponse = { message: `Not found: ${request.method} ${request.url.split("?")[0]}` };
    return reply.code(404).send(body);
  });

  return app;
}

/** A hop count trusts that many proxies nearest to us, e.g. 1 for a single load balancer. */
function trustProxySetting(trustProxy: boolean | number): boolean | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === "boolean") return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's zod schemas (body, querystring, params, response), when it declared any. */
  schema?: FastifySchema;
}

declare module "fastify" {
  interface FastifyInstance {
    clock: () => Date;
    /** Every route registered, e.g. `{ method: "GET", url: "/api/saved-sessions/:id" }`. */
    routeTable: readonly RouteEntry[];
  }
}
