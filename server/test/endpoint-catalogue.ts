import { afterAll, beforeAll } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { newSecretToken, tokenDigest } from "../accounts/secret-token";
import { accountDeletionTokens } from "../account-data/table";
import { signInTokens, users, userSessions } from "../accounts/table";
import type { StripeConfig } from "../config/config";
import type { Database } from "../db/database";
import { browserBackup, browserSession } from "./backup-payloads";
import { signIn, withSession } from "./sign-in";
import { insertTeam } from "./team";
import { useStripeStandIn } from "./stripe-stand-in";
import { buildTestApp, testAdminEmail } from "./test-app";

/** Stripe settings for the app built with Stripe (its webhook route exists only then). */
export const catalogueStripeConfig: StripeConfig = {
  secretKey: "sk_test_catalogue_secret_key_0123456789",
  publishableKey: "pk_test_catalogue",
  webhookSecret: "whsec_catalogue_webhook_secret_0123456789",
  prices: { basic: "price_basic_test", pro: "price_pro_test", premium: "price_premium_test" },
};

/** The resources of user A that the examples point at, made by `arrangeResources`. */
export interface OwnerResources {
  ownerEmail: string;
  ownerCookie: string;
  /** A device token of A's that stays valid, for requests "as A's Windows or Android app". */
  ownerDeviceToken: string;
  /** A second token of A's, for the example that revokes one. */
  revocableTokenId: string;
  sessionId: string;
  /** The client secret of a sandbox payment A started. */
  clientSecret: string;
  /** A signed download link for A's address: pathname and query. */
  downloadLink: { platform: string; fileName: string; query: Record<string, string> };
  /** A's device (the kept token) whose open tabs are stored. */
  openTabsDeviceId: string;
  /** A backup A's browser uploaded (windows, tabs, groups). */
  browserBackupId: string;
  /** A workflow-automation rule A made while on Premium (A is Pro after: the rule is kept, paused). */
  automationRuleId: string;
  /** Device pairing requests A approved (one to show and approve again, one whose device has yet to collect its token) and one A denied. */
  approvedUserCode: string;
  grantedDeviceCode: string;
  deniedUserCode: string;
  /** A sign-in link of A's, unused; it stays valid for days so every run reaches it in time. */
  signInToken: string;
  /** A second sign-in session of A's (not the one the examples run in), for the example that ends one. */
  otherSignInSessionId: string;
  /** A mailed account-deletion link of A's, valid for days: it is only described, never used. */
  deletionToken: string;
  /** A succeeded sandbox payment (of someone else's address) the admin's example refunds. */
  refundablePaymentId: string;
  /** A backup of A's shared with A's team (A is a member of a Premium team someone else owns; decision 190). */
  sharedBackupId: string;
}

/** One valid request to a route, as parts the fuzzer can mutate one by one. */
export interface ExampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `"METHOD /url/:param"`, as Fastify registered the route. */
export type RouteKey = string;

export const routeKey = (route: { method: string; url: string }): RouteKey => `${route.method} ${route.url}`;

/**
 * A valid example request for every route of the app, against user A's resources. A route added to
 * the app without an example here fails the authorization matrix and the fuzzer, so neither can
 * silently miss it.
 */
export function endpointExamples(a: OwnerResources): Record<RouteKey, ExampleRequest> {
  const owner = a.ownerEmail;
  return {
    "GET /api/health": {},
    "GET /api/ready": {},
    "POST /api/events": { body: { name: "pwa_launch", path: "/dashboard" } },
    "GET /api/login": { query: { email: owner, next: "/dashboard" } },
    "GET /api/auth/callback": { query: { token: "A".repeat(43) } },
    "POST /api/auth/sign-in-link": { body: { token: a.signInToken } },
    "POST /api/auth/callback": { body: { token: a.signInToken } },
    "GET /api/logout": {},
    "POST /api/auth/sign-out-everywhere": {},
    "GET /api/account": {},
    "DELETE /api/account/sessions/:id": { params: { id: a.otherSignInSessionId } },
    "GET /api/account/export": {},
    "GET /api/account/encryption": {},
    // The server cannot tell a real wrapped key from any well-formed one: each caller turns on its own.
    "PUT /api/account/encryption": { body: { key: { salt: "A".repeat(22), iterations: 600_000, wrappedKey: `tv1.${"A".repeat(16)}.${"A".repeat(64)}` } } },
    // Off: later cells still send plain tabs (decision 199); the route's own tests turn it on.
    "PUT /api/account/encryption/tab-locations": { body: { seal: false } },
    // No rotation is under way and `replaces` names no stored key: every signed-in browser gets 409 (decision 239).
    "POST /api/account/encryption/rotation": {
      body: { key: { salt: "A".repeat(22), iterations: 600_000, wrappedKey: `tv1.${"A".repeat(16)}.${"A".repeat(64)}` }, keyId: "B".repeat(22), previousKey: `tv1.${"A".repeat(16)}.${"A".repeat(64)}`, previousKeyId: "C".repeat(22), replaces: "no such key" },
    },
    "GET /api/account/encryption/rotation/contents": {},
    "PUT /api/account/encryption/rotation/contents": { body: { contents: [{ id: 1, sealedLocation: null, formData: {} }] } },
    "GET /api/account/encryption/rotation/labels": {},
    "PUT /api/account/encryption/rotation/labels": { body: { labels: [{ backupId: "00000000-0000-4000-8000-000000000001", kind: "tag", index: 1, sealed: `tv3.${"k".repeat(22)}.${"A".repeat(16)}.${"B".repeat(22)}`, replacesIv: "A".repeat(16) }] } },
    "GET /api/account/encryption/rotation/undo": {},
    "PUT /api/account/encryption/rotation/undo": { body: { labels: [{ at: 1, sealed: `tv3.${"k".repeat(22)}.${"A".repeat(16)}.${"B".repeat(22)}`, replacesIv: "A".repeat(16) }] } },
    "DELETE /api/account/encryption/rotation": {},
    // The catalogue leaves sealing off (above): every caller gets 409 (decision 246); the route's own tests turn it on.
    "GET /api/account/encryption/tab-locations/labels": {},
    "PUT /api/account/encryption/tab-locations/labels": { body: { labels: [{ backupId: "00000000-0000-4000-8000-000000000001", kind: "tag", index: 1, sealed: `tv2.${"A".repeat(16)}.${"B".repeat(22)}`, replaces: "finance" }] } },
    "POST /api/account/deletion-request": {},
    "POST /api/account/deletion-link": { body: { token: a.deletionToken } },
    // A token that names no account: the real one would delete A in the middle of the run.
    "POST /api/account/delete": { body: { token: "A".repeat(43) } },
    "GET /api/auth/user": {},
    "PATCH /api/auth/user": { body: { firstName: "Ann", lastName: "Owner" } },
    "POST /api/capture-email": { body: { email: owner, source: "email_signup_modal" } },
    "POST /api/create-free-account": { body: { email: owner } },
    "POST /api/verify-user": { body: { email: owner } },
    "GET /api/device-tokens": {},
    "POST /api/device-authorizations": { body: { clientName: "Chrome on Linux", platform: "chromium" } },
    "POST /api/device-authorizations/token": { body: { deviceCode: a.grantedDeviceCode } },
    "GET /api/device-authorizations/:userCode": { params: { userCode: a.approvedUserCode } },
    "POST /api/device-authorizations/:userCode/approve": { params: { userCode: a.approvedUserCode } },
    "POST /api/device-authorizations/:userCode/deny": { params: { userCode: a.deniedUserCode } },
    "GET /api/extension/connection": {},
    "POST /api/browser-backups": { body: browserBackup(2, { snapshotId: "6f1c1e2a-4b7d-4c1e-9a57-2f0d3c8b9e10" }) },
    "GET /api/browser-backups/:id": { params: { id: a.browserBackupId } },
    "PUT /api/open-tabs": { body: { capturedAt: 1795420800000, browserType: "chrome", windows: browserBackup(2).windows, groups: [] } },
    "GET /api/open-tabs": {},
    "GET /api/open-tabs/:deviceId": { params: { deviceId: a.openTabsDeviceId } },
    "GET /api/automation/rules": {},
    "POST /api/automation/rules": { body: { kind: "window_close", minTabs: 5, backupName: "Closed window", tag: "work" } },
    "PATCH /api/automation/rules/:id": { params: { id: a.automationRuleId }, body: { enabled: false, backupName: "Closed window (paused)" } },
    "DELETE /api/automation/rules/:id": { params: { id: a.automationRuleId } },
    "POST /api/library/imports": { body: { fileName: "onetab.txt", content: "https://example.com/a | A\nhttps://example.com/b | B\n" } },
    "GET /api/library/backups/:id/export": { params: { id: a.browserBackupId }, query: { format: "onetab" } },
    "GET /api/library/search": { query: { q: "example" } },
    "PATCH /api/library/backups/:id": { params: { id: a.browserBackupId }, body: { addTags: ["work"], note: "for Monday" } },
    "POST /api/library/dedupe": { body: { backupIds: [a.sessionId, a.browserBackupId] } },
    // Merging takes A's two backups away; the undo that follows it puts them back for the routes after.
    "POST /api/library/merges": { body: { backupIds: [a.sessionId, a.browserBackupId], sessionName: "Merged" } },
    "POST /api/library/undo": {},
    "POST /api/device-tokens": { body: { name: "Work laptop" } },
    "DELETE /api/device-tokens/:id": { params: { id: a.revocableTokenId } },
    "GET /api/saved-sessions": {},
    "POST /api/saved-sessions": { body: { sessionName: "Research", browserSession: browserSession(2) } },
    "GET /api/saved-sessions/:id": { params: { id: a.sessionId } },
    "GET /api/saved-sessions/:id/overview": { params: { id: a.sessionId } },
    "GET /api/saved-sessions/:id/tabs": { params: { id: a.sessionId }, query: { offset: "1", limit: "1" } },
    "GET /api/saved-sessions/:id/moments": { params: { id: a.sessionId }, query: { limit: "5" } },
    "GET /api/saved-sessions/:id/changes": { params: { id: a.sessionId }, query: { since: a.browserBackupId } },
    "DELETE /api/saved-sessions/:id": { params: { id: a.sessionId } },
    "POST /api/restore-session/:id": { params: { id: a.sessionId } },
    "POST /api/protection/android-clear-all": { body: { userEmail: owner, browserSession: browserSession(2) } },
    "POST /api/protection/windows-x-button": {
      body: { userEmail: owner, applications: [{ processName: "winword.exe", windowTitle: "Report.docx", isUnsaved: true }] },
    },
    "GET /api/protection/status/:userEmail": { params: { userEmail: owner } },
    "POST /api/protection/restore-session": { body: { userEmail: owner } },
    "POST /api/protection/toggle": { body: { enabled: true } },
    "POST /api/protection/log-blocked": { body: { method: "Ctrl+Shift+W", url: "https://example.com/" } },
    "GET /api/protection/blocked-attempts": {},
    "GET /api/protection/settings": {},
    "PUT /api/protection/settings": { body: { mode: "backup" } },
    "GET /api/user/stats": {},
    "GET /api/user/analytics": { query: { days: "30" } },
    "GET /api/saved-sessions/:id/summary": { params: { id: a.sessionId } },
    "GET /api/user/history-report": {},
    "GET /api/user/history-report.csv": {},
    "POST /api/user/protection-event": { body: { eventType: "manual_backup", description: "Saved before a trip" } },
    "GET /api/payments/config": {},
    "POST /api/create-payment-intent": { body: { amount: 8, planType: "basic", email: owner } },
    // Pro, the plan A already subscribes to: A gets 409, anyone else a new subscription.
    "POST /api/create-subscription": { body: { planType: "pro" } },
    "GET /api/subscription": {},
    "POST /api/subscription/cancel": {},
    "POST /api/sandbox/confirm": {
      body: { clientSecret: a.clientSecret, card: { number: "4000000000000002", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
    // A's sandbox payment, named by the id its client secret carries.
    "POST /api/sandbox/reverse": { body: { paymentId: a.refundablePaymentId, kind: "refunded" } },
    "GET /api/status": {},
    "POST /api/stripe/webhook": {
      body: { id: "evt_1", type: "payment_intent.succeeded", data: { object: { id: "pi_1", metadata: {} } } },
      headers: { "stripe-signature": "t=1795420800,v1=0000" },
    },
    "GET /api/downloads/available": { query: { email: owner } },
    "POST /api/generate-download": { body: { platform: "windows", email: owner } },
    "GET /download/file/:platform/:fileName": {
      params: { platform: a.downloadLink.platform, fileName: a.downloadLink.fileName },
      query: a.downloadLink.query,
    },
    "GET /api/apk-info": {},
    "GET /download/android-apk": {},
    "GET /api/downloads/extensions": {},
    "GET /download/extension/:target": { params: { target: "chromium" } },
    "POST /api/contact": { body: { name: "Ann", email: owner, subject: "Hello", message: "A question about plans." } },
    "GET /api/admin/messages": { query: { limit: "10" } },
    "GET /api/admin/logs": { query: { limit: "10" } },
    "DELETE /api/admin/logs": {},
    "GET /api/admin/payments": { query: { limit: "10" } },
    "GET /api/admin/payments.csv": {},
    "GET /api/admin/daily": {},
    "GET /api/admin/stats": {},
    "POST /api/admin/announcements": { body: { subject: "Prices change in January", body: "Premium becomes $22 a month on 1 January." } },
    "GET /api/admin/announcements": {},
    // Teams: A is a member of a team of someone else's, so A manages nothing in it and the ids below name nobody;
    // server/teams/team-authorization.test.ts holds the matrix of team roles, server/fuzz.test.ts runs them on a real team.
    "GET /api/team": {},
    "POST /api/team": { body: { name: "Acme" } },
    "DELETE /api/team": {},
    "POST /api/team/invitations": { body: { email: "invitee@example.com", role: "member" } },
    "DELETE /api/team/invitations/:id": { params: { id: "00000000-0000-4000-8000-000000000001" } },
    "POST /api/team/invitations/describe": { body: { token: "A".repeat(43) } },
    "POST /api/team/invitations/accept": { body: { token: "A".repeat(43) } },
    "PATCH /api/team/members/:userId": { params: { userId: "00000000-0000-4000-8000-000000000002" }, body: { role: "admin" } },
    "DELETE /api/team/members/:userId": { params: { userId: "00000000-0000-4000-8000-000000000002" } },
    "GET /api/team/members/:userId/devices": { params: { userId: "00000000-0000-4000-8000-000000000002" } },
    "DELETE /api/team/members/:userId/devices/:deviceId": {
      params: { userId: "00000000-0000-4000-8000-000000000002", deviceId: "00000000-0000-4000-8000-000000000003" },
    },
    "GET /api/team/audit-log": {},
    "GET /api/team/shared-sessions": {},
    "POST /api/team/shared-sessions": { body: { sessionId: a.sharedBackupId } },
    "GET /api/team/shared-sessions/:id": { params: { id: a.sharedBackupId } },
    "POST /api/team/shared-sessions/:id/restore": { params: { id: a.sharedBackupId } },
    "DELETE /api/team/shared-sessions/:id": { params: { id: a.sharedBackupId } },
    "GET /api/team/insights": { query: { weeks: "4" } },
    "GET /api/team/insights.csv": { query: { weeks: "12" } },
    "GET /api/team/policy": {},
    "PUT /api/team/policy": { body: { protectionMode: "backup", automaticBackupMinutes: 15, neverCapturedSites: ["bank.example"], formCapture: "off" } },
  };
}

/** The route's URL with its parameters filled in (each encoded) and the query appended. */
export function requestUrl(pattern: string, params: Record<string, string> = {}, query: string | Record<string, string> = {}): string {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The inject options of an example as is. */
export function exampleInjection(route: { method: string; url: string }, example: ExampleRequest): InjectOptions {
  return {
    method: route.method as InjectOptions["method"],
    url: requestUrl(route.url, example.params, example.query),
    ...(example.body === undefined ? {} : { payload: example.body as InjectOptions["payload"] }),
    ...(example.headers ? { headers: example.headers } : {}),
  };
}

/**
 * Signs A, B and the admin in and gives A what the examples act on: a Pro plan (so examples that
 * back up never rotate A's first backup out), a backup, two device tokens, a started payment, an
 * active Pro subscription and a signed download link.
 */
export async function arrangeResources(
  app: FastifyInstance,
  mailDir: string,
  db: Database,
  ownerEmail: string,
): Promise<OwnerResources & { otherCookie: string; adminCookie: string; otherEmail: string }> {
  const otherEmail = `other-${ownerEmail}`;
  const ownerCookie = (await signIn(app, mailDir, ownerEmail)).cookie;
  const otherCookie = (await signIn(app, mailDir, otherEmail)).cookie;
  const adminCookie = (await signIn(app, mailDir, testAdminEmail)).cookie;
  // A second browser of A's, for the example that ends a session (the newest of A's sessions below).
  await signIn(app, mailDir, ownerEmail);
  const asOwner = withSession(ownerCookie);
  const expectStatus = async (options: InjectOptions, status: number) => {
    const response = await app.inject({ ...options, ...asOwner });
    if (response.statusCode !== status) throw new Error(`${options.method} ${options.url} answered ${response.statusCode}: ${response.body}`);
    return response.json() as Record<string, unknown>;
  };
  // A rule made on Premium, kept when A is on Pro (what every other example expects A to be).
  await db.update(users).set({ planType: "premium" }).where(eq(users.email, ownerEmail));
  const rule = await expectStatus({ method: "POST", url: "/api/automation/rules", payload: { kind: "daily", time: "18:00", backupName: "End of day", tag: "daily" } }, 201);
  await db.update(users).set({ planType: "pro" }).where(eq(users.email, ownerEmail));
  const backup = await expectStatus(
    { method: "POST", url: "/api/protection/android-clear-all", payload: { userEmail: ownerEmail, browserSession: browserSession(3) } },
    201,
  );
  const kept = await expectStatus({ method: "POST", url: "/api/device-tokens", payload: { name: "A's phone" } }, 201);
  const revocable = await expectStatus({ method: "POST", url: "/api/device-tokens", payload: { name: "A's old laptop" } }, 201);
  const payment = await expectStatus(
    { method: "POST", url: "/api/create-payment-intent", payload: { amount: 14, planType: "pro", email: ownerEmail } },
    200,
  );
  // A Pro subscription paid in the sandbox: A has one to cancel (and cannot start a second).
  const subscription = await expectStatus({ method: "POST", url: "/api/create-subscription", payload: { planType: "pro" } }, 200);
  const paid = await expectStatus(
    {
      method: "POST",
      url: "/api/sandbox/confirm",
      payload: { clientSecret: subscription.clientSecret, card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
    200,
  );
  if (paid.status !== "succeeded") throw new Error(`the sandbox did not take A's subscription: ${JSON.stringify(paid)}`);
  // A month of Basic bought for another address, for the admin to refund.
  const refundable = await expectStatus(
    { method: "POST", url: "/api/create-payment-intent", payload: { amount: 8, planType: "basic", email: `refundable-${ownerEmail}` } },
    200,
  );
  await expectStatus(
    {
      method: "POST",
      url: "/api/sandbox/confirm",
      payload: { clientSecret: refundable.clientSecret, card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" } },
    },
    200,
  );
  const download = await expectStatus(
    { method: "POST", url: "/api/generate-download", payload: { platform: "windows", email: ownerEmail } },
    200,
  );
  const uploaded = await expectStatus({ method: "POST", url: "/api/browser-backups", payload: browserBackup(3) }, 201);
  // A is a member of a Premium team owned by someone else, and shares a backup of its own with it.
  const teamOwnerEmail = `team-owner-${ownerEmail}`;
  await signIn(app, mailDir, teamOwnerEmail);
  await insertTeam(db, "A's team", [{ email: teamOwnerEmail, role: "owner" }, { email: ownerEmail, role: "member" }], app.clock());
  const toShare = await expectStatus({ method: "POST", url: "/api/saved-sessions", payload: { sessionName: "For the team", browserSession: browserSession(2) } }, 201);
  await expectStatus({ method: "POST", url: "/api/team/shared-sessions", payload: { sessionId: toShare.sessionId } }, 201);
  const keptToken = { headers: { authorization: `Bearer ${String(kept.token)}` } };
  const pushed = await app.inject({ method: "PUT", url: "/api/open-tabs", payload: { capturedAt: 1795420700000, windows: browserBackup(3).windows }, ...keptToken });
  if (pushed.statusCode !== 200) throw new Error(`PUT /api/open-tabs answered ${pushed.statusCode}: ${pushed.body}`);
  const pairing = async (decision: "approve" | "deny") => {
    const started = await app.inject({ method: "POST", url: "/api/device-authorizations", payload: { clientName: "Chrome on Linux", platform: "chromium" } });
    const { userCode, deviceCode } = started.json<{ userCode: string; deviceCode: string }>();
    await expectStatus({ method: "POST", url: `/api/device-authorizations/${userCode}/${decision}` }, 200);
    return { userCode, deviceCode };
  };
  const approved = await pairing("approve");
  const granted = await pairing("approve");
  const denied = await pairing("deny");
  const link = new URL(String(download.downloadUrl), "http://localhost");
  const signInToken = newSecretToken();
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
  await db
    .insert(signInTokens)
    .values({ tokenHash: tokenDigest(signInToken), userId: owner!.id, nextPath: null, createdAt: app.clock(), expiresAt: new Date(app.clock().getTime() + 30 * 24 * 60 * 60_000) });
  const [, , , platform, fileName] = link.pathname.split("/");
  const [secondSignInSession] = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.userId, owner!.id))
    .orderBy(desc(userSessions.createdAt))
    .limit(1);
  const deletionToken = newSecretToken();
  await db
    .insert(accountDeletionTokens)
    .values({ tokenHash: tokenDigest(deletionToken), userId: owner!.id, createdAt: app.clock(), expiresAt: new Date(app.clock().getTime() + 30 * 24 * 60 * 60_000) });
  return {
    ownerEmail,
    ownerCookie,
    otherCookie,
    otherEmail,
    adminCookie,
    ownerDeviceToken: String(kept.token),
    revocableTokenId: String((revocable.deviceToken as { id: string }).id),
    sessionId: String(backup.sessionId),
    clientSecret: String(payment.clientSecret),
    browserBackupId: String(uploaded.backupId),
    automationRuleId: String(rule.id),
    openTabsDeviceId: String((kept.deviceToken as { id: string }).id),
    approvedUserCode: approved.userCode,
    grantedDeviceCode: granted.deviceCode,
    deniedUserCode: denied.userCode,
    signInToken,
    otherSignInSessionId: secondSignInSession?.id ?? "",
    deletionToken,
    refundablePaymentId: String(refundable.paymentId),
    sharedBackupId: String(toShare.sessionId),
    downloadLink: {
      platform: platform ?? "",
      fileName: decodeURIComponent(fileName ?? ""),
      query: Object.fromEntries(link.searchParams),
    },
  };
}

/**
 * A second app on the test app's database, built with Stripe configured against a local stand-in:
 * the same people are signed in on both, and its route table has the routes only Stripe brings (the
 * webhook). Call inside a describe after useTestApp; read `.app` inside tests.
 */
export function useAppWithStripe(server: { readonly database: { db: Database } }, clock: () => Date): { readonly app: FastifyInstance } {
  const { endpoint } = useStripeStandIn();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp({ database: server.database.db, stripeEndpoint: endpoint, clock }, { stripe: catalogueStripeConfig });
  });
  afterAll(() => app?.close());
  return {
    get app() {
      if (!app) throw new Error("useAppWithStripe: the app is built in beforeAll; use it inside a test");
      return app;
    },
  };
}
